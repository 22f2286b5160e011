package org.merrills.retro;

import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/**
 * The unmove (predecessor) generator of a pair: the positions from which a board move that takes
 * no man leads to a given one. These are exactly the edges inside a pair {@code W-B-WF-BF /
 * B-W-BF-WF} (the moving pairs of every variant, and Lasker's pairs with men in hand), the only
 * edges the retrograde propagation walks backwards.
 *
 * <p>In a position {@code (own to move, enemy)} the enemy has just moved a man from some empty
 * point {@code from} to a point {@code to} it now holds, closing no mill (else it would have taken
 * a man and left the pair). So: take an enemy man at {@code to} that stands in no complete enemy
 * mill, put it back on an empty point adjacent to {@code to} (any empty point when the enemy
 * flies, by {@link MoveGenerator#flies} with the men it holds). The predecessor has the enemy to
 * move: {@code own' = enemy - to + from}, {@code enemy' = own}. Hands do not change on a board
 * move, and the enemy was allowed to move (the pair exists only where the rules let it).
 */
public final class Unmoves {
    /** Room enough for any position: at most 12 men with 4 neighbours, or 3 flying men x 21 points. */
    public static final int MAX_UNMOVES = 64;

    private final MoveGenerator rules;
    private final Geometry board;

    public Unmoves(Variant variant) {
        this.rules = variant.moves();
        this.board = rules.board();
    }

    /**
     * Writes the predecessors of {@code (own, enemy)}, the enemy holding {@code enemyHand} men,
     * into {@code out}, packed as {@link org.merrills.index.SectorIndex#pack} of (predecessor's
     * mover, its opponent), and returns how many there are. Distinct masks, possibly symmetric
     * images of each other.
     */
    public int generate(int own, int enemy, int enemyHand, long[] out) {
        int empty = Geometry.ALL & ~(own | enemy);
        boolean flew = rules.flies(Integer.bitCount(enemy), enemyHand);
        int movable = enemy & ~board.inMills(enemy);
        long ownHigh = (long) own << 24;
        int n = 0;
        for (int t = movable; t != 0; t &= t - 1) {
            int to = Integer.numberOfTrailingZeros(t);
            int rest = enemy & ~(1 << to);
            int froms = flew ? empty : empty & board.adjacent(to);
            for (int f = froms; f != 0; f &= f - 1) {
                out[n++] = (rest | (f & -f)) | ownHigh;
            }
        }
        return n;
    }
}
