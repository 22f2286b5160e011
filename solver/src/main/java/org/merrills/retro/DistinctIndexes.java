package org.merrills.retro;

import java.util.Arrays;

/**
 * The distinct values of a short run of indexes, in the order they first appear, for one thread.
 * The pair solver counts each position's distinct in-pair children and must decrement each
 * distinct predecessor exactly once, so it deduplicates at every position it seeds or expands:
 * that must cost next to nothing. The usual few are compared pairwise; the many of a flying
 * position go through a small open-addressing set that is emptied by bumping a stamp, not by
 * clearing it.
 */
final class DistinctIndexes {
    /** Up to this many indexes, deduplicating by a linear scan beats hashing. */
    static final int LINEAR_DEDUPE = 24;
    static final int SET_BITS = 10;
    static final int SET_SIZE = 1 << SET_BITS;

    private final long[] seen;
    /** Per distinct value, where in the input it first appeared. */
    private final int[] firstAt;
    private final long[] keys = new long[SET_SIZE];
    private final int[] stamps = new int[SET_SIZE];
    private int stamp = 1;

    /** Room for up to {@code capacity} indexes a run (at most {@link #SET_SIZE} distinct ones). */
    DistinctIndexes(int capacity) {
        seen = new long[capacity];
        firstAt = new int[capacity];
    }

    /** The distinct values the last {@link #of} found, in {@code [0, count)}. */
    long[] values() {
        return seen;
    }

    /**
     * Per distinct value of the last {@link #of}, the position in its input where it first
     * appeared: for a caller that keeps something else beside each index.
     */
    int[] firstAt() {
        return firstAt;
    }

    /**
     * Moves the distinct values of {@code indexes[0..n-1]} into {@link #values} and returns how
     * many there are: a linear scan for the usual few, the hashed set for many (flying).
     */
    int of(long[] indexes, int n) {
        int count = 0;
        if (n <= LINEAR_DEDUPE) {
            next:
            for (int k = 0; k < n; k++) {
                long r = indexes[k];
                for (int j = 0; j < count; j++) {
                    if (seen[j] == r) {
                        continue next;
                    }
                }
                firstAt[count] = k;
                seen[count++] = r;
            }
            return count;
        }
        clear();
        for (int k = 0; k < n; k++) {
            count = add(indexes[k], k, count);
        }
        return count;
    }

    /**
     * Adds {@code r} to {@link #seen} unless there already, with a small open-addressing set
     * whose slots are invalidated by bumping {@link #stamp} (call {@link #clear} first).
     */
    private int add(long r, int at, int count) {
        int slot = (int) ((r * 0x9E3779B97F4A7C15L) >>> (64 - SET_BITS));
        while (stamps[slot] == stamp) {
            if (keys[slot] == r) {
                return count;
            }
            slot = (slot + 1) & (SET_SIZE - 1);
        }
        stamps[slot] = stamp;
        keys[slot] = r;
        seen[count] = r;
        firstAt[count] = at;
        return count + 1;
    }

    private void clear() {
        if (++stamp == 0) {
            Arrays.fill(stamps, 0);
            stamp = 1;
        }
    }
}
