package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per rule sentence of the variants, on positions whose moves are counted by hand. */
class VariantRulesTest {
    private static List<String> moves(Variant v, String position) {
        Position p = Notation.parsePosition(position, v.men());
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = p.generate(v, buf);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Notation.formatMove(buf[i]));
        }
        return out;
    }

    private static int point(String name) {
        return Points.point(name).orElseThrow();
    }

    /** A position from the names of white's and black's men, white to move. */
    private static String position(String white, String black, int whiteHand, int blackHand) {
        char[] board = ".".repeat(24).toCharArray();
        for (String w : white.split(" ")) {
            board[point(w)] = 'W';
        }
        for (String b : black.split(" ")) {
            board[point(b)] = 'B';
        }
        return new String(board) + " w " + whiteHand + " " + blackHand;
    }

    /**
     * Lasker: a side holding men may move a man instead of placing. White a7 with 8 in hand,
     * black d2: 22 empty points to place on, and a7 steps to d7 or a4. The standard game allows
     * only the 22 placements. A side with no man on the board can only place, in Lasker too.
     */
    @Test
    void aLaskerSideHoldingMenMayMoveAMan() {
        String pos = position("a7", "d2", 8, 8);
        List<String> lasker = moves(Variant.LASKER, pos);
        assertEquals(22 + 2, lasker.size());
        assertTrue(lasker.contains("a7-d7") && lasker.contains("a7-a4"), lasker.toString());
        assertEquals(22, moves(Variant.STANDARD, pos).size());
        assertEquals(23, moves(Variant.LASKER, "W....................... b 9 10").size());
    }

    /**
     * Lasker flies with two men on the board and one in hand (three in all). White a7 and g1
     * (no common line), one in hand; black b4 f4 d2: 19 empty points. White places on any of
     * them (19; no placement completes a mill, as no line holds a7 and g1) or flies either man
     * to any of them (2 x 19 = 38; with two men on board after it no mill can close): 57. With
     * flying off, a7 and g1 step to their two empty neighbours each: 19 + 4.
     */
    @Test
    void laskerFliesWithTwoOnTheBoardAndOneInHand() {
        String pos = position("a7 g1", "b4 f4 d2", 1, 6);
        assertEquals(57, moves(Variant.LASKER, pos).size());
        assertTrue(moves(Variant.LASKER, pos).contains("a7-e3"));
        assertEquals(23, moves(Variant.lasker(10, false), pos).size());
        assertEquals(19, moves(Variant.STANDARD, pos).size(), "standard: a side holding men must place");
        assertTrue(Variant.LASKER.moves().flies(2, 1));
        assertFalse(Variant.STANDARD.moves().mayMove(1));
    }

    /**
     * Morabaraba: a man placed on c5 next to a7 and b6 closes the diagonal mill a7-b6-c5 and
     * takes a black man (d2 or f4, in no mill); on the standard board c5 closes nothing.
     */
    @Test
    void aMorabarabaDiagonalMillClosedByPlacing() {
        String pos = position("a7 b6", "f4 d2", 7, 7);
        List<String> mora = moves(Variant.MORABARABA, pos);
        assertTrue(mora.contains("c5xf4") && mora.contains("c5xd2") && !mora.contains("c5"), mora.toString());
        assertEquals(1, Variant.MORABARABA.moves().closes(1 << point("a7") | 1 << point("b6"), point("c5")));
        List<String> standard = moves(Variant.STANDARD, pos);
        assertTrue(standard.contains("c5") && !standard.contains("c5xf4"), standard.toString());
    }

    /**
     * Morabaraba: d6 steps to b6 between a7 and c5 and closes the diagonal mill a7-b6-c5; and a
     * man steps along a diagonal, b6 to a7, closing the row a7-d7-g7, a step the standard board
     * does not have. Four white men each time, so that nobody flies.
     */
    @Test
    void aMorabarabaDiagonalMillClosedByMoving() {
        String closeDiagonal = position("a7 d6 c5 d1", "e3 g1", 0, 0);
        assertTrue(moves(Variant.MORABARABA, closeDiagonal).contains("d6-b6xg1"));
        assertTrue(moves(Variant.STANDARD, closeDiagonal).contains("d6-b6"));
        String diagonalStep = position("d7 g7 b6 d1", "f4 d2", 0, 0);
        assertTrue(moves(Variant.MORABARABA, diagonalStep).contains("b6-a7xf4"));
        assertFalse(moves(Variant.STANDARD, diagonalStep).stream().anyMatch(m -> m.startsWith("b6-a7")));
        assertEquals(40, Geometry.MORABARABA.lines());
        assertEquals(32, Geometry.STANDARD.lines());
    }

    /**
     * A full Morabaraba board (twelve men each, none in hand): the side to move has nowhere to go,
     * which Morabaraba calls a draw; the same board under the standard rules, whose full board is
     * a loss (there it cannot arise), is a loss.
     */
    @Test
    void aFullMorabarabaBoardIsADraw() {
        String full = "WBWBWBWBWBWBBWBWBWBWBWBW w 0 0";
        Position p = Notation.parsePosition(full, 12);
        assertEquals(0, moves(Variant.MORABARABA, full).size());
        assertFalse(Variant.MORABARABA.moves().hasMove(p.own(), p.enemy(), 0));
        assertEquals(MoveGenerator.End.DRAWN, p.end(Variant.MORABARABA));
        assertEquals(MoveGenerator.End.LOST, Variant.STANDARD.moves().end(p.own(), p.enemy(), 0));
    }

    /**
     * A side with no move on a board that is not full loses in Morabaraba as everywhere: white
     * a7 d7 a4 (flying off) with every neighbour taken by black b6 g7 d6 b4 a1, the diagonal
     * neighbour b6 of a7 included.
     */
    @Test
    void noMoveOnABoardWithRoomIsALoss() {
        Variant noFlying = Variant.morabaraba(12, false);
        String pos = position("a7 d7 a4", "b6 g7 d6 b4 a1", 0, 0);
        assertEquals(0, moves(noFlying, pos).size());
        assertEquals(MoveGenerator.End.LOST, Notation.parsePosition(pos, 12).end(noFlying));
        assertTrue(moves(Variant.morabaraba(12, true), pos).size() > 0, "flying, it can go anywhere");
    }
}
