package org.merrills.retro;

import org.merrills.db.Value;

/**
 * "The best child for the mover": the shortest win, else a draw, else the longest loss, as an
 * order on parent values. {@link #key} is larger for a better value.
 */
final class Best {
    private static final int BIG = 1 << 30;
    /** A key below every value's: "no move seen yet". */
    static final int NONE_KEY = Integer.MIN_VALUE;

    private Best() {
    }

    static int key(int value) {
        if (value == Value.DRAW) {
            return 0;
        }
        return (value & 1) == 1 ? BIG - value : value - BIG;
    }

    /** The value with the given key. */
    static int value(int key) {
        if (key == 0) {
            return Value.DRAW;
        }
        return key > 0 ? BIG - key : key + BIG;
    }
}
