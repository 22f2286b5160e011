package org.merrills.index;

/** Binomial coefficients C(n, k) for n, k up to 24, and the combinatorial number system over masks. */
public final class Binomial {
    private static final long[][] C = new long[25][25];

    static {
        for (int n = 0; n <= 24; n++) {
            C[n][0] = 1;
            for (int k = 1; k <= n; k++) {
                C[n][k] = C[n - 1][k - 1] + (k <= n - 1 ? C[n - 1][k] : 0);
            }
        }
    }

    private Binomial() {
    }

    /**
     * C(n, k) for n, k in 0..24 as one flat int array with rows of {@code stride} (25 or more):
     * {@code C(n, k)} at {@code n * stride + k}, 0 where k > n. For inner loops: one load, no
     * bounds test on k. Every C(n, k) with n up to 24 fits an int.
     */
    public static int[] flat(int stride) {
        if (stride < 25) {
            throw new IllegalArgumentException("rows of " + stride + " cannot hold k up to 24");
        }
        int[] t = new int[25 * stride];
        for (int n = 0; n <= 24; n++) {
            for (int k = 0; k <= 24; k++) {
                t[n * stride + k] = Math.toIntExact(of(n, k));
            }
        }
        return t;
    }

    /** C(n, k), 0 when k is out of 0..n. */
    public static long of(int n, int k) {
        return k < 0 || k > n || n < 0 ? 0 : C[n][k];
    }

    /**
     * The colex rank of a set of bit positions: sum over its i-th lowest bit p of C(p, i+1). Sets
     * of k bits below n rank onto 0..C(n,k)-1.
     */
    public static long colex(int mask) {
        long r = 0;
        int i = 1;
        for (int m = mask; m != 0; m &= m - 1) {
            r += C[Integer.numberOfTrailingZeros(m)][i++];
        }
        return r;
    }

    /** The set of {@code k} bit positions below {@code n} with colex rank {@code rank}. */
    public static int uncolex(long rank, int k, int n) {
        int mask = 0;
        int p = n - 1;
        for (int i = k; i >= 1; i--) {
            while (C[p][i] > rank) {
                p--;
            }
            rank -= C[p][i];
            mask |= 1 << p;
            p--;
        }
        return mask;
    }
}
