package org.merrills.rules;

/**
 * What a side to move gets when every point is taken, so that it has nowhere to go. Only a game
 * with 24 men or more can fill the board (Morabaraba, twelve men each); elsewhere the rule never
 * applies and a side without a move simply loses.
 */
public enum FullBoard {
    /** No move is a loss, full board or not. */
    LOSS,
    /** A full board is a draw (Morabaraba as Malom plays it). */
    DRAW
}
