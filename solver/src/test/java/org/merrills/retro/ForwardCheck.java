package org.merrills.retro;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Edges;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Move;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.SimpleRules;
import org.merrills.rules.Variant;

/**
 * The value a position must have, recomputed from the stored values of its children, for any
 * variant: the one-ply check of {@link Verifier} with the test's {@link SimpleRules}, which shares
 * no code with the solver, and {@link Edges#childSector}; or the product's {@link Verifier} itself.
 * Not thread-safe (a move buffer and a cache of edges).
 */
final class ForwardCheck {
    private final Variant variant;
    private final BoardIndexes indexes;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final Map<Sector, Edges> edges = new HashMap<>();

    ForwardCheck(Variant variant, BoardIndexes indexes) {
        this.variant = variant;
        this.indexes = indexes;
    }

    int expected(Sector s, int own, int enemy, SolvedValues all) {
        int n = simpleMoves(s, own, enemy);
        if (n == 0) {
            return variant.moves().noMove(own, enemy) == MoveGenerator.End.DRAWN ? Value.DRAW : 0;
        }
        Edges e = edges.computeIfAbsent(s, t -> new Edges(variant, t, null));
        int bestWin = Integer.MAX_VALUE;
        boolean draw = false;
        int longestLoss = -1;
        for (int k = 0; k < n; k++) {
            int m = moves[k];
            Sector cs = e.childSector(m);
            int child = cs == null ? 0 // a capture leaving the opponent two men: the game is over
                : all.value(cs, indexes.of(cs).rank(Edges.childOwn(enemy, m), Edges.childEnemy(own, m)));
            if (child == Value.DRAW) {
                draw = true;
            } else if ((child & 1) == 0) {
                bestWin = Math.min(bestWin, child + 1);
            } else {
                longestLoss = Math.max(longestLoss, child + 1);
            }
        }
        return bestWin != Integer.MAX_VALUE ? bestWin : draw ? Value.DRAW : longestLoss;
    }

    /** The simple generator's moves of the mover (own as white), packed like the fast ones. */
    private int simpleMoves(Sector s, int own, int enemy) {
        int[] cells = new int[26];
        for (int p = 0; p < 24; p++) {
            cells[p] = (own >>> p & 1) != 0 ? 1 : (enemy >>> p & 1) != 0 ? -1 : 0;
        }
        cells[24] = s.wf();
        cells[25] = s.bf();
        List<int[]> list = SimpleRules.generate(cells, s.wf(), 1, variant);
        for (int k = 0; k < list.size(); k++) {
            int[] m = list.get(k);
            moves[k] = Move.of(m[0] < 0 ? Move.NONE : m[0], m[1], m[2] < 0 ? Move.NONE : m[2], 0, false);
        }
        return list.size();
    }

    /**
     * Checks {@code every}-th position of every solved sector (1: all), failing on the first
     * disagreement: with the test's simple generator, or (not {@code simple}) with the product's
     * {@link Verifier}, whole sectors at a time.
     */
    static long verify(Variant variant, BoardIndexes indexes, Map<Sector, SolvedSector> solved, boolean simple, int every) {
        SolvedValues all = GameSolver.lookup(solved);
        long checked = 0;
        if (!simple) {
            for (SolvedSector s : solved.values()) {
                Verifier.Report r = Verifier.check(variant, indexes, s.sector(), all, 2, null, 1, 5, p -> { });
                if (r.wrong() != 0) {
                    throw new AssertionError(variant + ", " + s.sector() + ": " + r.wrong() + " values disagree with their children: "
                        + r.first());
                }
                checked += r.checked();
            }
            return checked;
        }
        ForwardCheck check = new ForwardCheck(variant, indexes);
        for (SolvedSector s : solved.values()) {
            SectorIndex index = indexes.of(s.sector());
            for (long i = 0; i < s.size(); i += every) {
                if (s.isHole(i)) {
                    continue;
                }
                long p = index.unrank(i);
                int expected = check.expected(s.sector(), SectorIndex.ownOf(p), SectorIndex.enemyOf(p), all);
                if (expected != s.value(i)) {
                    throw new AssertionError(variant + ", " + s.sector() + " index " + i + " (" + SmallGamesTest.describe(p)
                        + "): solved " + s.value(i) + ", children say " + expected);
                }
                checked++;
            }
        }
        return checked;
    }
}
