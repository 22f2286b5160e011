package org.merrills.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MasksTest {
    /** Every mask of k bits below 2^n, by counting up through all integers: the order the steps must give. */
    @Test
    void nextSameBitCountVisitsEveryMaskOfItsSizeInIncreasingOrder() {
        for (int n = 1; n <= 16; n++) {
            for (int k = 1; k <= n; k++) {
                int mask = (1 << k) - 1;
                int seen = 0;
                for (int x = 0; x < 1 << n; x++) {
                    if (Integer.bitCount(x) == k) {
                        assertEquals(x, mask, "mask number " + seen + " of " + k + " bits below 2^" + n);
                        mask = Masks.nextSameBitCount(mask);
                        seen++;
                    }
                }
                assertEquals(Binomial.of(n, k), seen);
                assertEquals(k, Integer.bitCount(mask), "the step past the last stays at k bits, above 2^n");
                assertEquals(true, mask >= 1 << n);
            }
        }
        assertEquals(0, Masks.nextSameBitCount(0));
    }

    /** The subsets of a random set of points, against all its subsets listed by counting through the masks of its size. */
    @Test
    void nextSubsetOfVisitsEverySubsetOfTheFreePointsInIncreasingOrder() {
        SplittableRandom rnd = new SplittableRandom(25);
        for (int t = 0; t < 60; t++) {
            int free = rnd.nextInt(1 << 24) & rnd.nextInt(1 << 24) | rnd.nextInt(1 << 24) & rnd.nextInt(1 << 24);
            int n = Integer.bitCount(free);
            int k = rnd.nextInt(Math.min(n, 5) + 1);
            int subset = Masks.lowestPoints(free, k);
            int seen = 0;
            for (int x = 0; x < 1 << 24; x = (x | ~free) + 1 & free) {   // the submasks of free, increasing
                if (Integer.bitCount(x) == k) {
                    assertEquals(x, subset, "subset number " + seen + " of " + Integer.toBinaryString(free));
                    seen++;
                    if (seen < Binomial.of(n, k)) {
                        subset = Masks.nextSubsetOf(free, subset);
                    }
                }
                if (x == free) {
                    break;
                }
            }
            assertEquals(Binomial.of(n, k), seen);
        }
    }

    @Test
    void lowestPointsTakesTheLowestSetBits() {
        assertEquals(0b0, Masks.lowestPoints(0b1011_0100, 0));
        assertEquals(0b100, Masks.lowestPoints(0b1011_0100, 1));
        assertEquals(0b1011_0100, Masks.lowestPoints(0b1011_0100, 4));
        assertEquals(0b1011_0100, Masks.lowestPoints(0b1011_0100, 9));
        assertEquals(0b11_0100, Masks.lowestPoints(0b1011_0100, 3));
        assertEquals(0, Masks.lowestPoints(0, 3));
    }
}
