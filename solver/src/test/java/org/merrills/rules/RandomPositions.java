package org.merrills.rules;

import java.util.Random;

/** Random positions of every kind, for property tests: placing, moving and flying sides. */
public final class RandomPositions {
    private RandomPositions() {
    }

    /** A random placement of {@code white} and {@code black} men with the given hands. */
    public static Position random(Random rnd, int white, int black, int whiteHand, int blackHand, Side toMove) {
        int[] points = shuffledPoints(rnd);
        int w = 0, b = 0;
        for (int i = 0; i < white; i++) {
            w |= 1 << points[i];
        }
        for (int i = white; i < white + black; i++) {
            b |= 1 << points[i];
        }
        return new Position(w, b, whiteHand, blackHand, toMove);
    }

    /** Kind 0: the side to move is placing; 1: moving; 2: flying (three men, none in hand). */
    public static Position ofKind(Random rnd, int kind) {
        Side side = rnd.nextBoolean() ? Side.WHITE : Side.BLACK;
        int ownHand, enemyHand, own, enemy;
        switch (kind) {
            case 0:
                ownHand = 1 + rnd.nextInt(9);
                enemyHand = Math.max(0, ownHand - rnd.nextInt(2));
                own = rnd.nextInt(10 - ownHand);
                enemy = rnd.nextInt(10 - enemyHand);
                break;
            case 1:
                ownHand = 0;
                enemyHand = 0;
                own = 3 + rnd.nextInt(7);
                enemy = rnd.nextInt(10);
                break;
            default:
                ownHand = 0;
                enemyHand = 0;
                own = 3;
                enemy = rnd.nextInt(10);
                break;
        }
        return side == Side.WHITE
            ? random(rnd, own, enemy, ownHand, enemyHand, side)
            : random(rnd, enemy, own, enemyHand, ownHand, side);
    }

    private static int[] shuffledPoints(Random rnd) {
        int[] p = new int[24];
        for (int i = 0; i < 24; i++) {
            p[i] = i;
        }
        for (int i = 23; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /** The 26-value spec form of a position. */
    public static int[] cells(Position p) {
        int[] c = new int[26];
        for (int q = 0; q < 24; q++) {
            c[q] = (p.white() >>> q & 1) != 0 ? 1 : (p.black() >>> q & 1) != 0 ? -1 : 0;
        }
        c[24] = p.whiteHand();
        c[25] = p.blackHand();
        return c;
    }
}
