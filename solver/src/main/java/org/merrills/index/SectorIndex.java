package org.merrills.index;

/**
 * A perfect hash of the board positions of one (W, B): the men of the side to move ({@code own},
 * W of them) and of the opponent ({@code enemy}, B of them) as 24-bit masks map to an index in
 * {@code 0..size()-1} and back. Men in hand do not change where a position lives, so every sector
 * {@code W-B-*-*} shares one index.
 *
 * <p>Implementations may fold symmetric positions onto one index. {@link #unrank} then gives the
 * canonical representative, and a slot that no position maps to (a hole, if the scheme has any)
 * unranks to {@link #HOLE}, so that nothing counts or stores it twice.
 *
 * <p>Both directions are the inner loop of the solver and of every probe: implementations do not
 * allocate.
 */
public interface SectorIndex {
    /** What {@link #unrank} returns for a slot no position maps to. */
    long HOLE = -1L;

    /** Men on board of the side to move. */
    int own();

    /** Men on board of the opponent. */
    int enemy();

    /** The number of index slots, holes included. */
    long size();

    /** The index of a position: {@code own} has {@link #own()} bits, {@code enemy} {@link #enemy()}, disjoint. */
    long rank(int own, int enemy);

    /**
     * The position at an index, packed as {@code own | (long) enemy << 24}, or {@link #HOLE}.
     * For a folding index, the canonical representative of its class.
     */
    long unrank(long index);

    /**
     * A handle for ranking many positions with the same own men: what {@link #rankPrepared}
     * needs of {@code own}, worked out once. The default just keeps the mask.
     */
    default long prepareOwn(int own) {
        return own;
    }

    /** {@code rank(own, enemy)} for the own mask {@code prepared} was made from: always the same index. */
    default long rankPrepared(long prepared, int enemy) {
        return rank((int) prepared, enemy);
    }

    /**
     * {@code rankPrepared(prepared, enemy | 1 << p)} for each point p of {@code points} in
     * ascending order, into {@code out[at..]}; returns how many (the points' count). The points
     * are outside the own mask and {@code enemy}, which holds one man fewer than {@link #enemy()}.
     */
    default int rankEach(long prepared, int enemy, int points, long[] out, int at) {
        int k = at;
        for (int p = points; p != 0; p &= p - 1) {
            out[k++] = rankPrepared(prepared, enemy | (p & -p));
        }
        return k - at;
    }

    /**
     * {@code rankPrepared(prepared, moved[k])} for k in {@code 0..n-1}, into {@code out[at..]};
     * returns n. Each {@code moved[k]} is {@code base} with one man moved (one point left, one
     * empty point taken), and all of them are outside the own mask: the enemy men after each
     * move of one man, as a capture's children have them.
     */
    default int rankMoved(long prepared, int base, int[] moved, int n, long[] out, int at) {
        for (int k = 0; k < n; k++) {
            out[at + k] = rankPrepared(prepared, moved[k]);
        }
        return n;
    }

    /**
     * Whether the own mask {@code prepared} was made from is known to have no symmetry but the
     * identity. Then distinct enemy masks rank to distinct indexes with it, and so do distinct own
     * masks with it as the enemy mask (for any index: only images fold). False when not known.
     */
    default boolean asymmetric(long prepared) {
        return false;
    }

    /**
     * Where the positions of an own mask whose handle is {@link #asymmetric} lie: one block of
     * consecutive indexes from here, one per enemy mask, in colex order of the enemy mask with
     * its points renumbered by {@link #blockOrder}. So the position with enemy men E has the
     * index {@code blockStart(prepared) + colex({blockOrder(prepared, p) : p in E})}, and a
     * caller that wants every enemy mask of the block can walk it in index order.
     */
    default long blockStart(long prepared) {
        throw new UnsupportedOperationException("this index keeps no blocks of asymmetric own masks");
    }

    /**
     * Whether every own class (an own mask with its images) has its positions in one run of
     * consecutive indexes, the runs of two classes never overlapping: then {@link #ownStart}
     * says where. The pair solver splits its propagation by these runs, since all predecessors
     * of a position share its own men as their enemy men.
     */
    default boolean runsByOwn() {
        return false;
    }

    /**
     * The first index of the run that the positions with the own mask of {@code prepared} rank
     * to, for an index that {@link #runsByOwn}.
     */
    default long ownStart(long prepared) {
        throw new UnsupportedOperationException("this index keeps no runs by own men");
    }

    /** {@link #ownStart} of the own mask {@code own}, unprepared. */
    default long ownStartOf(int own) {
        return ownStart(prepareOwn(own));
    }

    /**
     * The number, from 0 up, that the block of {@link #blockStart} gives the point {@code p},
     * a point the own mask of {@code prepared} leaves free. A bijection from those points onto
     * 0..(23 - {@link #own()}), not always in the points' order (the own mask is first mapped by a symmetry).
     */
    default int blockOrder(long prepared, int point) {
        throw new UnsupportedOperationException("this index keeps no blocks of asymmetric own masks");
    }

    /**
     * Whether a position and all its 16 images always share one index, so that ranking one
     * representative per symmetry class reaches every slot a position ranks to. False unless
     * an implementation knows.
     */
    default boolean foldsEverySymmetry() {
        return false;
    }

    /**
     * Whether some index unranks to {@link #HOLE}. True unless an implementation knows better:
     * a caller that needs only the holes (the pair solver's result starts as all draws but its
     * holes) then skips unranking the whole sector.
     */
    default boolean hasHoles() {
        return true;
    }

    /**
     * The positions of the indexes {@code first .. first + count - 1}, as {@link #unrank} gives
     * them, into {@code out[0 .. count-1]}.
     */
    default void unrankRange(long first, int count, long[] out) {
        for (int k = 0; k < count; k++) {
            out[k] = unrank(first + k);
        }
    }

    /** The own mask of a packed position. */
    static int ownOf(long packed) {
        return (int) (packed & 0xFFFFFF);
    }

    /** The enemy mask of a packed position. */
    static int enemyOf(long packed) {
        return (int) (packed >>> 24);
    }

    /** Packs a position as {@link #unrank} returns it. */
    static long pack(int own, int enemy) {
        return own | (long) enemy << 24;
    }
}
