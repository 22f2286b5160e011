package org.merrills.rules;

/** A position or move string that does not parse; the message names the field and what was expected. */
public final class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;

    public NotationException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    /** The field that is wrong: board, side, white in hand, black in hand, move, ... */
    public String field() {
        return field;
    }
}
