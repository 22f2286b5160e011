package org.merrills.retro;

import org.merrills.rules.Masks;

/**
 * The unmove (predecessor) generator of the moving phase: the positions from which a move that
 * takes no man leads to a given one. These are exactly the edges inside a moving pair
 * {@code W-B-0-0 / B-W-0-0}, the only edges the retrograde propagation walks backwards.
 *
 * <p>In a position {@code (own to move, enemy)} the enemy has just moved a man from some empty
 * point {@code from} to a point {@code to} it now holds, closing no mill (else it would have taken
 * a man and left the pair). So: take an enemy man at {@code to} that stands in no complete enemy
 * mill, put it back on an empty point adjacent to {@code to} (any empty point when the enemy has
 * exactly three men and flying is on). The predecessor has the enemy to move:
 * {@code own' = enemy - to + from}, {@code enemy' = own}.
 */
public final class Unmoves {
    /** Room enough for any position: at most 9 men with 4 neighbours, or 3 flying men x 21 points. */
    public static final int MAX_UNMOVES = 64;

    private Unmoves() {
    }

    /**
     * Writes the predecessors of {@code (own, enemy)} into {@code out}, packed as
     * {@link org.merrills.index.SectorIndex#pack} of (predecessor's mover, its opponent), and
     * returns how many there are. Distinct masks, possibly symmetric images of each other.
     */
    public static int generate(int own, int enemy, boolean flyingRule, long[] out) {
        int empty = Masks.ALL & ~(own | enemy);
        boolean flew = flyingRule && Integer.bitCount(enemy) == 3;
        int movable = enemy & ~Masks.inMills(enemy);
        long ownHigh = (long) own << 24;
        int n = 0;
        for (int t = movable; t != 0; t &= t - 1) {
            int to = Integer.numberOfTrailingZeros(t);
            int rest = enemy & ~(1 << to);
            int froms = flew ? empty : empty & Masks.ADJACENT[to];
            for (int f = froms; f != 0; f &= f - 1) {
                out[n++] = (rest | (f & -f)) | ownHigh;
            }
        }
        return n;
    }
}
