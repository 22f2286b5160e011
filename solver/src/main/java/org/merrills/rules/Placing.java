package org.merrills.rules;

/** What a side that still holds men may do on its turn. */
public enum Placing {
    /** It must place one (the standard game, Morabaraba): moving starts once the hand is empty. */
    MUST_PLACE,
    /** It may place one or move one of its men on the board (Lasker Morris). */
    PLACE_OR_MOVE
}
