package org.merrills.index;

/**
 * The number of positions of a board (W, B) up to the 16 symmetries, by Burnside's lemma: the
 * average over the symmetries of the positions each one keeps. A symmetry keeps a position when
 * every one of its cycles of points is all own men, all enemy men or all empty, so the count per
 * symmetry follows from its cycle lengths alone. Independent of the index, which is why the
 * index's size is checked against it.
 */
public final class SymmetryClasses {
    /** Per symmetry, the lengths of its cycles on the 24 points. */
    private static final int[][] CYCLES = new int[Symmetries.COUNT][];

    static {
        for (int g = 0; g < Symmetries.COUNT; g++) {
            int[] perm = Symmetries.permutation(g);
            boolean[] seen = new boolean[24];
            int[] lengths = new int[24];
            int n = 0;
            for (int p = 0; p < 24; p++) {
                int len = 0;
                for (int q = p; !seen[q]; q = perm[q]) {
                    seen[q] = true;
                    len++;
                }
                if (len > 0) {
                    lengths[n++] = len;
                }
            }
            CYCLES[g] = java.util.Arrays.copyOf(lengths, n);
        }
    }

    private SymmetryClasses() {
    }

    /** The symmetry classes of the positions with {@code own} men of one side and {@code enemy} of the other. */
    public static long of(int own, int enemy) {
        if (own < 0 || enemy < 0 || own + enemy > 24) {
            throw new IllegalArgumentException("no board holds " + own + " and " + enemy + " men");
        }
        long sum = 0;
        for (int g = 0; g < Symmetries.COUNT; g++) {
            sum += fixedBy(g, own, enemy);
        }
        if (sum % Symmetries.COUNT != 0) {
            throw new AssertionError("Burnside sum " + sum + " is not a multiple of 16");
        }
        return sum / Symmetries.COUNT;
    }

    /** The positions (W, B) that symmetry g keeps: colourings of its cycles with W own and B enemy points. */
    static long fixedBy(int g, int own, int enemy) {
        long[][] ways = new long[own + 1][enemy + 1];
        ways[0][0] = 1;
        for (int len : CYCLES[g]) {
            for (int w = own; w >= 0; w--) {
                for (int b = enemy; b >= 0; b--) {
                    long add = 0;
                    if (w >= len) {
                        add += ways[w - len][b];
                    }
                    if (b >= len) {
                        add += ways[w][b - len];
                    }
                    ways[w][b] += add;
                }
            }
        }
        return ways[own][enemy];
    }

    /** The symmetry classes of a sector: its board's (the men in hand do not move). */
    public static long of(Sector s) {
        return of(s.w(), s.b());
    }
}
