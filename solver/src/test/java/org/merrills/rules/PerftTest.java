package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Perft from the opening. No mill can close before ply 5, so the counts are products worked out by
 * hand: 24, 24x23 = 552, 552x22 = 12,144, 12,144x21 = 255,024; ply 5 is worked out in
 * {@link #ply5ByCounting}. Ply 6 is checked by two independent walks (slow tag).
 */
class PerftTest {
    @Test
    void openingCountsToPly5() {
        Perft perft = new Perft(Position.OPENING, 5, Variant.STANDARD);
        assertEquals(24, perft.count(1));
        assertEquals(552, perft.count(2));
        assertEquals(12_144, perft.count(3));
        assertEquals(255_024, perft.count(4));
        assertEquals(5_140_800, perft.count(5));
    }

    /** Ply 5 by counting: the placements plus one extra move per closing landing. */
    @Test
    void ply5ByCounting() {
        // Four-ply positions: white's 2 men on an ordered pair of placements times black's.
        // Leaves at ply 5: every empty point (20) is a move; a point that completes white's mill
        // becomes two moves (take either black man; neither of two lone black men is in a mill).
        // White's two men (placed in order: 24 x 23) complete a mill with a third point in
        // 16 mills x 3 pairs x 2 orders = 96 ordered pairs; black's 2 men (22 x 21 orders) must
        // leave that third point empty: 21 x 20 of them.
        long placements = 255_024L * 20;
        long extra = 96L * 21 * 20;
        assertEquals(5_140_800L, placements + extra);
    }

    @Test
    void copyingWalkAgreesWithUnapplyAtPly4() {
        assertEquals(new Perft(Position.OPENING, 4, Variant.STANDARD).count(4), copyWalk(Position.OPENING, 4, true));
        Position moving = Notation.parsePosition("WWW.W.B.B.W.B..B..W..B.B w 0 0");
        for (int d = 1; d <= 4; d++) {
            assertEquals(new Perft(moving, d, Variant.STANDARD).count(d), copyWalk(moving, d, true), "depth " + d);
        }
    }

    private static long copyWalk(Position p, int depth, boolean flying) {
        if (depth == 0) {
            return 1;
        }
        if (Integer.bitCount(p.own()) + p.ownHand() < 3) {
            return 0;
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = p.generate(Variant.standard(9, flying), moves);
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += copyWalk(p.play(moves[i]), depth - 1, flying);
        }
        return total;
    }

    /** The simple generator of the tests, walking on copies: a second, independent perft. */
    static long simpleWalk(int[] cells, int side, int depth, boolean flying) {
        return simpleWalk(cells, side, depth, Variant.standard(9, flying));
    }

    /** The same under a variant's rules (the simple generator reads only its name and flying switch). */
    static long simpleWalk(int[] cells, int side, int depth, Variant variant) {
        int hand = cells[side == 1 ? 24 : 25];
        int men = hand;
        for (int q = 0; q < 24; q++) {
            men += cells[q] == side ? 1 : 0;
        }
        if (depth == 0) {
            return 1;
        }
        if (men < 3) {
            return 0;
        }
        List<int[]> moves = SimpleRules.generate(cells, hand, side, variant);
        if (depth == 1) {
            return moves.size();
        }
        long total = 0;
        for (int[] m : moves) {
            int[] c = cells.clone();
            if (m[0] < 0) {
                c[side == 1 ? 24 : 25]--;
            } else {
                c[m[0]] = 0;
            }
            c[m[1]] = side;
            if (m[2] >= 0) {
                c[m[2]] = 0;
            }
            total += simpleWalk(c, -side, depth - 1, variant);
        }
        return total;
    }

    @Test
    void simpleWalkAgreesToPly4AndInTheMiddleGame() {
        int[] opening = new int[26];
        opening[24] = 9;
        opening[25] = 9;
        assertEquals(255_024, simpleWalk(opening, 1, 4, true));
        Position flying = Notation.parsePosition("WW.W..B.B.W.B..B.....B.. b 0 0");
        int[] cells = RandomPositions.cells(flying);
        for (boolean fly : new boolean[] {true, false}) {
            for (int d = 1; d <= 3; d++) {
                assertEquals(simpleWalk(cells, -1, d, fly), new Perft(flying, d, Variant.standard(9, fly)).count(d), "depth " + d);
            }
        }
    }

    private static int[] opening(Variant v) {
        int[] cells = new int[26];
        cells[24] = v.men();
        cells[25] = v.men();
        return cells;
    }

    /**
     * Lasker from its opening (ten men each). Plies 1 and 2 are placements as in the standard
     * game, 24 and 24 x 23 = 552: a side with no man on the board can only place. From ply 3 on a
     * side with a man on the board may also move it instead, which the standard game forbids
     * while it holds men: at ply 3 white has 22 placements plus a step of its one man to each
     * empty neighbour. Summed over white's first point w and black's b (any other point):
     * 24 x 23 x 22 = 12,144 placements, plus the sum over w of (23 deg w - deg w), since b takes one
     * of w's neighbours in deg w of its 23 choices: 22 x (sum of degrees) = 22 x 64 (the 32 lines
     * have 64 ends) = 1,408 steps. 13,552 in all. Plies 4 and 5 by the simple generator.
     */
    @Test
    void laskerOpeningToPly5() {
        Perft perft = new Perft(Variant.LASKER.opening(), 5, Variant.LASKER);
        assertEquals(24, perft.count(1));
        assertEquals(552, perft.count(2));
        assertEquals(24 * 23 * 22 + 22 * 64, perft.count(3));
        assertEquals(13_552, perft.count(3));
        int[] opening = opening(Variant.LASKER);
        assertEquals(simpleWalk(opening, 1, 4, Variant.LASKER), perft.count(4));
        assertEquals(simpleWalk(opening, 1, 5, Variant.LASKER), perft.count(5));
    }

    /**
     * Morabaraba from its opening (twelve men each). No mill can close before ply 5 and a side
     * holding men must place, so plies 1 to 4 are the standard game's products: 24, 552, 12,144,
     * 255,024. Ply 5 as in {@link #ply5ByCounting} with 20 mills instead of 16: every ply-4
     * position has 20 placements, and one more move per closing landing (two black men to take):
     * white's two men complete a mill with a third point in 20 x 3 pairs x 2 orders = 120 ordered
     * pairs (two points share at most one line, diagonals included), black's two men avoiding
     * that point in 21 x 20 ways. 255,024 x 20 + 120 x 420 = 5,150,880.
     */
    @Test
    void morabarabaOpeningToPly5() {
        Perft perft = new Perft(Variant.MORABARABA.opening(), 5, Variant.MORABARABA);
        assertEquals(24, perft.count(1));
        assertEquals(552, perft.count(2));
        assertEquals(12_144, perft.count(3));
        assertEquals(255_024, perft.count(4));
        assertEquals(255_024L * 20 + 120L * 21 * 20, perft.count(5));
        assertEquals(5_150_880, perft.count(5));
        assertEquals(simpleWalk(opening(Variant.MORABARABA), 1, 5, Variant.MORABARABA), perft.count(5));
    }

    /** Perft 6 of both variants by the simple generator (slow). */
    @Test
    @Tag("slow")
    void variantsPly6TwoIndependentWalks() {
        for (Variant v : new Variant[] {Variant.LASKER, Variant.MORABARABA}) {
            assertEquals(simpleWalk(opening(v), 1, 6, v), new Perft(v.opening(), 6, v).count(6), v.name());
        }
    }

    /** Perft 6 from the opening by the simple generator (slow: a minute or two). */
    @Test
    @Tag("slow")
    void ply6TwoIndependentWalks() {
        int[] opening = new int[26];
        opening[24] = 9;
        opening[25] = 9;
        assertEquals(simpleWalk(opening, 1, 6, true), new Perft(Position.OPENING, 6, Variant.STANDARD).count(6));
    }
}
