package org.merrills.rules;

import java.util.Locale;

/** What a side does on its turn. */
public enum Phase {
    /** The side still has men in hand: it puts one on an empty point. */
    PLACING,
    /** The side has placed every man: it steps one along a line. */
    MOVING,
    /** Three men on the board, none in hand, flying on: a man goes to any empty point. */
    FLYING;

    /** Lower-case name, as the spec writes it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The phase of a side from its men on board, its men in hand and the flying rule. */
    public static Phase of(int onBoard, int inHand, boolean flying) {
        if (inHand > 0) {
            return PLACING;
        }
        return flying && onBoard == 3 ? FLYING : MOVING;
    }
}
