package org.merrills.rules;

/**
 * A whole game position: both sides' men as masks, both hands and the side to move. Immutable;
 * the value type of notation, the CLI, probing and the index. The search's mutable counterpart is
 * {@link BitBoard}.
 */
public record Position(int white, int black, int whiteHand, int blackHand, Side toMove) {
    /** The opening of the standard game. */
    public static final Position OPENING = new Position(0, 0, 9, 9, Side.WHITE);

    public Position {
        if ((white & ~Geometry.ALL) != 0 || (black & ~Geometry.ALL) != 0) {
            throw new IllegalArgumentException("masks must use only bits 0 to 23");
        }
        if ((white & black) != 0) {
            throw new IllegalArgumentException("a point holds two men: "
                + Points.name(Integer.numberOfTrailingZeros(white & black)));
        }
        if (whiteHand < 0 || blackHand < 0) {
            throw new IllegalArgumentException("men in hand cannot be negative");
        }
        if (toMove == null) {
            throw new IllegalArgumentException("side must be white or black, got null");
        }
    }

    /** The opening of the game with {@code men} men each. */
    public static Position opening(int men) {
        return new Position(0, 0, men, men, Side.WHITE);
    }

    public int men(Side side) {
        return side == Side.WHITE ? white : black;
    }

    public int hand(Side side) {
        return side == Side.WHITE ? whiteHand : blackHand;
    }

    /** Men of the side to move. */
    public int own() {
        return men(toMove);
    }

    /** Men of the side not to move. */
    public int enemy() {
        return men(toMove.opponent());
    }

    public int ownHand() {
        return hand(toMove);
    }

    public int enemyHand() {
        return hand(toMove.opponent());
    }

    /** The legal moves of the side to move under a variant's rules, in generate order; returns the count. */
    public int generate(Variant variant, int[] out) {
        return variant.moves().generate(own(), enemy(), ownHand(), out);
    }

    /** The position after the side to move plays a packed move; the other side is then to move. */
    public Position play(int move) {
        int own = own(), enemy = enemy(), hand = ownHand();
        int from = Move.from(move);
        if (from == Move.NONE) {
            hand--;
        } else {
            own &= ~(1 << from);
        }
        own |= 1 << Move.to(move);
        if (Move.removed(move) != Move.NONE) {
            enemy &= ~(1 << Move.removed(move));
        }
        return toMove == Side.WHITE
            ? new Position(own, enemy, hand, blackHand, Side.BLACK)
            : new Position(enemy, own, whiteHand, hand, Side.WHITE);
    }

    /** Whether the game is over for the side to move, and how: {@link MoveGenerator#end}. */
    public MoveGenerator.End end(Variant variant) {
        return variant.moves().end(own(), enemy(), ownHand());
    }

    /** Same as {@link Notation#format(Position)}. */
    @Override
    public String toString() {
        return Notation.format(this);
    }
}
