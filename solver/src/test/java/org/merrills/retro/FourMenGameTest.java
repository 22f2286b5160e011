package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.rules.Variant;

/** The game with four men each, solved with a folding index and verified at every position. */
class FourMenGameTest {
    private static final Variant FOUR = Variant.of(4, true);
    private static final BoardIndexes INDEXES = DenseFoldingIndex.INDEXES;

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
