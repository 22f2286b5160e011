package org.merrills.retro;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The threads and the progress count the placing and the pair solver share, so that both split
 * their work the same way and report to the one hook {@link SectorSolver#onProgress} sets: work
 * goes out in units of {@link #UNIT} slots over {@link WorkerPool}, each solver with its own
 * per-thread workers (its buffers), and the units count what they did into one counter that the
 * calling thread reports after each of its units.
 */
final class SolverThreads {
    /** Positions per unit of work handed to a thread. */
    static final int UNIT_BITS = 14;
    static final int UNIT = 1 << UNIT_BITS;

    private final int threads;
    private final AtomicLong done = new AtomicLong();
    private volatile LongConsumer progress = p -> { };
    private volatile Consumer<PairPhases> phases = p -> { };
    /** Whether {@link #done} counts two events per position (a pair: seeded, then decided). */
    private boolean halveProgress;

    SolverThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    int count() {
        return threads;
    }

    /** See {@link SectorSolver#onProgress}. */
    void onProgress(LongConsumer progress) {
        this.progress = progress == null ? p -> { } : progress;
    }

    /** See {@link SectorSolver#onPairPhases}. */
    void onPairPhases(Consumer<PairPhases> phases) {
        this.phases = phases == null ? p -> { } : phases;
    }

    /** Reports where a pair's solve spent its time, at its end. */
    void reportPhases(PairPhases p) {
        phases.accept(p);
    }

    /** One worker per thread, made by {@code make}. */
    <W> W[] workers(IntFunction<W[]> array, Supplier<W> make) {
        W[] workers = array.apply(threads);
        for (int t = 0; t < threads; t++) {
            workers[t] = make.get();
        }
        return workers;
    }

    /** The units of {@link #UNIT} slots that cover {@code size} slots. */
    static int units(long size) {
        long u = (size + UNIT - 1) / UNIT;
        if (u > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sector of " + size + " slots is too large");
        }
        return (int) u;
    }

    /**
     * Starts the count of a new sector or pair at 0 and reports it; a pair ({@code pair}) counts
     * two events per position, and is reported at half its count.
     */
    void startProgress(boolean pair) {
        halveProgress = pair;
        done.set(0);
        progress.accept(0);
    }

    /** Counts {@code events} more done; any thread. */
    void done(long events) {
        done.addAndGet(events);
    }

    /** Reports {@code positions} done, at the end of a solve. */
    void report(long positions) {
        progress.accept(positions);
    }

    /** Runs {@code body} over units 0..units-1 with every worker; the calling thread is worker 0 and reports progress. */
    <W> void parallel(W[] workers, int units, WorkerPool.Body<W> body) {
        LongConsumer hook = progress;
        WorkerPool.run(workers, units, body, () -> hook.accept(halveProgress ? done.get() / 2 : done.get()));
    }
}
