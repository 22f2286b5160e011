package org.merrills.rules;

import java.util.Locale;

/** White or black. White moves first. */
public enum Side {
    WHITE(1, 'w'),
    BLACK(-1, 'b');

    private final int sign;
    private final char letter;

    Side(int sign, char letter) {
        this.sign = sign;
        this.letter = letter;
    }

    /** The value a man of this side has in a 26-value position: 1 white, -1 black. */
    public int sign() {
        return sign;
    }

    /** {@code w} or {@code b}, as in a position string. */
    public char letter() {
        return letter;
    }

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    /** The index of this side's entries in arrays laid out white, black. */
    public int index() {
        return ordinal();
    }

    /** Lower-case name, as the spec writes it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads {@code white} or {@code black} (any case). Anything else, {@code null} included, is an
     * {@link IllegalArgumentException} that says what it got.
     */
    public static Side of(String name) {
        if (name != null) {
            switch (name.toLowerCase(Locale.ROOT)) {
                case "white":
                    return WHITE;
                case "black":
                    return BLACK;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("side must be 'white' or 'black', got "
            + (name == null ? "null" : "'" + name + "'"));
    }

    static Side require(Side side) {
        if (side == null) {
            throw new IllegalArgumentException("side must be white or black, got null");
        }
        return side;
    }
}
