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
