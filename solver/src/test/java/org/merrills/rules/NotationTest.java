package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class NotationTest {
    @Test
    void theSpecExamples() {
        Position opening = Notation.parsePosition("........................ w 9 9");
        assertEquals(Position.OPENING, opening);
        Position p = Notation.parsePosition("WWW.......W........BB..B b 0 0");
        int a7 = 0, d7 = 1, g7 = 2, b4 = 10, d2 = 19, f2 = 20, g1 = 23;
        assertEquals(1 << a7 | 1 << d7 | 1 << g7 | 1 << b4, p.white());
        assertEquals(1 << d2 | 1 << f2 | 1 << g1, p.black());
        assertEquals(Side.BLACK, p.toMove());
        assertEquals(0, p.whiteHand());
        assertEquals("WWW.......W........BB..B b 0 0", Notation.format(p));
    }

    @Test
    void formatParsesBackForRandomPositions() {
        Random rnd = new Random(1);
        for (int i = 0; i < 5000; i++) {
            Position p = RandomPositions.ofKind(rnd, i % 3);
            assertEquals(p, Notation.parsePosition(Notation.format(p)));
        }
    }

    @Test
    void movesInAllFourShapes() {
        assertEquals("d2", Notation.formatMove(Move.of(Move.NONE, 19, Move.NONE, 0, false)));
        assertEquals("d2-d3", Notation.formatMove(Move.of(19, 16, Move.NONE, 0, false)));
        assertEquals("d2xa1", Notation.formatMove(Move.of(Move.NONE, 19, 21, 1, false)));
        assertEquals("d2-d3xa1", Notation.formatMove(Move.of(19, 16, 21, 1, false)));
        assertArrayEquals(new int[] {19, 16, 21}, Notation.parseMoveText("D2-d3XA1"));
        assertArrayEquals(new int[] {Move.NONE, 19, Move.NONE}, Notation.parseMoveText("d2"));
    }

    @Test
    void parseMoveFindsTheLegalMoveOrListsThem() {
        Position p = Notation.parsePosition("WW.................BBB.. w 7 6");
        int m = Notation.parseMove("g7xd2", p, Variant.STANDARD);
        assertEquals(1, Move.closes(m));
        NotationException e = assertThrows(NotationException.class, () -> Notation.parseMove("g7", p, Variant.STANDARD));
        assertTrue(e.getMessage().contains("not legal here") && e.getMessage().contains("legal moves: g7xd2 g7xf2 g7xa1 b6"), e.getMessage());
        e = assertThrows(NotationException.class, () -> Notation.parseMove("d4", p, Variant.STANDARD));
        assertTrue(e.getMessage().contains("'d4' is not a point"), e.getMessage());
        assertEquals("move (point landed on)", e.field());
        e = assertThrows(NotationException.class, () -> Notation.parseMove("a1-", p, Variant.STANDARD));
        assertEquals("move (point landed on)", e.field());
        e = assertThrows(NotationException.class, () -> Notation.parseMove("q1-a1", p, Variant.STANDARD));
        assertEquals("move (point left)", e.field());
        e = assertThrows(NotationException.class, () -> Notation.parseMove("g7xz", p, Variant.STANDARD));
        assertEquals("move (man taken)", e.field());
    }

    @Test
    void malformedPositionsNameTheField() {
        expect("position", null);
        expect("position", "........................ w 9");
        expect("position", "........................  w 9 9");
        expect("position", "........................ w 9 9 ");
        expect("board", "....................... w 9 9");
        expect("board", "......................... w 9 9");
        expect("board", "...........x............ w 9 9");
        expect("board", "w....................... w 9 9");
        expect("side", "........................ W 9 9");
        expect("side", "........................ white 9 9");
        expect("white in hand", "........................ w -1 9");
        expect("white in hand", "........................ w x 9");
        expect("black in hand", "........................ w 9 +9");
        expect("black in hand", "........................ w 9 ");
    }

    @Test
    void countsNoGameCanReachAreRejected() {
        expect("white in hand", "WWWW.................... w 6 5");
        expect("black in hand", "BBBBBBBBBB.............. w 0 0");
        expect("black in hand", "........................ w 9 10");
        // Nine on board and in hand together is fine.
        Notation.parsePosition("WWWW.................... w 5 5");
        // In the game with four men each, five is too many.
        expect("white in hand", Notation.class, "WWW..................... w 2 0", 4);
    }

    private static void expect(String field, String text) {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parsePosition(text));
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }

    private static void expect(String field, Class<?> unused, String text, int men) {
        NotationException e = assertThrows(NotationException.class, () -> Notation.parsePosition(text, men));
        assertEquals(field, e.field(), e.getMessage());
    }
}
