package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast generator of each variant against the simple one, move for move and in order, on
 * random positions of every kind the variant allows: sides placing, moving, flying, and in Lasker
 * holding men with men on the board (two on board and one in hand among them), flying on and off.
 */
class VariantsAgainstSimpleRulesTest {
    private static final int POSITIONS = 20_000;

    private static Position random(Random rnd, int men) {
        int ownHand = rnd.nextInt(men + 1);
        int enemyHand = rnd.nextInt(men + 1);
        int own = rnd.nextInt(men - ownHand + 1);
        int enemy = Math.min(rnd.nextInt(men - enemyHand + 1), 24 - own);
        Side side = rnd.nextBoolean() ? Side.WHITE : Side.BLACK;
        return side == Side.WHITE
            ? RandomPositions.random(rnd, own, enemy, ownHand, enemyHand, side)
            : RandomPositions.random(rnd, enemy, own, enemyHand, ownHand, side);
    }

    private static void agree(Variant v, Position p, int[] buf) {
        int[] cells = RandomPositions.cells(p);
        List<int[]> simple = SimpleRules.generate(cells, p.ownHand(), p.toMove().sign(), v);
        int n = p.generate(v, buf);
        assertEquals(simple.size(), n, v + ": " + p);
        for (int k = 0; k < n; k++) {
            int[] s = simple.get(k);
            int m = buf[k];
            assertEquals(s[0] < 0 ? Move.NONE : s[0], Move.from(m), v + ": " + p + " move " + k);
            assertEquals(s[1], Move.to(m), v + ": " + p + " move " + k);
            assertEquals(s[2] < 0 ? Move.NONE : s[2], Move.removed(m), v + ": " + p + " move " + k);
        }
        MoveGenerator rules = v.moves();
        assertEquals(n > 0, rules.hasMove(p.own(), p.enemy(), p.ownHand()), v + ": " + p);
        MoveGenerator.End end = Integer.bitCount(p.own()) + p.ownHand() < 3 ? MoveGenerator.End.LOST
            : n > 0 ? MoveGenerator.End.NOT_OVER
            : v.name().equals("morabaraba") && Integer.bitCount(p.own() | p.enemy()) == 24 ? MoveGenerator.End.DRAWN
            : MoveGenerator.End.LOST;
        assertEquals(end, p.end(v), v + ": " + p);
    }

    @Test
    void everyVariantAgreesWithTheSimpleGenerator() {
        Random rnd = new Random(20261201);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (String name : Variant.NAMES) {
            for (boolean flying : new boolean[] {true, false}) {
                Variant v = Variant.named(name, null, flying);
                for (int i = 0; i < POSITIONS; i++) {
                    agree(v, random(rnd, v.men()), buf);
                }
            }
        }
    }

    /**
     * The generator's move kinds as masks, for the solver: {@code boardMoves} splits the board
     * moves of the simple generator into quiet ones and mill-closing (from, to) pairs (listed once
     * per man they may take there); {@code closingBoardMoves} gives the same counts and the same
     * closing masks, each once (in its own order); {@code closingPoints} is every empty point
     * where a man completes a mill.
     */
    @Test
    void theMoveKindsAgreeWithTheSimpleGenerator() {
        Random rnd = new Random(20261202);
        int[] quiet = new int[MoveGenerator.MAX_MOVES], closing = new int[MoveGenerator.MAX_MOVES];
        int[] closingOnly = new int[MoveGenerator.MAX_MOVES];
        int closingSeen = 0;
        for (String name : Variant.NAMES) {
            for (boolean flying : new boolean[] {true, false}) {
                Variant v = Variant.named(name, null, flying);
                MoveGenerator rules = v.moves();
                for (int i = 0; i < POSITIONS; i++) {
                    Position p = random(rnd, v.men());
                    int own = p.own(), enemy = p.enemy(), hand = p.ownHand();
                    int empty = Geometry.ALL & ~(own | enemy);
                    int points = 0;
                    for (int t = empty; t != 0; t &= t - 1) {
                        int to = Integer.numberOfTrailingZeros(t);
                        points |= rules.board().closes(own, to) != 0 ? 1 << to : 0;
                    }
                    assertEquals(points, rules.board().closingPoints(own, empty), v + ": " + p);
                    if (enemy == 0) {
                        continue;   // a closing move is in the simple list only with a man to take
                    }
                    int wantQuiet = 0;
                    java.util.Set<Integer> wantClosing = new java.util.TreeSet<>();
                    for (int[] s : SimpleRules.generate(RandomPositions.cells(p), hand, p.toMove().sign(), v)) {
                        if (s[0] < 0) {
                            continue;                                  // a placement
                        }
                        if (s[2] < 0) {
                            wantQuiet++;
                        } else {
                            wantClosing.add(own & ~(1 << s[0]) | 1 << s[1]);
                        }
                    }
                    int counts = rules.boardMoves(own, enemy, hand, quiet, closing);
                    int nc = MoveGenerator.closingCount(counts);
                    assertEquals(wantQuiet, MoveGenerator.quietCount(counts), v + ": " + p);
                    java.util.Set<Integer> haveClosing = new java.util.TreeSet<>();
                    for (int k = 0; k < nc; k++) {
                        haveClosing.add(closing[k]);
                    }
                    assertEquals(wantClosing, haveClosing, v + ": " + p);
                    assertEquals(counts, rules.closingBoardMoves(own, enemy, hand, closingOnly), v + ": " + p);
                    java.util.Set<Integer> haveClosingOnly = new java.util.TreeSet<>();
                    for (int k = 0; k < nc; k++) {
                        haveClosingOnly.add(closingOnly[k]);
                    }
                    assertEquals(wantClosing, haveClosingOnly, v + ": " + p + " (closingBoardMoves)");
                    closingSeen += nc;
                }
            }
        }
        assertTrue(closingSeen > 5_000, "only " + closingSeen + " closing moves drawn");
    }

    /** Crowded boards, where the variants differ most: Morabaraba's twelve a side, up to full. */
    @Test
    void crowdedMorabarabaBoards() {
        Random rnd = new Random(7);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < POSITIONS; i++) {
            int w = 9 + rnd.nextInt(4), b = 9 + rnd.nextInt(4);
            Side side = rnd.nextBoolean() ? Side.WHITE : Side.BLACK;
            agree(Variant.MORABARABA, RandomPositions.random(rnd, w, b, 0, 0, side), buf);
        }
        agree(Variant.MORABARABA, RandomPositions.random(rnd, 12, 12, 0, 0, Side.BLACK), buf);
    }
}
