package org.merrills.retro;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.merrills.index.BoardIndexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * Solves a whole game in memory, every sector in {@link SectorGraph} order (a pair's sector with
 * its partner), each from the ones solved before. For tests, benchmarks and small games; the
 * database runner does the same sector by sector on disk.
 */
public final class GameSolver {
    private GameSolver() {
    }

    /** Every sector of the game, solved, in solve order. */
    public static Map<Sector, SolvedSector> solveAll(Variant variant, BoardIndexes indexes, int threads) {
        return solveInOrder(variant, indexes, threads, SectorGraph.of(variant).sectors());
    }

    /**
     * The sectors that {@code targets} depend on, solved in solve order, without the targets
     * themselves (pairs a target belongs to come along): what a benchmark of the targets needs.
     */
    public static Map<Sector, SolvedSector> solveDependencies(Variant variant, BoardIndexes indexes, int threads,
                                                              List<Sector> targets) {
        List<Sector> order = new ArrayList<>(SectorGraph.of(variant).closure(targets));
        order.removeAll(targets);
        return solveInOrder(variant, indexes, threads, order);
    }

    private static Map<Sector, SolvedSector> solveInOrder(Variant variant, BoardIndexes indexes, int threads,
                                                          List<Sector> order) {
        SectorSolver solver = new SectorSolver(variant, indexes, threads);
        Map<Sector, SolvedSector> solved = new LinkedHashMap<>();
        SolvedValues values = lookup(solved);
        for (Sector s : order) {
            if (solved.containsKey(s)) {
                continue;
            }
            for (SolvedSector r : solver.solve(s, values)) {
                solved.put(r.sector(), r);
            }
        }
        return solved;
    }

    /** The same with no symmetry folding ({@link PlainIndex}). */
    public static Map<Sector, SolvedSector> solveAll(Variant variant, int threads) {
        return solveAll(variant, PlainIndex::new, threads);
    }

    /** Values read from a map of solved sectors; a sector missing from it is an error naming it. */
    public static SolvedValues lookup(Map<Sector, SolvedSector> solved) {
        return new SolvedValues() {
            @Override
            public int value(Sector s, long index) {
                return of(s).value(index);
            }

            @Override
            public SectorValues of(Sector s) {
                SolvedSector r = solved.get(s);
                if (r == null) {
                    throw new IllegalStateException("sector " + s + " is needed but not solved yet");
                }
                return r;
            }
        };
    }

    /** The value of the opening position of the game with the given sectors solved. */
    public static int openingValue(Variant variant, BoardIndexes indexes, Map<Sector, SolvedSector> solved) {
        Sector start = new Sector(0, 0, variant.men(), variant.men());
        return lookup(solved).value(start, indexes.of(start).rank(0, 0));
    }

    /** Convenience: the sectors of a solve in a list, in order. */
    public static List<SolvedSector> inOrder(Map<Sector, SolvedSector> solved) {
        return List.copyOf(solved.values());
    }
}
