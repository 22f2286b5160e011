package org.merrills.retro;

import java.util.Objects;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Move;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/**
 * Recomputes the value a position must have from the stored values of its children, with the
 * forward move generator only: nothing of the solver's counters, levels or unmoves. A solution
 * that agrees with this at every position is the solution: wins and losses are checked by
 * induction on their distance, and a draw that should be a win or a loss would have children that
 * make it one.
 *
 * <p>One instance per thread (it keeps a move buffer).
 */
public final class Verifier {
    private final boolean flying;
    private final BoardIndexes indexes;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];

    public Verifier(Variant variant, BoardIndexes indexes) {
        this.flying = Objects.requireNonNull(variant, "variant").flying();
        this.indexes = Objects.requireNonNull(indexes, "indexes");
    }

    /**
     * The value the position at {@code index} of {@code s} must have, given the values of every
     * sector its moves lead to (its partner included, for a moving sector). A hole is a draw.
     */
    public int expected(Sector s, long index, SolvedValues all) {
        long packed = indexes.of(s).unrank(index);
        if (packed == SectorIndex.HOLE) {
            return Value.DRAW;
        }
        return expected(s, SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), all);
    }

    /** The same for a position given by its masks (the side to move's men first). */
    public int expected(Sector s, int own, int enemy, SolvedValues all) {
        int n = MoveGenerator.generate(own, enemy, s.wf(), flying, moves);
        int bestWin = Integer.MAX_VALUE;
        boolean draw = false;
        int longestLoss = -1;
        for (int k = 0; k < n; k++) {
            int m = moves[k];
            int from = Move.from(m), removed = Move.removed(m);
            boolean placed = from == Move.NONE;
            int childOwn = removed == Move.NONE ? enemy : enemy & ~(1 << removed);
            int childEnemy = (placed ? own : own & ~(1 << from)) | 1 << Move.to(m);
            int childHand = placed ? s.wf() - 1 : 0;
            int childOwnCount = Integer.bitCount(childOwn);
            int child;
            if (childOwnCount + s.bf() < 3) {
                child = 0; // the opponent is down to two men: the game is over
            } else {
                Sector cs = new Sector(childOwnCount, Integer.bitCount(childEnemy), s.bf(), childHand);
                child = all.value(cs, indexes.of(cs).rank(childOwn, childEnemy));
            }
            if (child == Value.DRAW) {
                draw = true;
            } else if ((child & 1) == 0) {
                bestWin = Math.min(bestWin, child + 1);
            } else {
                longestLoss = Math.max(longestLoss, child + 1);
            }
        }
        if (bestWin != Integer.MAX_VALUE) {
            return bestWin;
        }
        if (draw) {
            return Value.DRAW;
        }
        return n == 0 ? 0 : longestLoss;
    }
}
