package org.merrills.rules;

/**
 * The board of the spec's API: what stands on each point (1 white, -1 black, 0 empty) and the men
 * each side has yet to place. Mutable, like the board a game is played on; {@link Rules#position}
 * and {@link Rules#board} convert to and from the 26-value position.
 */
public final class Board {
    private final int[] points = new int[Points.POINTS];
    private final int[] hand = new int[2];

    /** An empty board, nine men in each hand: the opening of the standard game. */
    public Board() {
        this(Variant.STANDARD.men());
    }

    /** An empty board with {@code men} men in each hand. */
    public Board(int men) {
        hand[0] = men;
        hand[1] = men;
    }

    /** 1 for a white man on the point, -1 for a black one, 0 when it is empty. */
    public int get(int point) {
        return points[Points.check(point)];
    }

    public Board set(int point, int value) {
        Points.check(point);
        if (value < -1 || value > 1) {
            throw new IllegalArgumentException("a point holds 1 (white), -1 (black) or 0 (empty), got " + value);
        }
        points[point] = value;
        return this;
    }

    public int hand(Side side) {
        return hand[Side.require(side).index()];
    }

    public Board setHand(Side side, int men) {
        if (men < 0 || men > Variant.MOST_MEN) {
            throw new IllegalArgumentException("men in hand must be 0 to " + Variant.MOST_MEN + ", got " + men);
        }
        hand[Side.require(side).index()] = men;
        return this;
    }
}
