package org.merrills.retro;

import java.util.Arrays;

/**
 * One worker's writes into a {@link SolvedSector} at scattered slots, held by the bucket of
 * {@code 2^bits} slots that each falls in and written later a bucket at a time, every worker's
 * share of a bucket by one worker. Both solvers make their results this way where the order
 * they work in is not the result's: the pair solver converting a state laid out by enemy men,
 * the placing solver walking its positions by enemy men while the result runs by own men. A
 * write at random over a result of a gigabyte misses the caches and the TLB each time; the
 * writes of one bucket land in a few megabytes that they hold.
 *
 * <p>Measured, two threads, alone with its dependencies from the standard database, files
 * byte-identical (2026-12-04): the placing sector 8-8-1-0 (5.9 x 10^8 positions) took 76.2 and
 * 104.2 s with each value written as it was found, 59.1 and 50.2 s through buckets, and 53.2 s
 * with the same ranks computed and nothing written. Writing the pair 8-8-0-0's result at random
 * had cost 40 s of the pair's 220 (2026-12-02).
 *
 * <p>A round holds about {@link #ROUND_WRITES} writes over all workers (6 bytes each), then
 * {@link #apply} writes them; a buffer that one round's skew grew past twice its share is
 * dropped once written, so that the buffers stay near one round's size.
 */
final class SlotBuckets {
    /**
     * The slots of a bucket: 2^22 (8 MiB of result, four 2 MiB pages), the size the pair
     * solver's propagation chose when its updates went by buckets of state words (7-7-0-0, two
     * threads, 2026-12-02: 2^16 slots 170.6 s, 2^19 159.0 and 160.6 s, 2^22 153.2 s; none 168.2 s).
     */
    static final int BUCKET_BITS = 22;
    /** About how many writes a round holds before they are applied: 6 bytes each, about 100 MB. */
    static final long ROUND_WRITES = 1L << 24;

    private final int bits;
    private final long mask;
    private final int[][] offsets;
    private final short[][] values;
    private final int[] fill;
    private final int keep;

    /**
     * Buffers for a result of {@code slots} slots in buckets of {@code 2^bits}, for one of
     * {@code workers} workers sharing rounds of about {@code roundWrites} writes.
     */
    SlotBuckets(int bits, long slots, long roundWrites, int workers) {
        checkShape(bits, roundWrites);
        this.bits = bits;
        this.mask = (1L << bits) - 1;
        int n = count(bits, slots);
        offsets = new int[n][];
        values = new short[n][];
        fill = new int[n];
        keep = (int) Math.max(1024, Math.min(Integer.MAX_VALUE / 2, 2 * roundWrites / ((long) Math.max(1, n) * workers)));
    }

    /**
     * Refuses buckets and rounds that cannot work: a solver calls this when it is made, so that
     * a wrong shape fails there rather than in its first solve.
     */
    static void checkShape(int bits, long roundWrites) {
        if (bits < 0 || bits > 30 || roundWrites < 1) {
            throw new IllegalArgumentException("buckets of 2^" + bits + " slots, rounds of " + roundWrites + " writes");
        }
    }

    /** The buckets of {@code 2^bits} slots that cover {@code slots} slots. */
    static int count(int bits, long slots) {
        long n = (slots + (1L << bits) - 1) >>> bits;
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(slots + " slots make too many buckets of 2^" + bits);
        }
        return (int) n;
    }

    int buckets() {
        return fill.length;
    }

    /** Holds the write of {@code value} (a {@link SolvedSector} value, which fits a short) at {@code slot}. */
    void hold(long slot, int value) {
        int bucket = (int) (slot >>> bits);
        int n = fill[bucket];
        int[] at = offsets[bucket];
        if (at == null || n == at.length) {
            int size = at == null ? 64 : n + (n >> 1);
            offsets[bucket] = at = at == null ? new int[size] : Arrays.copyOf(at, size);
            values[bucket] = values[bucket] == null ? new short[size] : Arrays.copyOf(values[bucket], size);
        }
        at[n] = (int) (slot & mask);
        values[bucket][n] = (short) value;
        fill[bucket] = n + 1;
    }

    /** Writes what this worker holds for {@code bucket} into {@code out} and empties it. */
    private void writeInto(SolvedSector out, int bucket) {
        int n = fill[bucket];
        int[] at = offsets[bucket];
        short[] v = values[bucket];
        long base = (long) bucket << bits;
        for (int k = 0; k < n; k++) {
            out.set(base + at[k], v[k]);
        }
        fill[bucket] = 0;
        if (at != null && at.length > keep) {
            offsets[bucket] = null;
            values[bucket] = null;
        }
    }

    /** Writes every worker's held writes into {@code out}, each bucket by one worker. */
    static <W> void apply(SolverThreads threads, W[] workers, SlotBuckets[] held, SolvedSector out) {
        threads.parallel(workers, held[0].buckets(), (w, bucket) -> {
            for (SlotBuckets h : held) {
                h.writeInto(out, bucket);
            }
        });
    }
}
