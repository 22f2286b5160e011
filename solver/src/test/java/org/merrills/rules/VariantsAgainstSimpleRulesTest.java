package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
