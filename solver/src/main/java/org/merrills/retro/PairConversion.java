package org.merrills.retro;

import java.util.Arrays;
import org.merrills.db.Value;
import org.merrills.index.SectorIndex;

/**
 * The end of a pair's solve ({@link PairSolver}): a half's state, laid out by the swapped board's
 * index ({@link PairHalf}), becomes a result in the sector's own index order.
 *
 * <p>The result starts as all draws (its holes marked, by unranking it in its own order only
 * where the index has holes). Then the state is walked in its order, round by round, and each
 * decided word is ranked in the sector's index and held in the bucket of its slot of the result,
 * then written a bucket at a time ({@link SlotBuckets}), where writing each word at random over
 * the result (1.2 GB for 8-8-0-0) cost 40 s of the pair's 220 on two threads. Only decided words
 * move: from a sixth (6-6-0-0) to nine tenths (9-8-0-0) of the positions of the standard game's
 * pairs. The half's state is dropped after, so that at most one result and the states exist at
 * once.
 */
final class PairConversion {
    /** Per thread: the positions of the unit in hand, and the writes it found in the round in hand. */
    private static final class Worker {
        final long[] positions = new long[SolverThreads.UNIT];
        SlotBuckets held;
    }

    private final SolverThreads threads;
    private final Worker[] workers;
    private final int bucketBits;
    private final long roundTargets;

    /** In buckets of {@code 2^bucketBits} slots and rounds of about {@code roundTargets} words. */
    PairConversion(SolverThreads threads, int bucketBits, long roundTargets) {
        this.threads = threads;
        this.workers = threads.workers(Worker[]::new, Worker::new);
        this.bucketBits = bucketBits;
        this.roundTargets = roundTargets;
    }

    /** The final values of {@code h}'s state, in its sector's own index order; releases the state. */
    SolvedSector convert(PairHalf h) {
        SolvedSector out = new SolvedSector(h.sector, h.index.size());
        long size = h.index.size();
        threads.parallel(workers, SolverThreads.units(size), (w, unit) -> {
            long from = (long) unit << SolverThreads.UNIT_BITS;
            int n = (int) Math.min(SolverThreads.UNIT, size - from);
            short[] values = out.chunk((int) (from >>> SolvedSector.CHUNK_BITS));
            int at = (int) (from & (SolvedSector.CHUNK - 1));
            if (!h.index.hasHoles()) {
                Arrays.fill(values, at, at + n, (short) Value.DRAW);
                return;
            }
            h.index.unrankRange(from, n, w.positions);
            for (int k = 0; k < n; k++) {
                values[at + k] = w.positions[k] == SectorIndex.HOLE ? SolvedSector.HOLE : (short) Value.DRAW;
            }
        });
        SlotBuckets[] held = new SlotBuckets[workers.length];
        for (int t = 0; t < workers.length; t++) {
            held[t] = workers[t].held = new SlotBuckets(bucketBits, size, roundTargets, workers.length);
        }
        StateArray st = h.state;
        int perRound = (int) Math.max(1, Math.min(h.units, roundTargets / SolverThreads.UNIT));
        for (int first = 0; first < h.units; first += perRound) {
            final int firstUnit = first;
            threads.parallel(workers, Math.min(perRound, h.units - first), (w, u) -> {
                long from = (long) (firstUnit + u) << SolverThreads.UNIT_BITS;
                int n = (int) Math.min(SolverThreads.UNIT, st.size() - from);
                h.swapped.unrankRange(from, n, w.positions);
                for (int k = 0; k < n; k++) {
                    int word = st.get(from + k);
                    if (word >= 0) {
                        if (word > Short.MAX_VALUE) {
                            throw new IllegalStateException("sector " + h.sector + ": distance " + word + " does not fit the in-memory result");
                        }
                        long packed = w.positions[k];
                        w.held.hold(h.index.rank(SectorIndex.enemyOf(packed), SectorIndex.ownOf(packed)), word);
                    }
                }
            });
            SlotBuckets.apply(threads, workers, held, out);
        }
        for (Worker w : workers) {
            w.held = null;
        }
        for (int c = 0; c < st.chunks(); c++) {
            st.release(c);
        }
        return out.tally();
    }
}
