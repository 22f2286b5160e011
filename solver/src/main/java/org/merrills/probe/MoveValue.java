package org.merrills.probe;

import org.merrills.db.Value;
import org.merrills.rules.Notation;

/** A legal move and the value it leads to for the side that plays it (distance counted from before the move). */
public record MoveValue(int move, int value) {
    public String notation() {
        return Notation.formatMove(move);
    }

    @Override
    public String toString() {
        return notation() + " " + Value.describe(value);
    }
}
