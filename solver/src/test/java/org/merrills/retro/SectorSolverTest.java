package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/** The solver's contract at its edges: wrong sector kinds, thread counts, the progress hook. */
class SectorSolverTest {
    private static final Variant THREE = Variant.standard(3, true);
    private static final BoardIndexes INDEXES = DenseFoldingIndex.INDEXES;

    @Test
    void refusesTheWrongKindOfSector() {
        SectorGraph graph = SectorGraph.of(THREE);
        SolverThreads threads = new SolverThreads(1);
        SolvedValues none = (s, i) -> {
            throw new AssertionError("no lookup expected");
        };
        // 3-3-0-0 is a moving sector; 2-2-1-1 a placing one whose every move leaves it
        assertThrows(IllegalArgumentException.class,
            () -> new PlacingSolver(THREE, graph, INDEXES, threads).solve(Sector.parse("3-3-0-0"), none));
        assertThrows(IllegalArgumentException.class,
            () -> new PairSolver(THREE, graph, INDEXES, threads).solve(Sector.parse("2-2-1-1"), none));
        assertThrows(IllegalArgumentException.class, () -> new SectorSolver(THREE, INDEXES, 0));
    }

    @Test
    void aMissingChildSectorIsNamed() {
        SectorSolver solver = new SectorSolver(Variant.standard(4, true), INDEXES, 1);
        // 4-4-0-0 captures into 3-4-0-0
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> solver.solve(Sector.parse("4-4-0-0"), GameSolver.lookup(new HashMap<>())));
        assertTrue(e.getMessage().contains("3-4-0-0"), e.getMessage());
    }

    @Test
    void progressRisesToThePairSize() {
        SectorSolver solver = new SectorSolver(THREE, INDEXES, 2);
        List<Long> seen = new ArrayList<>();
        solver.onProgress(seen::add);
        Map<Sector, SolvedSector> solved = new HashMap<>();
        List<SolvedSector> pair = solver.solve(Sector.parse("3-3-0-0"), GameSolver.lookup(solved));
        assertEquals(1, pair.size());
        long size = pair.get(0).size();
        assertEquals(size, seen.get(seen.size() - 1));
        for (long p : seen) {
            assertTrue(p >= 0 && p <= size, "progress " + p + " outside 0.." + size);
        }
        assertTrue(seen.size() > 2);
    }
}
