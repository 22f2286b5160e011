package org.merrills.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SqueezeTest {
    @Test
    void extractAndDepositAgreeWithTheReferenceRenumbering() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int t = 0; t < 100_000; t++) {
            int taken = rnd.nextInt(1 << 24);
            int mask = rnd.nextInt(1 << 24) & ~taken;
            int free = ~taken & 0xFFFFFF;
            int squeezed = PlainIndex.squeeze(mask, taken);
            assertEquals(squeezed, Squeeze.extract(mask, free));
            assertEquals(mask, Squeeze.deposit(squeezed, free));
            assertEquals(PlainIndex.spread(squeezed, taken), Squeeze.deposit(squeezed, free));
        }
    }

    @Test
    void colexByBytesIsTheColexRank() {
        SplittableRandom rnd = new SplittableRandom(4);
        for (int t = 0; t < 100_000; t++) {
            int mask = rnd.nextInt(1 << 24);
            assertEquals(Binomial.colex(mask), Colex24.of(mask));
        }
        assertEquals(0, Colex24.of(0));
        assertEquals(0, Colex24.of(0b111));
        assertEquals(1, Colex24.of(0b1011)); // colex order of 3-sets: {0,1,2}, {0,1,3}, ...
    }

    @Test
    void nextSubsetWalksTheFreePointsInColexOrder() {
        SplittableRandom rnd = new SplittableRandom(6);
        for (int t = 0; t < 200; t++) {
            int taken = rnd.nextInt(1 << 24) & rnd.nextInt(1 << 24);
            int free = ~taken & 0xFFFFFF;
            int n = Integer.bitCount(free);
            int k = rnd.nextInt(Math.min(n, 6) + 1);
            long total = Binomial.of(n, k);
            int subset = PlainIndex.spread((1 << k) - 1, taken);
            for (long r = 0; r + 1 < total && k > 0; r++) {
                assertEquals(r, Binomial.colex(PlainIndex.squeeze(subset, taken)));
                subset = Masks.nextSubsetOf(free, subset);
            }
        }
    }
}
