package org.merrills.rules;

/**
 * Positions and moves as text, exactly as {@code notation.md} writes them. Parsing is strict and
 * names the field that is wrong; printing is canonical (lower-case point names, one space between
 * fields), so that {@code format(parse(s)).equals(s)} for every valid {@code s}.
 *
 * <pre>
 * position:  &lt;board&gt; &lt;side to move&gt; &lt;white in hand&gt; &lt;black in hand&gt;
 *            board = 24 of W B . in point order; side = w or b; hands = whole numbers
 * move:      d2   d2-d3   d2xa1   d2-d3xa1
 * </pre>
 */
public final class Notation {
    private Notation() {
    }

    /** Parses a position of the standard game (at most nine men a side on board and in hand). */
    public static Position parsePosition(String text) {
        return parsePosition(text, Variant.STANDARD.men());
    }

    /**
     * Parses a position of the game with {@code men} men a side. Besides the syntax, rejects a
     * position no game can reach because of its counts: more than {@code men} men of a side on
     * the board and in hand together.
     */
    public static Position parsePosition(String text, int men) {
        if (text == null) {
            throw new NotationException("position", "expected '<board> <side> <white in hand> <black in hand>', got nothing");
        }
        String[] f = text.split(" ", -1);
        if (f.length != 4) {
            throw new NotationException("position", "expected 4 fields separated by single spaces "
                + "('<board> <side> <white in hand> <black in hand>'), got " + f.length + " in '" + text + "'");
        }
        String board = f[0];
        if (board.length() != Points.POINTS) {
            throw new NotationException("board", "expected 24 characters, got " + board.length() + " in '" + board + "'");
        }
        int white = 0, black = 0;
        for (int p = 0; p < Points.POINTS; p++) {
            char c = board.charAt(p);
            switch (c) {
                case 'W':
                    white |= 1 << p;
                    break;
                case 'B':
                    black |= 1 << p;
                    break;
                case '.':
                    break;
                default:
                    throw new NotationException("board", "unknown character '" + c + "' at " + Points.name(p)
                        + " (character " + (p + 1) + "); expected W, B or .");
            }
        }
        Side side;
        if (f[1].equals("w")) {
            side = Side.WHITE;
        } else if (f[1].equals("b")) {
            side = Side.BLACK;
        } else {
            throw new NotationException("side", "expected w or b, got '" + f[1] + "'");
        }
        int wh = count(f[2], "white in hand", men);
        int bh = count(f[3], "black in hand", men);
        check(Integer.bitCount(white) + wh, men, "white");
        check(Integer.bitCount(black) + bh, men, "black");
        return new Position(white, black, wh, bh, side);
    }

    private static int count(String s, String field, int men) {
        if (s.isEmpty() || s.length() > 2 || !s.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            throw new NotationException(field, "expected a whole number from 0 to " + men + ", got '" + s + "'");
        }
        return Integer.parseInt(s);
    }

    private static void check(int total, int men, String side) {
        if (total > men) {
            throw new NotationException(side.equals("white") ? "white in hand" : "black in hand",
                "unreachable position: " + side + " has " + total + " men on board and in hand together, "
                    + "more than the " + men + " a side starts with");
        }
    }

    /** The canonical text of a position. */
    public static String format(Position p) {
        return board(p.white(), p.black()) + ' ' + p.toMove().letter() + ' ' + p.whiteHand() + ' ' + p.blackHand();
    }

    /** The 24-character board field of two masks. */
    public static String board(int white, int black) {
        char[] c = new char[Points.POINTS];
        for (int p = 0; p < Points.POINTS; p++) {
            c[p] = (white >>> p & 1) != 0 ? 'W' : (black >>> p & 1) != 0 ? 'B' : '.';
        }
        return new String(c);
    }

    /** The canonical text of a packed move: {@code d2}, {@code d2-d3}, {@code d2xa1}, {@code d2-d3xa1}. */
    public static String formatMove(int move) {
        StringBuilder sb = new StringBuilder(8);
        int from = Move.from(move);
        if (from != Move.NONE) {
            sb.append(Points.name(from)).append('-');
        }
        sb.append(Points.name(Move.to(move)));
        int removed = Move.removed(move);
        if (removed != Move.NONE) {
            sb.append('x').append(Points.name(removed));
        }
        return sb.toString();
    }

    /**
     * Reads the points of a move string, case-insensitively, without a position: an int array
     * {from, to, removed} with {@link Move#NONE} for the parts that are absent.
     */
    public static int[] parseMoveText(String text) {
        if (text == null || text.isEmpty()) {
            throw new NotationException("move", "expected a move such as d2, d2-d3, d2xa1 or d2-d3xa1, got nothing");
        }
        String s = text.trim();
        int from = Move.NONE, removed = Move.NONE;
        String rest = s;
        int x = rest.toLowerCase(java.util.Locale.ROOT).indexOf('x');
        if (x >= 0) {
            removed = point(rest.substring(x + 1), "move (man taken)", text);
            rest = rest.substring(0, x);
        }
        int dash = rest.indexOf('-');
        if (dash >= 0) {
            from = point(rest.substring(0, dash), "move (point left)", text);
            rest = rest.substring(dash + 1);
        }
        int to = point(rest, "move (point landed on)", text);
        return new int[] {from, to, removed};
    }

    private static int point(String name, String field, String whole) {
        return Points.point(name).orElseThrow(() -> new NotationException(field,
            "'" + name + "' is not a point (a1..g7, d4 excluded) in '" + whole + "'"));
    }

    /**
     * The legal move of a position that a string names, or a {@link NotationException} that says
     * why there is none (malformed, or not legal here, with the legal moves listed).
     */
    public static int parseMove(String text, Position position, Variant variant) {
        int[] fields = parseMoveText(text);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = position.generate(variant, moves);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            if (Move.from(m) == fields[0] && Move.to(m) == fields[1] && Move.removed(m) == fields[2]) {
                return m;
            }
        }
        StringBuilder legal = new StringBuilder();
        for (int i = 0; i < n; i++) {
            legal.append(i == 0 ? "" : " ").append(formatMove(moves[i]));
        }
        throw new NotationException("move", "'" + text + "' is not legal here; legal moves: "
            + (n == 0 ? "none" : legal));
    }
}
