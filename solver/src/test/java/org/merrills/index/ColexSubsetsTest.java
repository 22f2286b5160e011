package org.merrills.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ColexSubsetsTest {
    /** Every entry of every table against the walk down the points and the byte-table rank, n up to 24. */
    @Test
    void eachRankHoldsTheSubsetTheWalkFindsAndRanksBackToIt() {
        for (int k = 0; k <= 12; k++) {
            int[] table = ColexSubsets.of(24, k);
            assertTrue(table.length >= Binomial.of(24, k));
            for (int r = 0; r < Binomial.of(24, k); r++) {
                assertEquals(Binomial.uncolex(r, k, 24), table[r], "rank " + r + " of the " + k + "-subsets");
                assertEquals(r, Colex24.of(table[r]));
            }
        }
    }

    /** Counted by hand: the 2-subsets of 0..3 in colex order are 01, 02, 12, 03, 13, 23. */
    @Test
    void smallTableByHand() {
        int[] table = ColexSubsets.of(4, 2);
        int[] expected = {0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100};
        for (int r = 0; r < expected.length; r++) {
            assertEquals(expected[r], table[r]);
        }
        assertEquals(0, ColexSubsets.of(5, 0)[0]);
    }

    /** A table built for fewer points grows when a board with more free points asks, keeping its prefix. */
    @Test
    void aSmallerNIsAPrefixOfALargerOne() {
        int[] small = ColexSubsets.of(10, 3);
        int[] large = ColexSubsets.of(22, 3);
        assertTrue(large.length >= Binomial.of(22, 3));
        for (int r = 0; r < Binomial.of(10, 3); r++) {
            assertEquals(small[r], large[r]);
        }
        for (int r = 0; r < Binomial.of(22, 3); r++) {
            assertEquals(Binomial.uncolex(r, 3, 22), large[r]);
        }
    }

    @Test
    void rejectsImpossibleSizes() {
        assertThrows(IllegalArgumentException.class, () -> ColexSubsets.of(25, 3));
        assertThrows(IllegalArgumentException.class, () -> ColexSubsets.of(3, 4));
        assertThrows(IllegalArgumentException.class, () -> ColexSubsets.of(5, -1));
    }
}
