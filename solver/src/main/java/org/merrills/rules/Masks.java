package org.merrills.rules;

/**
 * The board as bit masks, for the move generator and everything that indexes rather than calls:
 * bit {@code p} stands for point {@code p}. Built once from {@link Points}, so the two can never
 * disagree.
 *
 * <p>"Does a man landing on p close a mill" is two mask tests against {@link #MILL_REST}: the
 * other two points of each of p's mills.
 */
public final class Masks {
    /** All 24 points. */
    public static final int ALL = (1 << Points.POINTS) - 1;
    /** The neighbours of each point. */
    public static final int[] ADJACENT = new int[Points.POINTS];
    /** The sixteen mills, in {@link Points#MILLS} order. */
    public static final int[] MILLS = new int[16];
    /**
     * For each point, the other two points of its two mills: {@code MILL_REST[2p]} across and
     * {@code MILL_REST[2p+1]} down. A flat array keeps the lookup to one bounds check.
     */
    public static final int[] MILL_REST = new int[2 * Points.POINTS];

    static {
        for (int p = 0; p < Points.POINTS; p++) {
            for (int q : Points.ADJACENT.get(p)) {
                ADJACENT[p] |= 1 << q;
            }
        }
        for (int m = 0; m < 16; m++) {
            for (int p : Points.MILLS.get(m)) {
                MILLS[m] |= 1 << p;
            }
        }
        for (int p = 0; p < Points.POINTS; p++) {
            for (int k = 0; k < 2; k++) {
                int mask = 0;
                for (int q : Points.MILLS_OF.get(p).get(k)) {
                    mask |= 1 << q;
                }
                MILL_REST[2 * p + k] = mask & ~(1 << p);
            }
        }
    }

    private Masks() {
    }

    /**
     * How many mills a man completes by landing on {@code to}, given the mask of its side's men
     * with the man already lifted off the point it left (if any).
     */
    public static int closes(int ownWithoutMover, int to) {
        int a = MILL_REST[2 * to], d = MILL_REST[2 * to + 1];
        return ((ownWithoutMover & a) == a ? 1 : 0) + ((ownWithoutMover & d) == d ? 1 : 0);
    }

    /** The men of a mask that stand in at least one complete mill of that mask. */
    public static int inMills(int men) {
        int in = 0;
        for (int m : MILLS) {
            if ((men & m) == m) {
                in |= m;
            }
        }
        return in;
    }

    /**
     * The men a side may take on closing a mill: the enemy men outside any mill, or every enemy
     * man when all of them stand in mills.
     */
    public static int removable(int enemy) {
        int outside = enemy & ~inMills(enemy);
        return outside != 0 ? outside : enemy;
    }
}
