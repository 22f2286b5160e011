package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The dedupe against a {@link LinkedHashSet}: the same values in the order they first appear. */
class DistinctIndexesTest {
    @Test
    void keepsTheFirstOfEachValueInOrder() {
        DistinctIndexes distinct = new DistinctIndexes(200);
        SplittableRandom rnd = new SplittableRandom(7);
        // Short runs take the linear scan, long ones the hashed set; values from a small range
        // repeat often, large ones collide in the set's slots only by their hash.
        for (int round = 0; round < 2000; round++) {
            int n = rnd.nextInt(200 + 1);
            long range = round % 2 == 0 ? 1 + rnd.nextInt(60) : Long.MAX_VALUE;
            long[] in = new long[n];
            for (int k = 0; k < n; k++) {
                in[k] = rnd.nextLong(range);
            }
            Set<Long> want = new LinkedHashSet<>();
            for (long v : in) {
                want.add(v);
            }
            int count = distinct.of(in, n);
            assertArrayEquals(want.stream().mapToLong(Long::longValue).toArray(),
                Arrays.copyOf(distinct.values(), count), "round " + round + ", " + n + " values");
            for (int j = 0; j < count; j++) {      // where each first appeared: no earlier copy
                int at = distinct.firstAt()[j];
                assertEquals(distinct.values()[j], in[at], "round " + round);
                for (int k = 0; k < at; k++) {
                    assertNotEquals(in[at], in[k], "round " + round + ": an earlier copy at " + k);
                }
            }
        }
    }

    @Test
    void aRunAtTheLinearLimitAndOnePastIt() {
        for (int n : new int[] {DistinctIndexes.LINEAR_DEDUPE, DistinctIndexes.LINEAR_DEDUPE + 1}) {
            DistinctIndexes distinct = new DistinctIndexes(n);
            long[] in = new long[n];
            for (int k = 0; k < n; k++) {
                in[k] = k / 2;        // each value twice: 0, 0, 1, 1, ...
            }
            long[] want = new long[(n + 1) / 2];
            for (int k = 0; k < want.length; k++) {
                want[k] = k;
            }
            assertArrayEquals(want, Arrays.copyOf(distinct.values(), distinct.of(in, n)), n + " values");
        }
    }
}
