package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Points;

/**
 * The capture memo's summary, worked out by hand: each move's captures are the values at j, j +
 * moves, ...; a lost child (even) is a win one ply longer for the mover, a won child (odd) a loss
 * one ply longer; the summary is the shortest win, the longest loss and whether any is drawn, the
 * same whether it comes from the children or from the remembered moves.
 */
class CaptureMemoTest {
    private static final BoardIndexes INDEXES = Indexes.standard();

    /** A memo over the 4-4 board's index (enemy men first in its blocks), for an asymmetric enemy mask. */
    private static CaptureMemo memoFor(int enemy) {
        SectorIndex index = INDEXES.of(new Sector(4, 4, 0, 0));
        CaptureMemo memo = new CaptureMemo();
        memo.sector(index, 20 * 19 * 18 * 17 / 24);   // C(20, 4): the enemy configurations of one own mask
        assertTrue(memo.forEnemy(enemy), "the mask is asymmetric, so the memo keeps its block");
        return memo;
    }

    /**
     * a7 d7 b6 g4: a symmetry that keeps it keeps its one outer corner a7 (the inner and outer
     * squares cannot swap, it has no inner point), so it is the identity or the reflection in the
     * diagonal through a7, which sends d7 to a4.
     */
    private static int asymmetricMask() {
        return point("a7") | point("d7") | point("b6") | point("g4");
    }

    private static int point(String name) {
        return 1 << Points.point(name).orElseThrow();
    }

    @Test
    void childrenSumToTheShortestWinTheLongestLossAndAnyDraw() {
        CaptureMemo memo = memoFor(asymmetricMask());
        memo.keys[0] = memo.index().blockStart(memo.own()) + 5;
        memo.keys[1] = memo.index().blockStart(memo.own()) + 9;
        // move 0 takes a man into a child lost in 6 and one won in 3; move 1 into a draw and a child won in 11
        int[] values = {6, Value.DRAW, 3, 11};
        memo.sumChildren(values, 4, 2, true);
        assertEquals(7, memo.win);
        assertEquals(12, memo.loss);
        assertTrue(memo.drawn);

        // remembered per move: move 0 alone gives the win in 7 and the loss in 4, no draw
        assertTrue(memo.sumRemembered(1));
        assertEquals(7, memo.win);
        assertEquals(4, memo.loss);
        assertFalse(memo.drawn);
        // move 1 alone (now the first key): no win, the loss in 12, a draw
        memo.keys[0] = memo.index().blockStart(memo.own()) + 9;
        assertTrue(memo.sumRemembered(1));
        assertEquals(Integer.MAX_VALUE, memo.win);
        assertEquals(12, memo.loss);
        assertTrue(memo.drawn);
    }

    @Test
    void aKeyNotRememberedLeavesAnEmptySummary() {
        CaptureMemo memo = memoFor(asymmetricMask());
        long start = memo.index().blockStart(memo.own());
        memo.keys[0] = start + 1;
        memo.sumChildren(new int[] {0}, 1, 1, true);   // a child with no move: the capture wins in 1
        assertEquals(1, memo.win);
        memo.keys[1] = start + 2;                       // never worked out
        assertFalse(memo.sumRemembered(2));
        assertEquals(Integer.MAX_VALUE, memo.win);
        assertEquals(-1, memo.loss);
        assertFalse(memo.drawn);
        // without remembering, nothing is kept
        memo.keys[0] = start + 3;
        memo.sumChildren(new int[] {2}, 1, 1, false);
        assertEquals(3, memo.win);
        assertFalse(memo.sumRemembered(1));
    }

    @Test
    void aNewEnemyMaskForgetsWhatTheLastOneKept() {
        int first = asymmetricMask();
        CaptureMemo memo = memoFor(first);
        long key = memo.index().blockStart(memo.own()) + 7;
        memo.keys[0] = key;
        memo.sumChildren(new int[] {1}, 1, 1, true);
        assertTrue(memo.sumRemembered(1));
        int other = first ^ point("g4") | point("a1");
        if (memo.forEnemy(other)) {
            memo.keys[0] = memo.index().blockStart(memo.own()) + 7;
            assertFalse(memo.sumRemembered(1), "the entry of another enemy mask reads as a miss");
        }
        assertTrue(memo.forEnemy(first));
        memo.keys[0] = key;
        assertFalse(memo.sumRemembered(1), "coming back to a mask starts it afresh");
    }
}
