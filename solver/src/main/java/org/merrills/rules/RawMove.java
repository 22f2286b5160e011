package org.merrills.rules;

/**
 * A move as the spec's API hands it around: the whole turn, with the point left (or
 * {@link #NONE} for a man from the hand), the point landed on, the man taken (or {@link #NONE}),
 * how many mills it closes and whether the mover flew. {@link #toArray()} gives the spec's raw
 * array form, indexed by the {@code RM_*} constants of {@link Rules}.
 *
 * <p>The packed {@code int} form of the same move is {@link Move}; {@link #packed()} and
 * {@link #of(int)} convert, so that the API and the fast core can never disagree.
 */
public record RawMove(int from, int to, int remove, int closes, boolean flew) {
    /** "No point": the from of a placement, the remove of a move that closes no mill. */
    public static final int NONE = -1;

    public RawMove {
        if (from != NONE) {
            Points.check(from);
        }
        Points.check(to);
        if (remove != NONE) {
            Points.check(remove);
        }
        if (closes < 0 || closes > 2) {
            throw new IllegalArgumentException("a move closes 0, 1 or 2 mills, got " + closes);
        }
    }

    /** The API form of a packed move. */
    public static RawMove of(int packed) {
        int from = Move.from(packed), removed = Move.removed(packed);
        return new RawMove(from == Move.NONE ? NONE : from, Move.to(packed),
            removed == Move.NONE ? NONE : removed, Move.closes(packed), Move.flew(packed));
    }

    /** The packed form of this move. */
    public int packed() {
        return Move.of(from == NONE ? Move.NONE : from, to, remove == NONE ? Move.NONE : remove, closes, flew);
    }

    /** The spec's raw array: {from, to, remove, closes, flew}, -1 for "none", flew as 0 or 1. */
    public int[] toArray() {
        return new int[] {from, to, remove, closes, flew ? 1 : 0};
    }

    /** In move notation. */
    @Override
    public String toString() {
        return Notation.formatMove(packed());
    }
}
