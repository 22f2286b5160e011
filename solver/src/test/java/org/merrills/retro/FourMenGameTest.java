package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Variant;

/**
 * The game with four men each, solved with the production index, verified at every position, and
 * compared position by position with a solve on the test's own dense folding index.
 */
class FourMenGameTest {
    private static final Variant FOUR = Variant.standard(4, true);
    private static final BoardIndexes INDEXES = Indexes.standard();

    @Test
    void solvesAndVerifies() {
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(FOUR, INDEXES, 2);
        assertEquals(28, solved.size());
        SmallGamesTest.verifyAll(FOUR, INDEXES, solved);
        // hemmed in: own corners a7 g7 a1 g1, every neighbour (d7 a4 g4 d1) taken, no flying with four
        Sector s = Sector.parse("4-4-0-0");
        int own = SmallGamesTest.mask("a7", "g7", "a1", "g1"), enemy = SmallGamesTest.mask("d7", "a4", "g4", "d1");
        assertEquals(0, SmallGamesTest.valueOf(solved, INDEXES, s, own, enemy));
        long positions = 0;
        for (SolvedSector r : solved.values()) {
            positions += r.positions();
            assertEquals(r.positions(), r.wins() + r.losses() + r.draws());
        }
        assertTrue(positions > 0);

        // The same game on an independent folding index: every position has the same value.
        Map<Sector, SolvedSector> dense = GameSolver.solveAll(FOUR, DenseFoldingIndex.INDEXES, 2);
        for (SolvedSector r : solved.values()) {
            SectorIndex index = INDEXES.of(r.sector());
            SectorIndex other = DenseFoldingIndex.INDEXES.of(r.sector());
            SolvedSector d = dense.get(r.sector());
            for (long i = 0; i < r.size(); i++) {
                long p = index.unrank(i);
                long j = other.rank(SectorIndex.ownOf(p), SectorIndex.enemyOf(p));
                if (r.value(i) != d.value(j)) {
                    throw new AssertionError(r.sector() + " index " + i + ": " + r.value(i) + " vs dense " + d.value(j));
                }
            }
        }

        Map<Sector, SolvedSector> oneThread = GameSolver.solveAll(FOUR, INDEXES, 1);
        for (SolvedSector two : solved.values()) {
            SolvedSector one = oneThread.get(two.sector());
            for (long i = 0; i < two.size(); i++) {
                if (one.value(i) != two.value(i)) {
                    throw new AssertionError(two.sector() + " index " + i + ": 1 thread " + one.value(i) + ", 2 threads " + two.value(i));
                }
            }
        }
    }
}
