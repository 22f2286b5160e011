package org.merrills.rules;

import java.util.Locale;

/** What a side does on its turn. */
public enum Phase {
    /** The side still has men in hand: it puts one on an empty point. */
    PLACING,
    /** The side has placed every man: it steps one along a line. */
    MOVING,
    /** Three men on the board and in hand together, flying on, nothing to place: a man goes to any empty point. */
    FLYING;

    /** Lower-case name, as the spec writes it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The phase of a side from its men on board and in hand under a variant's rules. A side
     * holding men is placing (in Lasker it may also move a man, flying when it has three men in
     * all).
     */
    public static Phase of(int onBoard, int inHand, MoveGenerator rules) {
        if (inHand > 0) {
            return PLACING;
        }
        return rules.flies(onBoard, inHand) ? FLYING : MOVING;
    }
}
