package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * The pair solver's regions, buckets and rounds are a matter of speed only: with regions and
 * buckets of 64 slots (hundreds per level, where the defaults make a few, and own runs that
 * reach past their region's end into the next) and a conversion round per word, every pair of
 * the games with four men comes out value for value as with the defaults, on one thread, on two
 * and on five (more workers than the CI machine's cores, so that their turns interleave), and
 * the defaults' values are checked position by position against their children in
 * {@link FourMenGameTest} and {@link VariantGamesTest}.
 */
class PairRoundsTest {
    private static final BoardIndexes INDEXES = Indexes.standard();

    @Test
    void smallBucketsAndRoundsChangeNoValue() {
        for (Variant v : List.of(Variant.standard(4, true), Variant.standard(4, false), Variant.lasker(4, true))) {
            Map<Sector, SolvedSector> solved = GameSolver.solveAll(v, INDEXES, 2);
            SectorGraph graph = SectorGraph.of(v);
            int pairs = 0;
            long largest = 0;
            for (int threads : new int[] {1, 2, 5}) {
                PairSolver small = new PairSolver(v, graph, INDEXES, new SolverThreads(threads), 6, 1,
                    PairSolver.REGIONS_PER_WORKER);
                for (Sector s : graph.sectors()) {
                    if (!graph.isPair(s) || s.compareTo(s.mirror()) > 0) {
                        continue;
                    }
                    for (SolvedSector r : small.solve(s, GameSolver.lookup(solved))) {
                        SolvedSector expected = solved.get(r.sector());
                        assertEquals(expected.size(), r.size());
                        for (long i = 0; i < r.size(); i++) {
                            if (r.value(i) != expected.value(i)) {
                                throw new AssertionError(v + " " + r.sector() + " index " + i + ", " + threads
                                    + " threads: " + r.value(i) + " in small buckets and rounds, " + expected.value(i) + " by default");
                            }
                        }
                        pairs++;
                        largest = Math.max(largest, r.size());
                    }
                }
            }
            assertTrue(pairs > 0, v.toString());
            // buckets of 64 slots: the largest sector spreads over many of them
            assertTrue(largest > 1000 * 64, v + ": largest pair sector " + largest);
        }
    }

    /**
     * A level expanded in finer regions than its lists keep (as with many workers: here 4096
     * regions per worker asked for, so that the biggest pairs split each region eight ways or
     * more) gives every pair the same values, on one, two and five threads. The pending wins
     * falling due are settled while the level is split, so Lasker's pairs (placements out of
     * the pair) and the captures' pending wins of every game go through that path too.
     */
    @Test
    void finerRegionsChangeNoValue() {
        for (Variant v : List.of(Variant.standard(4, true), Variant.standard(4, false), Variant.lasker(4, true))) {
            Map<Sector, SolvedSector> solved = GameSolver.solveAll(v, INDEXES, 2);
            SectorGraph graph = SectorGraph.of(v);
            int split = 0;
            for (int threads : new int[] {1, 2, 5}) {
                PairSolver fine = new PairSolver(v, graph, INDEXES, new SolverThreads(threads), PairSolver.BUCKET_BITS,
                    SlotBuckets.ROUND_WRITES, 1 << 12);
                for (Sector s : graph.sectors()) {
                    if (!graph.isPair(s) || s.compareTo(s.mirror()) > 0) {
                        continue;
                    }
                    long total = INDEXES.of(s).size() + (s.mirror().equals(s) ? 0 : INDEXES.of(s.mirror()).size());
                    split = Math.max(split, fine.splitBits(total, fine.regionBits(total)));
                    for (SolvedSector r : fine.solve(s, GameSolver.lookup(solved))) {
                        SolvedSector expected = solved.get(r.sector());
                        for (long i = 0; i < r.size(); i++) {
                            if (r.value(i) != expected.value(i)) {
                                throw new AssertionError(v + " " + r.sector() + " index " + i + ", " + threads
                                    + " threads: " + r.value(i) + " in finer regions, " + expected.value(i) + " by default");
                            }
                        }
                    }
                }
            }
            assertTrue(split >= 3, v + ": the largest pair's regions halved " + split + " times");
        }
    }

    @Test
    void refusesBucketsAndRoundsThatCannotWork() {
        Variant v = Variant.standard(3, true);
        SectorGraph graph = SectorGraph.of(v);
        assertThrows(IllegalArgumentException.class, () -> new PairSolver(v, graph, INDEXES, new SolverThreads(1), 31, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PairSolver(v, graph, INDEXES, new SolverThreads(1), 10, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new PairSolver(v, graph, INDEXES, new SolverThreads(1), 10, 1, 0));
    }
}
