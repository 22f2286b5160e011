package org.merrills.retro;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs units of work 0..n-1 on a fixed set of workers, one thread each, the calling thread being
 * worker 0; units are handed out one at a time, so a slow unit does not hold the others back. A
 * failure in any thread stops the handing out and is rethrown on the caller once every thread
 * has stopped. Each worker is the caller's object with that thread's buffers.
 *
 * <p>The other workers run on {@link #HELPERS}, threads kept for {@link #KEEP_ALIVE_SECONDS}
 * after their last call, not on threads started for the call: a pair's propagation makes one
 * call per level (the standard game: 3,298 levels over its 28 pairs), many of them a few
 * milliseconds of work, and starting a thread costs about 0.1 to 0.2 ms here, on the calling
 * thread, one after another. Measured on this 2-core machine (2026-12-05), calls of four units
 * per worker that do nothing, three runs of 2,000 calls each (300 with 64 workers): two workers
 * 0.24 to 0.33 ms per call with threads started per call, 0.034 to 0.039 ms with this pool;
 * eight workers 1.37 to 1.50 ms against 0.08 to 0.12 ms; 64 workers 10.1 to 10.8 ms against
 * 0.56 to 0.84 ms, which over the standard game's levels is 34 s against 2 s of the calling
 * thread's time.
 */
final class WorkerPool {
    /** How long a helper thread waits for its next call before it ends. */
    static final int KEEP_ALIVE_SECONDS = 30;

    private static final AtomicInteger NAMES = new AtomicInteger();

    /**
     * The helper threads of every call, shared by all solvers and verifiers of the process:
     * a call takes idle ones and starts more only if it needs more than are idle. Daemon
     * threads, so an idle pool never keeps the process alive.
     */
    private static final ThreadPoolExecutor HELPERS = new ThreadPoolExecutor(
        0, Integer.MAX_VALUE, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "merrills-worker-" + NAMES.incrementAndGet());
            t.setDaemon(true);
            return t;
        });

    private WorkerPool() {
    }

    /** The work of one unit, given the worker that runs it. */
    interface Body<W> {
        void run(W worker, int unit);
    }

    /**
     * Runs {@code body} over units {@code 0..units-1} with every worker of {@code workers};
     * {@code afterUnit} runs on the calling thread after each unit it ran (progress reports).
     */
    static <W> void run(W[] workers, int units, Body<W> body, Runnable afterUnit) {
        run(HELPERS, workers, units, body, afterUnit);
    }

    /**
     * {@link #run(Object[], int, Body, Runnable)} with the helpers started on {@code helperThreads},
     * so that a test can refuse a thread, as a machine out of threads would.
     */
    static <W> void run(Executor helperThreads, W[] workers, int units, Body<W> body, Runnable afterUnit) {
        AtomicInteger next = new AtomicInteger();
        Throwable[] failure = new Throwable[1];
        // No helper for work that one thread takes in one unit.
        int helpers = Math.max(0, Math.min(workers.length, units) - 1);
        CountDownLatch stopped = new CountDownLatch(helpers);
        int started = 0;
        try {
            for (; started < helpers; started++) {
                W w = workers[started + 1];
                helperThreads.execute(() -> {
                    try {
                        for (int u; (u = next.getAndIncrement()) < units; ) {
                            body.run(w, u);
                        }
                    } catch (Throwable e) {
                        synchronized (failure) {
                            if (failure[0] == null) {
                                failure[0] = e;
                            }
                        }
                        next.set(units);
                    } finally {
                        stopped.countDown();
                    }
                });
            }
            for (int u; (u = next.getAndIncrement()) < units; ) {
                body.run(workers[0], u);
                afterUnit.run();
            }
        } catch (RuntimeException | Error e) {
            // the caller's unit failed, or a helper could not be started (no thread left)
            next.set(units);
            for (int t = started; t < helpers; t++) {
                stopped.countDown();
            }
            awaitAll(stopped);
            throw e;
        }
        awaitAll(stopped);
        synchronized (failure) {
            if (failure[0] instanceof RuntimeException r) {
                throw r;
            }
            if (failure[0] instanceof Error e) {
                throw e;
            }
            if (failure[0] != null) {
                throw new IllegalStateException(failure[0]);
            }
        }
    }

    /** Waits for every helper of a call to stop, even if interrupted (then re-asserts the interrupt). */
    private static void awaitAll(CountDownLatch stopped) {
        boolean interrupted = false;
        while (true) {
            try {
                stopped.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
