package org.merrills.db;

/**
 * The value of a position for the side to move, and its one-byte code on disk. The single place
 * the encoding is defined.
 *
 * <p>In memory a value is an {@code int}: {@link #DRAW} ({@code -1}), or the distance
 * {@code d >= 0} in plies to the end of the game under perfect play, whose parity says who wins:
 * a win in {@code d} has {@code d} odd, a loss in {@code d} has {@code d} even, and a lost terminal
 * position is a loss in 0.
 *
 * <p>On disk, one byte per position:
 * <pre>
 *   code 0          draw
 *   code 1..254     distance code - 1 (0..253); odd: win, even: loss
 *   code 255        escape: the distance is longer than 253 and stands in the file's overflow
 *                   table, keyed by the position's index (never a clipped distance)
 * </pre>
 */
public final class Value {
    /** A position neither side can force a win from. */
    public static final int DRAW = -1;
    /** The byte code of a draw. */
    public static final int CODE_DRAW = 0;
    /** The byte code meaning "look the distance up in the overflow table". */
    public static final int CODE_ESCAPE = 255;
    /** The longest distance a byte code holds directly. */
    public static final int MAX_INLINE_DISTANCE = 253;

    private Value() {
    }

    public static int win(int plies) {
        if (plies < 1 || (plies & 1) == 0) {
            throw new IllegalArgumentException("a win takes an odd number of plies, got " + plies);
        }
        return plies;
    }

    public static int loss(int plies) {
        if (plies < 0 || (plies & 1) != 0) {
            throw new IllegalArgumentException("a loss takes an even number of plies, got " + plies);
        }
        return plies;
    }

    public static boolean isDraw(int value) {
        return value == DRAW;
    }

    public static boolean isWin(int value) {
        return value >= 0 && (value & 1) == 1;
    }

    public static boolean isLoss(int value) {
        return value >= 0 && (value & 1) == 0;
    }

    /** Plies to the end, or -1 for a draw. */
    public static int distance(int value) {
        return value;
    }

    /** Whether a value needs the overflow table. */
    public static boolean overflows(int value) {
        return value > MAX_INLINE_DISTANCE;
    }

    /** The byte code of a value ({@link #CODE_ESCAPE} when the distance overflows). */
    public static int encode(int value) {
        if (value < DRAW) {
            throw new IllegalArgumentException("not a value: " + value);
        }
        return value == DRAW ? CODE_DRAW : value > MAX_INLINE_DISTANCE ? CODE_ESCAPE : value + 1;
    }

    /** The value of a byte code other than {@link #CODE_ESCAPE}. */
    public static int decode(int code) {
        int c = code & 0xFF;
        if (c == CODE_ESCAPE) {
            throw new IllegalArgumentException("code 255 is an escape: read the overflow table");
        }
        return c == CODE_DRAW ? DRAW : c - 1;
    }

    /** The value the player before this position got from it: a loss in d for the mover is a win in d+1 for the previous one. */
    public static int parent(int childValue) {
        return childValue == DRAW ? DRAW : childValue + 1;
    }

    /** "win in 5", "loss in 0", "draw". */
    public static String describe(int value) {
        return value == DRAW ? "draw" : (isWin(value) ? "win in " : "loss in ") + value;
    }

    /** "win", "loss" or "draw". */
    public static String kind(int value) {
        return value == DRAW ? "draw" : isWin(value) ? "win" : "loss";
    }
}
