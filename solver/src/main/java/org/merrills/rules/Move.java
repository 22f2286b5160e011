package org.merrills.rules;

/**
 * A move packed into an {@code int}: the whole turn, as the generator produces it and the solver
 * stores it, with no allocation.
 *
 * <pre>
 * bits  0..4   to        the point landed on (0..23)
 * bits  5..9   from      the point left, or 31 when the man comes from the hand
 * bits 10..14  removed   the enemy man taken, or 31 when the move closes no mill
 * bits 15..16  closes    how many mills the move completes: 0, 1 or 2
 * bit  17      flew      the mover was flying (three men on board, none in hand, flying on)
 * </pre>
 *
 * The order of the fields makes no promise about the order of moves; the generator's order is
 * the one fixed by the rules (landed on, then left, then taken).
 */
public final class Move {
    /** The "no point" value of {@code from} and {@code removed}. */
    public static final int NONE = 31;

    private static final int FROM_SHIFT = 5;
    private static final int REMOVED_SHIFT = 10;
    private static final int CLOSES_SHIFT = 15;
    private static final int FLEW_BIT = 1 << 17;

    private Move() {
    }

    /** Packs a move; {@code from} and {@code removed} take {@link #NONE} for "none". */
    public static int of(int from, int to, int removed, int closes, boolean flew) {
        return to | from << FROM_SHIFT | removed << REMOVED_SHIFT | closes << CLOSES_SHIFT
            | (flew ? FLEW_BIT : 0);
    }

    public static int to(int move) {
        return move & 31;
    }

    public static int from(int move) {
        return (move >>> FROM_SHIFT) & 31;
    }

    public static int removed(int move) {
        return (move >>> REMOVED_SHIFT) & 31;
    }

    public static int closes(int move) {
        return (move >>> CLOSES_SHIFT) & 3;
    }

    public static boolean flew(int move) {
        return (move & FLEW_BIT) != 0;
    }

    public static boolean isPlacement(int move) {
        return from(move) == NONE;
    }

    public static boolean isCapture(int move) {
        return removed(move) != NONE;
    }
}
