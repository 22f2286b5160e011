package org.merrills.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A board as bit masks: which points are neighbours and which triples are mills. Bit {@code p}
 * stands for point {@code p} of {@link Points}. The standard board is the one of {@link Points};
 * Morabaraba's adds the four diagonals from each outer corner through the middle square's corner
 * to the inner square's corner, which are both lines to move along and mills. The points, their
 * names and the 16 symmetries are the same on every board (a symmetry maps diagonals onto
 * diagonals), so only these tables vary.
 *
 * <p>"Does a man landing on p close a mill" is two mask tests against {@link #closes}'s table:
 * the other two points of each of p's two mills (its row and its column), and on a board with
 * diagonals a third test for the diagonal's mill, skipped on the standard board so that its
 * move generation costs what it did before the variants came.
 */
public final class Geometry {
    /** All 24 points. */
    public static final int ALL = (1 << Points.POINTS) - 1;
    /** A mask no set of men can complete: the diagonal mill of a point that lies on no diagonal. */
    static final int NO_MILL = 1 << 30;

    /** The board of Nine Men's Morris and Lasker Morris: 24 points, 32 lines, 16 mills. */
    public static final Geometry STANDARD = new Geometry("morris", List.of());
    /** The board of Morabaraba: the standard board and four diagonals, 40 lines, 20 mills. */
    public static final Geometry MORABARABA = new Geometry("morabaraba",
        List.of(List.of("a7", "b6", "c5"), List.of("g7", "f6", "e5"), List.of("a1", "b2", "c3"), List.of("g1", "f2", "e3")));

    private final String name;
    private final int[] adjacent = new int[Points.POINTS];
    private final int[] mills;
    private final int[] diagonals;
    /** The other two points of each point's row mill ({@code 2p}) and column mill ({@code 2p+1}). */
    private final int[] millRest = new int[2 * Points.POINTS];
    /** The other two points of each point's diagonal mill, {@link #NO_MILL} off the diagonals. */
    private final int[] diagonalRest = new int[Points.POINTS];
    private final boolean hasDiagonals;

    private Geometry(String name, List<List<String>> diagonalLines) {
        this.name = name;
        for (int p = 0; p < Points.POINTS; p++) {
            for (int q : Points.ADJACENT.get(p)) {
                adjacent[p] |= 1 << q;
            }
        }
        List<Integer> all = new ArrayList<>();
        for (List<Integer> mill : Points.MILLS) {
            all.add(mask(mill.get(0), mill.get(1), mill.get(2)));
        }
        diagonals = new int[diagonalLines.size()];
        for (int d = 0; d < diagonals.length; d++) {
            int[] p = new int[3];
            for (int k = 0; k < 3; k++) {
                p[k] = Points.point(diagonalLines.get(d).get(k)).orElseThrow();
            }
            adjacent[p[0]] |= 1 << p[1];
            adjacent[p[1]] |= 1 << p[0] | 1 << p[2];
            adjacent[p[2]] |= 1 << p[1];
            diagonals[d] = mask(p[0], p[1], p[2]);
            all.add(diagonals[d]);
        }
        mills = all.stream().mapToInt(Integer::intValue).toArray();
        hasDiagonals = diagonals.length > 0;
        java.util.Arrays.fill(diagonalRest, NO_MILL);
        for (int p = 0; p < Points.POINTS; p++) {
            for (int k = 0; k < 2; k++) {
                int mask = 0;
                for (int q : Points.MILLS_OF.get(p).get(k)) {
                    mask |= 1 << q;
                }
                millRest[2 * p + k] = mask & ~(1 << p);
            }
            for (int d : diagonals) {
                if ((d >>> p & 1) != 0) {
                    diagonalRest[p] = d & ~(1 << p);
                }
            }
        }
    }

    private static int mask(int a, int b, int c) {
        return 1 << a | 1 << b | 1 << c;
    }

    /** {@code morris} or {@code morabaraba}: how fingerprints and messages name the board. */
    public String name() {
        return name;
    }

    /** The neighbours of a point as a mask: where a man standing on it can step. */
    public int adjacent(int p) {
        return adjacent[p];
    }

    /** The mills, as masks: the standard board's sixteen in {@link Points#MILLS} order, then the diagonals. */
    public int[] mills() {
        return mills.clone();
    }

    /** The diagonal lines (each a mill), empty on the standard board. */
    public int[] diagonals() {
        return diagonals.clone();
    }

    /** Lines between neighbours: 32 on the standard board, 40 with the diagonals. */
    public int lines() {
        int ends = 0;
        for (int a : adjacent) {
            ends += Integer.bitCount(a);
        }
        return ends / 2;
    }

    /**
     * How many mills a man completes by landing on {@code to}, given the mask of its side's men
     * with the man already lifted off the point it left (if any).
     */
    public int closes(int ownWithoutMover, int to) {
        return closes(millRest, hasDiagonals ? diagonalRest : null, ownWithoutMover, to);
    }

    /**
     * {@link #closes} over the tables themselves, for a caller that keeps them in its own fields
     * (the move generator: one load less per test in its inner loop).
     */
    static int closes(int[] millRest, int[] diagonalRest, int ownWithoutMover, int to) {
        int a = millRest[2 * to], d = millRest[2 * to + 1];
        int n = ((ownWithoutMover & a) == a ? 1 : 0) + ((ownWithoutMover & d) == d ? 1 : 0);
        if (diagonalRest != null) {
            int g = diagonalRest[to];
            n += (ownWithoutMover & g) == g ? 1 : 0;
        }
        return n;
    }

    int[] millRestTable() {
        return millRest;
    }

    /** The diagonal mills' table, or null on a board without diagonals. */
    int[] diagonalRestTable() {
        return hasDiagonals ? diagonalRest : null;
    }

    int[] adjacentTable() {
        return adjacent;
    }

    /** The empty points of {@code empty} where a man of {@code own} (none lifted) would close a mill. */
    public int closingPoints(int own, int empty) {
        int closing = 0;
        for (int m : mills) {
            int lacking = m & ~own;
            closing |= lacking & (((lacking & (lacking - 1)) - 1) >> 31);   // the point, when own lacks just one
        }
        return closing & empty;
    }

    /**
     * The men of a mask that stand in at least one complete mill of that mask. Without a branch
     * per mill: whether a mill is complete is data the branch predictor cannot learn, and every
     * unmove generation and capture asks this.
     */
    public int inMills(int men) {
        int in = 0;
        for (int m : mills) {
            in |= m & (((men & m) ^ m) - 1) >> 31;    // m when men hold all of m, else 0
        }
        return in;
    }

    @Override
    public String toString() {
        return name;
    }
}
