package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WorkerPoolTest {
    /** A worker that notices being run by two threads at once. */
    static final class Worker {
        final AtomicInteger inside = new AtomicInteger();
        volatile boolean overlapped;
    }

    private static Worker[] workers(int n) {
        Worker[] w = new Worker[n];
        for (int i = 0; i < n; i++) {
            w[i] = new Worker();
        }
        return w;
    }

    @Test
    void everyUnitRunsOnceAndNoWorkerRunsOnTwoThreadsAtOnce() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int workers : new int[] {1, 2, 3, 8, 64}) {
            Worker[] w = workers(workers);
            for (int call = 0; call < 40; call++) {
                int units = rnd.nextInt(0, 200);
                AtomicIntegerArray runs = new AtomicIntegerArray(units);
                AtomicInteger afterUnits = new AtomicInteger();
                WorkerPool.run(w, units, (worker, unit) -> {
                    if (worker.inside.incrementAndGet() != 1) {
                        worker.overlapped = true;
                    }
                    runs.incrementAndGet(unit);
                    Thread.onSpinWait();
                    worker.inside.decrementAndGet();
                }, afterUnits::incrementAndGet);
                for (int u = 0; u < units; u++) {
                    assertEquals(1, runs.get(u), workers + " workers, unit " + u + " of " + units);
                }
                assertTrue(afterUnits.get() <= units);
            }
            for (Worker worker : w) {
                assertTrue(!worker.overlapped, workers + " workers: a worker ran on two threads at once");
            }
        }
    }

    @Test
    void threadsAreKeptBetweenCalls() {
        Worker[] w = workers(4);
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        for (int call = 0; call < 500; call++) {
            WorkerPool.run(w, 64, (worker, unit) -> seen.add(Thread.currentThread()), () -> { });
        }
        // Starting threads per call would have used up to 3 x 500 helpers; a race between a
        // helper going idle and the next call may start a few more than 3, never hundreds.
        assertTrue(seen.size() <= 1 + 3 * 4, seen.size() + " threads ran 500 calls of four workers");
    }

    @Test
    void aHelpersFailureReachesTheCallerAndThePoolGoesOn() {
        Worker[] w = workers(4);
        IllegalStateException boom = new IllegalStateException("boom");
        Thread caller = Thread.currentThread();
        AtomicInteger ran = new AtomicInteger();
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> WorkerPool.run(w, 10_000, (worker, unit) -> {
            ran.incrementAndGet();
            if (Thread.currentThread() != caller) {
                throw boom;
            }
            pause(1); // the caller is slow, so that the helpers fail before it runs out of units
        }, () -> { }));
        assertSame(boom, thrown);
        assertTrue(ran.get() < 10_000, "the failure stopped the handing out");
        AtomicInteger after = new AtomicInteger();
        WorkerPool.run(w, 100, (worker, unit) -> after.incrementAndGet(), () -> { });
        assertEquals(100, after.get());
    }

    @Test
    void theCallersFailureWaitsForTheHelpersToStop() {
        Worker[] w = workers(3);
        AtomicInteger running = new AtomicInteger();
        Thread caller = Thread.currentThread();
        Error boom = new AssertionError("boom");
        Error thrown = assertThrows(Error.class, () -> WorkerPool.run(w, 1_000_000, (worker, unit) -> {
            running.incrementAndGet();
            try {
                if (Thread.currentThread() == caller) {
                    // fail while a helper is inside a unit, so that returning at once would leave it running
                    spinUntil(() -> running.get() >= 2);
                    throw boom;
                }
                pause(1);
            } finally {
                running.decrementAndGet();
            }
        }, () -> { }));
        assertSame(boom, thrown);
        assertEquals(0, running.get(), "a helper still ran a unit after the call ended");
    }

    @Test
    // A latch left counting the helper that never started would wait for ever, deaf to the
    // interrupt of a timeout on the test's own thread: the test runs on a thread of its own.
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aHelperThatCannotBeStartedFailsTheCallAfterTheStartedOnesStop() {
        Worker[] w = workers(4);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger ran = new AtomicInteger();
        AtomicInteger offered = new AtomicInteger();
        OutOfMemoryError noThread = new OutOfMemoryError("unable to create native thread");
        // The first helper starts, and is inside a unit (50 ms long) when the second finds no
        // thread left: a call that returned at once would leave it running.
        Executor oneThread = task -> {
            if (offered.incrementAndGet() > 1) {
                throw noThread;
            }
            new Thread(task, "the one helper").start();
            spinUntil(() -> running.get() > 0);
        };
        Error thrown = assertThrows(Error.class, () -> WorkerPool.run(oneThread, w, 1_000_000, (worker, unit) -> {
            running.incrementAndGet();
            ran.incrementAndGet();
            try {
                pause(50);
            } finally {
                running.decrementAndGet();
            }
        }, () -> { }));
        assertSame(noThread, thrown);
        assertEquals(2, offered.get(), "no helper is offered after one could not start");
        assertEquals(0, running.get(), "the started helper still ran a unit after the call ended");
        int atReturn = ran.get();
        pause(20);
        assertEquals(atReturn, ran.get(), "units ran after the call ended");
        assertTrue(atReturn < 1_000_000, "the failure stopped the handing out");
    }

    /** Sleeps; an interrupt ends the sleep and stays set on the thread. */
    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until {@code done} holds, or five seconds have passed (then the test's own checks fail). */
    private static void spinUntil(BooleanSupplier done) {
        long giveUp = System.nanoTime() + 5_000_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < giveUp) {
            Thread.onSpinWait();
        }
    }
}
