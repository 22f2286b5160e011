package org.merrills.index;

import org.merrills.rules.Points;

/**
 * The 16 symmetries of the board: 4 rotations, times a mirror, times swapping the inner and the
 * outer square. Each is a permutation of the 24 points that keeps every line and every mill, so
 * positions that are images of each other have the same value.
 *
 * <p>Symmetry {@code g = 8s + 4m + k} is: rotate a quarter turn clockwise {@code k} times, then
 * mirror left to right if {@code m = 1}, then swap the inner and outer squares if {@code s = 1}.
 * Symmetry 0 is the identity.
 *
 * <p>{@link #apply} maps a whole 24-bit mask with three table lookups (one per byte), so that
 * canonicalising a position costs 16 x 3 x 2 loads and no branches.
 */
public final class Symmetries {
    /** The number of symmetries. */
    public static final int COUNT = 16;

    private static final int[][] PERM = new int[COUNT][Points.POINTS];
    private static final int[][] INVERSE = new int[COUNT][];
    /**
     * {@code BYTE_MAP[(g * 3 + i) << 8 | v]}: the image under g of the mask whose byte i is v
     * (other bytes 0). One flat array, so that a lookup is one load, not two.
     */
    private static final int[] BYTE_MAP = new int[COUNT * 3 * 256];
    /** {@code POINT_MAP[g * 32 + p]}: {@link #map}, flat. */
    private static final int[] POINT_MAP = new int[COUNT * 32];

    static {
        int[] pointAt = new int[49];
        java.util.Arrays.fill(pointAt, -1);
        for (int p = 0; p < Points.POINTS; p++) {
            pointAt[Points.rowOf(p) * 7 + Points.colOf(p)] = p;
        }
        for (int g = 0; g < COUNT; g++) {
            int k = g & 3, m = (g >> 2) & 1, s = (g >> 3) & 1;
            for (int p = 0; p < Points.POINTS; p++) {
                int dr = Points.rowOf(p) - 3, dc = Points.colOf(p) - 3;
                for (int i = 0; i < k; i++) { // (dr, dc) -> (dc, -dr): a quarter turn clockwise
                    int t = dr;
                    dr = dc;
                    dc = -t;
                }
                if (m == 1) {
                    dc = -dc;
                }
                if (s == 1) {
                    int ring = Math.max(Math.abs(dr), Math.abs(dc));
                    int to = 4 - ring; // 3 <-> 1, 2 stays
                    dr = dr / ring * to;
                    dc = dc / ring * to;
                }
                int q = pointAt[(dr + 3) * 7 + dc + 3];
                if (q < 0) {
                    throw new AssertionError("symmetry " + g + " sends " + Points.name(p) + " off the points");
                }
                PERM[g][p] = q;
                POINT_MAP[g * 32 + p] = q;
            }
            INVERSE[g] = new int[Points.POINTS];
            for (int p = 0; p < Points.POINTS; p++) {
                INVERSE[g][PERM[g][p]] = p;
            }
            for (int i = 0; i < 3; i++) {
                for (int v = 0; v < 256; v++) {
                    int img = 0;
                    for (int bit = 0; bit < 8; bit++) {
                        if ((v >>> bit & 1) != 0) {
                            img |= 1 << PERM[g][8 * i + bit];
                        }
                    }
                    BYTE_MAP[(g * 3 + i) << 8 | v] = img;
                }
            }
        }
    }

    private Symmetries() {
    }

    /** Where symmetry {@code g} sends point {@code p}. */
    public static int map(int g, int p) {
        return POINT_MAP[g * 32 + p];
    }

    /** The symmetry that undoes {@code g}. */
    public static int inverse(int g) {
        for (int h = 0; h < COUNT; h++) {
            if (PERM[h][PERM[g][0]] == 0 && compose(h, g) == 0) {
                return h;
            }
        }
        throw new AssertionError();
    }

    /** The index of the symmetry "first {@code first}, then {@code then}". */
    public static int compose(int then, int first) {
        outer:
        for (int h = 0; h < COUNT; h++) {
            for (int p = 0; p < Points.POINTS; p++) {
                if (PERM[h][p] != PERM[then][PERM[first][p]]) {
                    continue outer;
                }
            }
            return h;
        }
        throw new AssertionError("the symmetries are not closed under composition");
    }

    /** The image of a mask under symmetry {@code g}. */
    public static int apply(int g, int mask) {
        int[] t = BYTE_MAP;
        int b = g * 768;
        return t[b | mask & 0xFF] | t[b + 256 | (mask >>> 8) & 0xFF] | t[b + 512 | (mask >>> 16) & 0xFF];
    }

    /** A copy of symmetry {@code g} as a permutation: {@code perm[p]} is the image of p. */
    public static int[] permutation(int g) {
        return PERM[g].clone();
    }

    /** The symmetries that keep {@code mask}, as a 16-bit set (bit 0, the identity, always set). */
    public static int stabiliser(int mask) {
        int stab = 0;
        for (int g = 0; g < COUNT; g++) {
            if (apply(g, mask) == mask) {
                stab |= 1 << g;
            }
        }
        return stab;
    }

    /** Whether no symmetry of the set {@code symmetries} maps {@code mask} below itself. */
    public static boolean smallestUnder(int symmetries, int mask) {
        for (int g = symmetries; g != 0; g &= g - 1) {
            if (apply(Integer.numberOfTrailingZeros(g), mask) < mask) {
                return false;
            }
        }
        return true;
    }
}
