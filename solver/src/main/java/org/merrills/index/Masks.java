package org.merrills.index;

/**
 * The steps over sets of points that the index, its walks and the solvers' loops share, kept in
 * one place because each is easy to get subtly wrong: the next mask with as many points in colex
 * order (which for masks is numeric order), the same within a given set of points, and the
 * lowest points of a set. None allocates or branches on more than the bits it needs.
 */
public final class Masks {
    private Masks() {
    }

    /**
     * The next larger mask with as many set bits: Gosper's hack, whose division by the lowest bit
     * is written as a shift. Colex order on masks of k bits is their numeric order, so this walks
     * the k-subsets of the points in colex order. Not to be called on the last mask of a width it
     * must stay within (the result then has a bit above it); 0 gives 0.
     */
    public static int nextSameBitCount(int mask) {
        int low = mask & -mask;
        int ripple = mask + low;
        return ((ripple ^ mask) >>> (2 + Integer.numberOfTrailingZeros(mask))) | ripple;
    }

    /**
     * The next subset of {@code free} in colex order with as many points as {@code subset} (not
     * the last): Gosper's hack with the carry running over the points of {@code free} only, the
     * points it carried off put back on the lowest points of {@code free}.
     */
    public static int nextSubsetOf(int free, int subset) {
        int low = subset & -subset;
        int moved = ((subset | ~free) + low) & free;   // the run ending at low cleared, the next free point set
        return moved | lowestPoints(free, Integer.bitCount(subset) - Integer.bitCount(moved));
    }

    /** The {@code count} lowest set bits of {@code mask} (all of them if it has fewer). */
    public static int lowestPoints(int mask, int count) {
        int out = 0;
        for (int m = mask; count > 0 && m != 0; count--, m &= m - 1) {
            out |= m & -m;
        }
        return out;
    }
}
