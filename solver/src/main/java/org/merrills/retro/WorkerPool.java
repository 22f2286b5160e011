package org.merrills.retro;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs units of work 0..n-1 on a fixed set of workers, one thread each, the calling thread being
 * worker 0; units are handed out one at a time, so a slow unit does not hold the others back. A
 * failure in any thread stops the handing out and is rethrown on the caller once every thread
 * has stopped. Each worker is the caller's object with that thread's buffers.
 */
final class WorkerPool {
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
        AtomicInteger next = new AtomicInteger();
        Throwable[] failure = new Throwable[1];
        Thread[] helpers = new Thread[workers.length - 1];
        for (int t = 1; t < workers.length; t++) {
            W w = workers[t];
            helpers[t - 1] = new Thread(() -> {
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
                }
            }, "merrills-worker-" + t);
            helpers[t - 1].start();
        }
        try {
            for (int u; (u = next.getAndIncrement()) < units; ) {
                body.run(workers[0], u);
                afterUnit.run();
            }
        } catch (RuntimeException | Error e) {
            next.set(units);
            joinAll(helpers);
            throw e;
        }
        joinAll(helpers);
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

    private static void joinAll(Thread[] helpers) {
        boolean interrupted = false;
        for (Thread t : helpers) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
