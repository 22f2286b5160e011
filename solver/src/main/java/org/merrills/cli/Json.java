package org.merrills.cli;

import org.merrills.db.Value;

/** The few JSON fragments the commands print; values never need escaping (positions, moves, sector names). */
final class Json {
    private Json() {
    }

    /** {@code "value":"win","distance":5} or {@code "value":"draw","distance":null}. */
    static String value(int value) {
        return "\"value\":\"" + Value.kind(value) + "\",\"distance\":" + (Value.isDraw(value) ? "null" : value);
    }
}
