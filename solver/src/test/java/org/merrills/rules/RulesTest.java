package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Every statement of rules-api.txt, on positions built by hand. */
class RulesTest {
    private static int pt(String name) {
        return Points.point(name).getAsInt();
    }

    /** A 26-value position from "W:a7 d7 B:d2 f2 H:7 5". */
    private static int[] pos(String white, String black, int whiteHand, int blackHand) {
        int[] p = new int[26];
        for (String n : white.split(" ")) {
            if (!n.isEmpty()) {
                p[pt(n)] = 1;
            }
        }
        for (String n : black.split(" ")) {
            if (!n.isEmpty()) {
                p[pt(n)] = -1;
            }
        }
        p[Rules.HAND_WHITE] = whiteHand;
        p[Rules.HAND_BLACK] = blackHand;
        return p;
    }

    private static List<String> texts(List<RawMove> moves) {
        return moves.stream().map(RawMove::toString).collect(Collectors.toList());
    }

    @Test
    void theOpeningHas24PlacementsInPointOrder() {
        int[] opening = Rules.position(new Board());
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9}, opening);
        List<RawMove> moves = Rules.generate(opening, Side.WHITE);
        assertEquals(24, moves.size());
        for (int i = 0; i < 24; i++) {
            assertEquals(new RawMove(RawMove.NONE, i, RawMove.NONE, 0, false), moves.get(i));
        }
        assertEquals(Phase.PLACING, Rules.phase(opening, Side.WHITE));
        assertTrue(Rules.hasMove(opening, Side.BLACK));
    }

    @Test
    void positionAndBoardConvertBothWays() {
        int[] p = pos("a7 d7", "d2 f2 g1", 7, 6);
        int[] back = Rules.position(Rules.board(p));
        assertArrayEquals(p, back);
        assertNotSameArray(p, back);
        Board b = Rules.board(p);
        assertEquals(1, b.get(pt("a7")));
        assertEquals(-1, b.get(pt("g1")));
        assertEquals(0, b.get(pt("d5")));
        assertEquals(6, b.hand(Side.BLACK));
    }

    private static void assertNotSameArray(int[] a, int[] b) {
        assertFalse(a == b, "position() returns a fresh array");
    }

    @Test
    void phaseFollowsHandAndBoardAndTheFlyingArgument() {
        int[] placing = pos("a7 d7 g7", "d2", 1, 5);
        assertEquals(Phase.PLACING, Rules.phase(placing, Side.WHITE));
        int[] three = pos("a7 d7 g7", "d2 f2 b2 a1", 0, 0);
        assertEquals(Phase.FLYING, Rules.phase(three, Side.WHITE));
        assertEquals(Phase.FLYING, Rules.phase(three, Side.WHITE, true));
        assertEquals(Phase.MOVING, Rules.phase(three, Side.WHITE, false));
        assertEquals(Phase.MOVING, Rules.phase(three, Side.BLACK), "four men move along the lines");
    }

    @Test
    void theSidesAreJudgedApartForFlying() {
        // White flies with three men, black with four steps; both from the same position.
        int[] p = pos("a7 d7 b4", "d2 f2 g1 c3", 0, 0);
        List<RawMove> white = Rules.generate(p, Side.WHITE);
        assertTrue(white.stream().allMatch(RawMove::flew));
        // 3 men x 17 empty points; b4-g7 completes a7 d7 g7 and may take any of black's 4 men
        // (none stands in a mill), which turns that one move into four.
        assertEquals(3 * 17 + 3, white.size());
        assertEquals(List.of("b4-g7xc3", "b4-g7xd2", "b4-g7xf2", "b4-g7xg1"),
            texts(white.stream().filter(m -> m.closes() > 0).collect(Collectors.toList())));
        List<RawMove> black = Rules.generate(p, Side.BLACK);
        assertTrue(black.stream().noneMatch(RawMove::flew));
        for (RawMove m : black) {
            assertTrue(Points.isAdjacent(m.from(), m.to()));
        }
        List<RawMove> whiteNoFlying = Rules.generate(p, Side.WHITE, false);
        for (RawMove m : whiteNoFlying) {
            assertTrue(Points.isAdjacent(m.from(), m.to()));
            assertFalse(m.flew());
        }
    }

    @Test
    void aClosingMoveTakesAManOutsideMillsWhenThereIsOne() {
        // White completes a7 d7 g7; black b2 d2 f2 stand in a mill, a1 does not.
        int[] p = pos("a7 d7", "b2 d2 f2 a1", 7, 5);
        List<RawMove> closing = Rules.generate(p, Side.WHITE).stream().filter(m -> m.closes() > 0).collect(Collectors.toList());
        assertEquals(List.of("g7xa1"), texts(closing));
        assertArrayEquals(new int[] {pt("a1")}, Rules.removable(p, Side.WHITE));
        assertEquals(24 - 6, Rules.generate(p, Side.WHITE).size(), "18 empty points, one move each");
    }

    @Test
    void whenEveryEnemyManIsInAMillAnyMayBeTaken() {
        int[] p = pos("a7 d7", "b2 d2 f2", 7, 6);
        List<RawMove> closing = Rules.generate(p, Side.WHITE).stream().filter(m -> m.closes() > 0).collect(Collectors.toList());
        assertEquals(List.of("g7xb2", "g7xd2", "g7xf2"), texts(closing));
        assertArrayEquals(new int[] {pt("b2"), pt("d2"), pt("f2")}, Rules.removable(p, Side.WHITE));
    }

    @Test
    void twoMillsAtOnceStillTakeOneMan() {
        int[] p = pos("a7 d7 g4 g1", "a1 c3", 5, 7);
        assertEquals(2, Rules.closes(p, Side.WHITE, RawMove.NONE, pt("g7")));
        List<RawMove> closing = Rules.generate(p, Side.WHITE).stream().filter(m -> m.closes() > 0).collect(Collectors.toList());
        assertEquals(List.of("g7xc3", "g7xa1"), texts(closing), "men taken in point order: c3 is 15, a1 is 21");
        assertTrue(closing.stream().allMatch(m -> m.closes() == 2));
        int[] after = Rules.apply(p.clone(), Side.WHITE, closing.get(0));
        int black = 0;
        for (int q = 0; q < 24; q++) {
            black += after[q] == -1 ? 1 : 0;
        }
        assertEquals(1, black, "exactly one man taken");
    }

    @Test
    void menInHandAreOutOfReach() {
        int[] p = pos("a7 d7", "a1", 7, 8);
        List<RawMove> closing = Rules.generate(p, Side.WHITE).stream().filter(m -> m.closes() > 0).collect(Collectors.toList());
        assertEquals(List.of("g7xa1"), texts(closing));
    }

    @Test
    void aMillAgainstASideWithNoManOnTheBoardIsNoMove() {
        int[] p = pos("a7 d7", "", 7, 9);
        List<RawMove> moves = Rules.generate(p, Side.WHITE);
        assertEquals(21, moves.size(), "24 points - 2 taken - g7, which would close a mill with nothing to take");
        assertTrue(moves.stream().noneMatch(m -> m.to() == pt("g7")));
        assertEquals(1, Rules.closes(p, Side.WHITE, RawMove.NONE, pt("g7")));
        assertArrayEquals(new int[0], Rules.removable(p, Side.WHITE));
    }

    @Test
    void aHemmedInSideHasNoMove() {
        int[] p = pos("a7 g7 a1 g1", "d7 a4 g4 d1", 0, 0);
        assertFalse(Rules.hasMove(p, Side.WHITE));
        assertTrue(Rules.generate(p, Side.WHITE).isEmpty());
        assertTrue(Rules.hasMove(p, Side.BLACK));
        // The same men with three of them would fly away.
        int[] three = pos("a7 g7 a1", "d7 a4 g4 d1 g1", 0, 0);
        assertTrue(Rules.hasMove(three, Side.WHITE));
        assertFalse(Rules.hasMove(three, Side.WHITE, false));
    }

    @Test
    void aSidePlacingOrFlyingAlwaysHasAMove() {
        Random rnd = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            Position p = RandomPositions.ofKind(rnd, i % 2 == 0 ? 0 : 2);
            if (p.enemy() == 0) {
                continue; // the spec's sentence assumes an opponent on the board; see the no-man test
            }
            assertTrue(Variant.standard(9, true).moves().hasMove(p.own(), p.enemy(), p.ownHand()), p.toString());
            assertTrue(Rules.hasMove(RandomPositions.cells(p), p.toMove()), p.toString());
        }
    }

    @Test
    void closesCountsThePointLeftAsEmpty() {
        int[] p = pos("a7 d7 d6", "a1", 0, 0);
        assertEquals(1, Rules.closes(p, Side.WHITE, RawMove.NONE, pt("g7")));
        assertEquals(0, Rules.closes(p, Side.WHITE, pt("d7"), pt("g7")), "stepping along its own row closes nothing");
        assertEquals(1, Rules.closes(p, Side.WHITE, pt("d6"), pt("g7")));
        // A man stepping out of a mill and back in closes it again.
        int[] out = pos("a7 g7 d6 b4", "a1", 0, 0);
        assertEquals(1, Rules.closes(out, Side.WHITE, pt("d6"), pt("d7")));
        assertEquals(0, Rules.closes(pos("a7 d7", "", 3, 3), Side.BLACK, RawMove.NONE, pt("g7")));
    }

    @Test
    void applyAndUnapplyChangeThePositionInPlaceAndReturnIt() {
        int[] p = pos("a7 d7", "b2 d2 f2 a1", 7, 5);
        int[] before = p.clone();
        RawMove m = Rules.generate(p, Side.WHITE).stream().filter(x -> x.closes() > 0).findFirst().orElseThrow();
        assertSame(p, Rules.apply(p, Side.WHITE, m));
        assertEquals(1, p[pt("g7")]);
        assertEquals(0, p[pt("a1")]);
        assertEquals(6, p[Rules.HAND_WHITE]);
        assertSame(p, Rules.unapply(p, Side.WHITE, m));
        assertArrayEquals(before, p);
        int[] moving = pos("a7 d7 d6 b4", "a1 d1 g1", 0, 0);
        int[] was = moving.clone();
        RawMove step = Rules.generate(moving, Side.WHITE).get(0);
        Rules.apply(moving, Side.WHITE, step);
        assertNotEquals(java.util.Arrays.toString(was), java.util.Arrays.toString(moving));
        Rules.unapply(moving, Side.WHITE, step);
        assertArrayEquals(was, moving);
    }

    @Test
    void badArgumentsSayWhatIsWrong() {
        int[] ok = pos("a7", "d2", 8, 8);
        assertMessage("side must be 'white' or 'black', got 'red'", () -> Side.of("red"));
        assertMessage("got null", () -> Side.of(null));
        assertMessage("side must be white or black, got null", () -> Rules.generate(ok, null));
        assertMessage("position must be 26 values, got 25", () -> Rules.generate(new int[25], Side.WHITE));
        assertMessage("position must be 26 values, got null", () -> Rules.phase(null, Side.WHITE));
        int[] two = ok.clone();
        two[5] = 2;
        assertMessage("position value 5 (f6) must be 1 (white), -1 (black) or 0 (empty), got 2",
            () -> Rules.hasMove(two, Side.WHITE));
        int[] hand = ok.clone();
        hand[Rules.HAND_BLACK] = 13;
        assertMessage("position value 25 (black in hand) must be 0 to 12, got 13", () -> Rules.removable(hand, Side.WHITE));
        hand[Rules.HAND_BLACK] = -1;
        assertMessage("got -1", () -> Rules.board(hand));
        assertMessage("not a point: 24", () -> Rules.closes(ok, Side.WHITE, RawMove.NONE, 24));
        assertMessage("not a point: 30", () -> Rules.closes(ok, Side.WHITE, 30, 3));
        assertEquals(Side.WHITE, Side.of("White"));
        assertEquals(Side.BLACK, Side.of("black"));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should contain '" + part + "'");
    }

    @Test
    void rawMovesConvertToTheSpecArrayAndThePackedForm() {
        RawMove m = new RawMove(pt("d2"), pt("d3"), pt("a1"), 1, false);
        assertArrayEquals(new int[] {19, 16, 21, 1, 0}, m.toArray());
        assertEquals(m, RawMove.of(m.packed()));
        assertEquals("d2-d3xa1", m.toString());
        assertEquals(19, m.toArray()[Rules.RM_FROM]);
        assertEquals(RawMove.NONE, new RawMove(RawMove.NONE, 19, RawMove.NONE, 0, false).toArray()[Rules.RM_FROM],
            "a placement leaves no point");
        assertEquals(16, m.toArray()[Rules.RM_TO]);
        assertEquals(21, m.toArray()[Rules.RM_REMOVE]);
        assertEquals(1, m.toArray()[Rules.RM_CLOSES]);
        assertEquals(0, m.toArray()[Rules.RM_FLEW]);
    }

    /** Random positions of all kinds, flying on and off: the properties that must hold everywhere. */
    @Test
    void propertiesOverRandomPositions() {
        Random rnd = new Random(2026);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < 30_000; i++) {
            Position p = RandomPositions.ofKind(rnd, i % 3);
            boolean flying = rnd.nextBoolean();
            int[] cells = RandomPositions.cells(p);
            int side = p.toMove().sign();
            List<int[]> simple = SimpleRules.generate(cells, p.ownHand(), side, flying);
            int n = p.generate(Variant.standard(9, flying), buf);
            assertEquals(simple.size(), n, p + " flying " + flying);
            Set<Integer> seen = new HashSet<>();
            BitBoard board = new BitBoard(p.white(), p.black(), p.whiteHand(), p.blackHand());
            BitBoard copy = board.copy();
            for (int k = 0; k < n; k++) {
                int m = buf[k];
                int[] s = simple.get(k);
                assertEquals(s[0] < 0 ? Move.NONE : s[0], Move.from(m), p + " move " + k);
                assertEquals(s[1], Move.to(m));
                assertEquals(s[2] < 0 ? Move.NONE : s[2], Move.removed(m));
                assertTrue(seen.add(m & 0x7FFF), "duplicate move in " + p);
                if (k > 0) {
                    int prev = buf[k - 1];
                    long a = key(prev), b = key(m);
                    assertTrue(a < b, "order: landed on, then left, then taken, in " + p);
                }
                board.apply(p.toMove(), m);
                board.unapply(p.toMove(), m);
                assertEquals(copy, board, "apply then unapply restores " + p);
                RawMove raw = RawMove.of(m);
                int[] c = cells.clone();
                Rules.apply(c, p.toMove(), raw);
                Rules.unapply(c, p.toMove(), raw);
                assertArrayEquals(cells, c);
            }
            assertEquals(n > 0, Variant.standard(9, flying).moves().hasMove(p.own(), p.enemy(), p.ownHand()), p.toString());
        }
    }

    private static long key(int move) {
        int from = Move.from(move) == Move.NONE ? -1 : Move.from(move);
        int rem = Move.removed(move) == Move.NONE ? -1 : Move.removed(move);
        return (long) Move.to(move) * 10_000 + (from + 1) * 100 + rem + 1;
    }
}
