package org.merrills.rules;

/**
 * A mutable position in the fast form: the two sides' men as 24-bit masks and their men in hand.
 * Whose turn it is is not part of it, as in the spec; {@link #apply} and {@link #unapply} take the
 * side and never allocate, so a search can walk a tree on one instance.
 */
public final class BitBoard {
    private final int[] men = new int[2];
    private final int[] hand = new int[2];

    public BitBoard() {
    }

    public BitBoard(int white, int black, int whiteHand, int blackHand) {
        set(white, black, whiteHand, blackHand);
    }

    public BitBoard set(int white, int black, int whiteHand, int blackHand) {
        men[0] = white;
        men[1] = black;
        hand[0] = whiteHand;
        hand[1] = blackHand;
        return this;
    }

    public BitBoard copy() {
        return new BitBoard(men[0], men[1], hand[0], hand[1]);
    }

    public int men(Side side) {
        return men[side.ordinal()];
    }

    public int hand(Side side) {
        return hand[side.ordinal()];
    }

    public int white() {
        return men[0];
    }

    public int black() {
        return men[1];
    }

    public int whiteHand() {
        return hand[0];
    }

    public int blackHand() {
        return hand[1];
    }

    /** Writes the moves of a side into {@code out}; see {@link MoveGenerator#generate}. */
    public int generate(Side side, MoveGenerator rules, int[] out) {
        int s = side.ordinal();
        return rules.generate(men[s], men[s ^ 1], hand[s], out);
    }

    /** Plays a packed move for a side. Taken on trust: hand this only generated moves. */
    public void apply(Side side, int move) {
        int s = side.ordinal();
        int from = Move.from(move);
        if (from == Move.NONE) {
            hand[s]--;
        } else {
            men[s] &= ~(1 << from);
        }
        men[s] |= 1 << Move.to(move);
        int removed = Move.removed(move);
        if (removed != Move.NONE) {
            men[s ^ 1] &= ~(1 << removed);
        }
    }

    /** Takes back the last move a side played. */
    public void unapply(Side side, int move) {
        int s = side.ordinal();
        int removed = Move.removed(move);
        if (removed != Move.NONE) {
            men[s ^ 1] |= 1 << removed;
        }
        men[s] &= ~(1 << Move.to(move));
        int from = Move.from(move);
        if (from == Move.NONE) {
            hand[s]++;
        } else {
            men[s] |= 1 << from;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BitBoard && java.util.Arrays.equals(men, ((BitBoard) o).men)
            && java.util.Arrays.equals(hand, ((BitBoard) o).hand);
    }

    @Override
    public int hashCode() {
        return 31 * java.util.Arrays.hashCode(men) + java.util.Arrays.hashCode(hand);
    }

    @Override
    public String toString() {
        return Notation.board(men[0], men[1]) + " " + hand[0] + " " + hand[1];
    }
}
