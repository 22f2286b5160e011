package org.merrills.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte tables of {@link PlainIndex} agree with the loops they replace. */
class PlainIndexTablesTest {
    @Test
    void tablesAgreeWithLoops() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200_000; trial++) {
            int mask = random.nextInt(1 << 24);
            int taken = random.nextInt(1 << 24) & ~mask;
            assertEquals(Binomial.colex(mask), PlainIndex.Fast.colex(mask));
            int squeezed = PlainIndex.squeeze(mask, taken);
            assertEquals(squeezed, PlainIndex.Fast.squeeze(mask, taken));
            assertEquals(mask, PlainIndex.Fast.spread(squeezed, taken));
            assertEquals(PlainIndex.spread(squeezed, taken), PlainIndex.Fast.spread(squeezed, taken));
        }
    }

    @Test
    void rankAndUnrankAreInverse() {
        Random random = new Random(8);
        for (int own = 0; own <= 9; own++) {
            for (int enemy = 0; enemy <= 9; enemy++) {
                PlainIndex index = new PlainIndex(own, enemy);
                assertFalse(index.hasHoles(), "every index of the plain index is a position");
                for (int trial = 0; trial < 2000; trial++) {
                    long i = (long) (random.nextDouble() * index.size());
                    long p = index.unrank(i);
                    assertEquals(i, index.rank(SectorIndex.ownOf(p), SectorIndex.enemyOf(p)));
                    assertEquals(own, Integer.bitCount(SectorIndex.ownOf(p)));
                    assertEquals(enemy, Integer.bitCount(SectorIndex.enemyOf(p)));
                }
            }
        }
    }
}
