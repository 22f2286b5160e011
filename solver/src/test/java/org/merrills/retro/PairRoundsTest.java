package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
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
            List<SolvedSector> results = solveEveryPairAsByDefault(v, "in small buckets and rounds",
                (graph, threads) -> new PairSolver(v, graph, INDEXES, threads, 6, 1, PairSolver.REGIONS_PER_WORKER),
                (solver, pair) -> { });
            assertTrue(!results.isEmpty(), v.toString());
            long largest = results.stream().mapToLong(SolvedSector::size).max().orElseThrow();
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
            int[] split = {0};
            solveEveryPairAsByDefault(v, "in finer regions",
                (graph, threads) -> new PairSolver(v, graph, INDEXES, threads, PairSolver.BUCKET_BITS,
                    SlotBuckets.ROUND_WRITES, 1 << 12),
                (solver, pair) -> {
                    long total = INDEXES.of(pair).size() + (pair.mirror().equals(pair) ? 0 : INDEXES.of(pair.mirror()).size());
                    split[0] = Math.max(split[0], solver.splitBits(total, solver.regionBits(total)));
                });
            assertTrue(split[0] >= 3, v + ": the largest pair's regions halved " + split[0] + " times");
        }
    }

    /**
     * Solves every pair of {@code v} with the solver {@code make} gives for one, two and five
     * threads, and checks each sector it returns value for value against the defaults' ({@code
     * how}: what that solver changes, for the message). Hands each solver and pair to {@code
     * seen} before solving it; returns every sector solved.
     */
    private static List<SolvedSector> solveEveryPairAsByDefault(Variant v, String how,
            BiFunction<SectorGraph, SolverThreads, PairSolver> make, BiConsumer<PairSolver, Sector> seen) {
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(v, INDEXES, 2);
        SectorGraph graph = SectorGraph.of(v);
        List<SolvedSector> results = new ArrayList<>();
        for (int threads : new int[] {1, 2, 5}) {
            PairSolver solver = make.apply(graph, new SolverThreads(threads));
            for (Sector s : graph.sectors()) {
                if (!graph.isPair(s) || s.compareTo(s.mirror()) > 0) {
                    continue;
                }
                seen.accept(solver, s);
                for (SolvedSector r : solver.solve(s, GameSolver.lookup(solved))) {
                    SolvedSector expected = solved.get(r.sector());
                    assertEquals(expected.size(), r.size());
                    for (long i = 0; i < r.size(); i++) {
                        if (r.value(i) != expected.value(i)) {
                            throw new AssertionError(v + " " + r.sector() + " index " + i + ", " + threads
                                + " threads: " + r.value(i) + " " + how + ", " + expected.value(i) + " by default");
                        }
                    }
                    results.add(r);
                }
            }
        }
        return results;
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
