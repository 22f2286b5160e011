package org.merrills.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of {@code rules-api.txt} as plain functions over a 26-value position: which moves are
 * legal and what a move does. Nothing here keeps a game: no turn, no history, no result.
 *
 * <p>A position is an {@code int[26]}: the 24 points in point order (1 white man, -1 black, 0
 * empty), then the men white and black have yet to place ({@link #HAND_WHITE},
 * {@link #HAND_BLACK}). Every function checks its arguments and fails with an
 * {@link IllegalArgumentException} that says which is wrong: a side that is not white or black,
 * a position that is not 26 values, a value out of range, a number that is not a point.
 *
 * <p>This is a thin layer: each call converts to masks and runs the same {@link MoveGenerator}
 * the solver uses, so the API and the core can never disagree.
 *
 * <p>Functions whose answer depends on the rules take a last {@link Variant}; the spec's
 * overloads take a {@code flying} switch for the standard game, and those without it have the
 * standard game with flying on.
 */
public final class Rules {
    /** Where a position holds the men white has yet to place. */
    public static final int HAND_WHITE = 24;
    /** Where a position holds the men black has yet to place. */
    public static final int HAND_BLACK = 25;
    /** The indexes of a raw move array ({@link RawMove#toArray()}). */
    public static final int RM_FROM = 0;
    public static final int RM_TO = 1;
    public static final int RM_REMOVE = 2;
    public static final int RM_CLOSES = 3;
    public static final int RM_FLEW = 4;

    private Rules() {
    }

    /** The position of a board, as a fresh array. */
    public static int[] position(Board board) {
        if (board == null) {
            throw new IllegalArgumentException("board must not be null");
        }
        int[] pos = new int[26];
        for (int p = 0; p < Points.POINTS; p++) {
            pos[p] = board.get(p);
        }
        pos[HAND_WHITE] = board.hand(Side.WHITE);
        pos[HAND_BLACK] = board.hand(Side.BLACK);
        return pos;
    }

    /** A new board holding a position. */
    public static Board board(int[] position) {
        check(position);
        Board b = new Board();
        for (int p = 0; p < Points.POINTS; p++) {
            b.set(p, position[p]);
        }
        b.setHand(Side.WHITE, position[HAND_WHITE]);
        b.setHand(Side.BLACK, position[HAND_BLACK]);
        return b;
    }

    /** The fast form of a position. */
    public static BitBoard bits(int[] position) {
        check(position);
        int white = 0, black = 0;
        for (int p = 0; p < Points.POINTS; p++) {
            if (position[p] == 1) {
                white |= 1 << p;
            } else if (position[p] == -1) {
                black |= 1 << p;
            }
        }
        return new BitBoard(white, black, position[HAND_WHITE], position[HAND_BLACK]);
    }

    /** What a side does on its turn: placing, flying or moving. Flying on. */
    public static Phase phase(int[] position, Side side) {
        return phase(position, side, true);
    }

    /** What a side does on its turn; with {@code flying} off, never flying. */
    public static Phase phase(int[] position, Side side, boolean flying) {
        return phase(position, side, standard(flying));
    }

    /** What a side does on its turn under a variant's rules. */
    public static Phase phase(int[] position, Side side, Variant variant) {
        BitBoard b = bits(position);
        Side.require(side);
        return Phase.of(Integer.bitCount(b.men(side)), b.hand(side), variant.moves());
    }

    /** The standard game's rules with flying as given: the rules of the spec's flying overloads. */
    private static Variant standard(boolean flying) {
        return flying ? Variant.STANDARD : NO_FLYING;
    }

    private static final Variant NO_FLYING = Variant.STANDARD.with(Variant.STANDARD.men(), false);

    /** True when a side has at least one legal move. Flying on. */
    public static boolean hasMove(int[] position, Side side) {
        return hasMove(position, side, true);
    }

    public static boolean hasMove(int[] position, Side side, boolean flying) {
        return hasMove(position, side, standard(flying));
    }

    public static boolean hasMove(int[] position, Side side, Variant variant) {
        BitBoard b = bits(position);
        Side.require(side);
        return variant.moves().hasMove(b.men(side), b.men(side.opponent()), b.hand(side));
    }

    /** Every legal move of a side in the fixed order. Flying on. */
    public static List<RawMove> generate(int[] position, Side side) {
        return generate(position, side, true);
    }

    /**
     * Every legal move of a side: by the point landed on, then the point left, then the man taken,
     * each ascending. A mill-closing move appears once for each man it may take, never without.
     */
    public static List<RawMove> generate(int[] position, Side side, boolean flying) {
        return generate(position, side, standard(flying));
    }

    /** Every legal move of a side under a variant's rules, in the same fixed order. */
    public static List<RawMove> generate(int[] position, Side side, Variant variant) {
        BitBoard b = bits(position);
        Side.require(side);
        int[] out = new int[MoveGenerator.MAX_MOVES];
        int n = b.generate(side, variant.moves(), out);
        List<RawMove> moves = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            moves.add(RawMove.of(out[i]));
        }
        return moves;
    }

    /**
     * How many mills a man of a side completes by landing on {@code to}: 0, 1 or 2. {@code from}
     * is the point it leaves, or {@link RawMove#NONE} when it comes from the hand; the point left
     * counts as empty.
     */
    public static int closes(int[] position, Side side, int from, int to) {
        BitBoard b = bits(position);
        Side.require(side);
        Points.check(to);
        int own = b.men(side);
        if (from != RawMove.NONE) {
            own &= ~(1 << Points.check(from));
        }
        return Variant.STANDARD.moves().closes(own, to);
    }

    /**
     * The enemy men a side may take on closing a mill, ascending: those outside any mill, or every
     * enemy man when none is outside.
     */
    public static int[] removable(int[] position, Side side) {
        BitBoard b = bits(position);
        Side.require(side);
        int enemy = b.men(side.opponent());
        int mask = Variant.STANDARD.moves().removable(enemy);
        int[] points = new int[Integer.bitCount(mask)];
        for (int i = 0; mask != 0; mask &= mask - 1) {
            points[i++] = Integer.numberOfTrailingZeros(mask);
        }
        return points;
    }

    /** Plays a move for a side, changing the position, and returns it. Taken on trust. */
    public static int[] apply(int[] position, Side side, RawMove move) {
        check(position);
        Side.require(side);
        if (move == null) {
            throw new IllegalArgumentException("move must not be null");
        }
        int s = side.sign();
        if (move.from() == RawMove.NONE) {
            position[side == Side.WHITE ? HAND_WHITE : HAND_BLACK]--;
        } else {
            position[move.from()] = 0;
        }
        position[move.to()] = s;
        if (move.remove() != RawMove.NONE) {
            position[move.remove()] = 0;
        }
        return position;
    }

    /** Takes back the last move a side played, changing the position, and returns it. */
    public static int[] unapply(int[] position, Side side, RawMove move) {
        check(position);
        Side.require(side);
        if (move == null) {
            throw new IllegalArgumentException("move must not be null");
        }
        int s = side.sign();
        if (move.remove() != RawMove.NONE) {
            position[move.remove()] = -s;
        }
        position[move.to()] = 0;
        if (move.from() == RawMove.NONE) {
            position[side == Side.WHITE ? HAND_WHITE : HAND_BLACK]++;
        } else {
            position[move.from()] = s;
        }
        return position;
    }

    /** The checks every function makes of a position. */
    static void check(int[] position) {
        if (position == null) {
            throw new IllegalArgumentException("position must be 26 values, got null");
        }
        if (position.length != 26) {
            throw new IllegalArgumentException("position must be 26 values, got " + position.length);
        }
        for (int p = 0; p < Points.POINTS; p++) {
            int v = position[p];
            if (v < -1 || v > 1) {
                throw new IllegalArgumentException("position value " + p + " (" + Points.name(p)
                    + ") must be 1 (white), -1 (black) or 0 (empty), got " + v);
            }
        }
        for (int i = HAND_WHITE; i <= HAND_BLACK; i++) {
            int v = position[i];
            if (v < 0 || v > Variant.MOST_MEN) {
                throw new IllegalArgumentException("position value " + i + " ("
                    + (i == HAND_WHITE ? "white" : "black") + " in hand) must be 0 to " + Variant.MOST_MEN + ", got " + v);
            }
        }
    }
}
