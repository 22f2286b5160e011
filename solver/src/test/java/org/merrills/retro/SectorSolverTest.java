package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/** The solver's contract at its edges: wrong sector kinds, thread counts, the progress hook, a solve that fails. */
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

    /**
     * A pair's solve that fails halfway (a child sector's read in the seed, as a damaged file
     * would; the progress hook in the propagation, as an interrupted caller would) leaves nothing
     * behind in the solver's workers: the same solver then solves the pair value for value as a
     * fresh game solve did.
     */
    @Test
    void aFailedPairSolveLeavesTheSolverAsGoodAsNew() {
        Variant four = Variant.standard(4, true);
        BoardIndexes indexes = Indexes.standard();
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(four, indexes, 2);
        SolvedValues good = GameSolver.lookup(solved);
        AtomicInteger reads = new AtomicInteger();
        SolvedValues failing = (child, index) -> {
            if (reads.incrementAndGet() > 20_000) {
                throw new IllegalStateException("the child sector " + child + " could not be read");
            }
            return good.value(child, index);
        };
        SectorSolver solver = new SectorSolver(four, indexes, 2);
        Sector s = Sector.parse("4-4-0-0");     // its captures are read from 3-4-0-0
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> solver.solve(s, failing));
        assertTrue(e.getMessage().contains("could not be read"), e.getMessage());
        assertSameValues(solved, solver.solve(s, good));

        // 3-4-0-0 with 4-3-0-0: its propagation decides most of it; the hook hears the
        // seeded half first, so a count past half the pair is the propagation's
        Sector flying = Sector.parse("3-4-0-0");
        long pair = solved.get(flying).size() + solved.get(flying.mirror()).size();
        AtomicLong stoppedAt = new AtomicLong();
        solver.onProgress(done -> {
            if (done > pair / 2) {
                stoppedAt.set(done);
                throw new IllegalStateException("stopped by the caller at " + done);
            }
        });
        e = assertThrows(IllegalStateException.class, () -> solver.solve(flying, good));
        assertTrue(e.getMessage().contains("stopped by the caller"), e.getMessage());
        assertTrue(stoppedAt.get() < pair, "stopped inside the propagation, not at its end: " + stoppedAt.get() + " of " + pair);
        solver.onProgress(null);
        assertSameValues(solved, solver.solve(flying, good));
    }

    private static void assertSameValues(Map<Sector, SolvedSector> expected, List<SolvedSector> got) {
        for (SolvedSector r : got) {
            SolvedSector want = expected.get(r.sector());
            assertEquals(want.size(), r.size());
            for (long i = 0; i < r.size(); i++) {
                if (r.value(i) != want.value(i)) {
                    throw new AssertionError(r.sector() + " index " + i + ": " + r.value(i) + " after a failed solve, "
                        + want.value(i) + " from a fresh one");
                }
            }
        }
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

    @Test
    void eachPairReportsItsPhasesOncePlacingSectorsNone() {
        Variant four = Variant.standard(4, true);
        SectorGraph graph = SectorGraph.of(four);
        SectorSolver solver = new SectorSolver(four, INDEXES, 2);
        List<PairPhases> reports = new ArrayList<>();
        solver.onPairPhases(reports::add);
        Map<Sector, SolvedSector> solved = new HashMap<>();
        int pairs = 0;
        for (Sector s : graph.sectors()) {
            if (solved.containsKey(s)) {
                continue;
            }
            int before = reports.size();
            List<SolvedSector> out = solver.solve(s, GameSolver.lookup(solved));
            out.forEach(r -> solved.put(r.sector(), r));
            if (!graph.isPair(s)) {
                assertEquals(before, reports.size(), s + " is no pair");
                continue;
            }
            pairs++;
            assertEquals(before + 1, reports.size(), s + ": one report per pair");
            PairPhases p = reports.get(before);
            assertTrue(p.setupNanos() >= 0 && p.seedNanos() > 0 && p.propagationNanos() > 0
                && p.conversionNanos() > 0, s + ": " + p);
            // every value v is decided at level v and listed there, so the levels walked reach
            // past the longest distance of either half
            int longest = 0;
            for (SolvedSector r : out) {
                longest = Math.max(longest, Math.max(r.longestWin(), r.longestLoss()));
            }
            assertTrue(p.levels() >= longest + 1, s + ": " + p.levels() + " levels for distances up to " + longest);
        }
        assertTrue(pairs >= 3, pairs + " pairs");
    }
}
