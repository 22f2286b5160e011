package org.merrills.rules;

/**
 * Counts the leaves of the game tree to a fixed depth in whole-turn moves (a mill-closing move
 * counts once for each man it may take). The proof that the generator, apply and unapply agree
 * with the hand counts, and the benchmark of the three together.
 *
 * <p>A position where the side to move has lost (fewer than three men on board and in hand, or no
 * move) has no children: the game is over there.
 */
public final class Perft {
    private final MoveGenerator rules;
    private final BitBoard board;
    private final int[][] buffers;

    public Perft(Position root, int maxDepth, Variant variant) {
        this.rules = variant.moves();
        this.board = new BitBoard(root.white(), root.black(), root.whiteHand(), root.blackHand());
        this.buffers = new int[Math.max(1, maxDepth)][MoveGenerator.MAX_MOVES];
        this.root = root.toMove();
    }

    private final Side root;

    /** Leaf count at {@code depth} plies below the root. */
    public long count(int depth) {
        return count(root, depth);
    }

    private long count(Side side, int depth) {
        if (depth == 0) {
            return 1;
        }
        int s = side.ordinal();
        if (MoveGenerator.tooFew(Integer.bitCount(board.men(side)), board.hand(side))) {
            return 0;
        }
        int[] moves = buffers[depth - 1];
        int n = board.generate(side, rules, moves);
        if (depth == 1) {
            return n;
        }
        long total = 0;
        Side next = s == 0 ? Side.BLACK : Side.WHITE;
        for (int i = 0; i < n; i++) {
            board.apply(side, moves[i]);
            total += count(next, depth - 1);
            board.unapply(side, moves[i]);
        }
        return total;
    }

    /** The leaf count below each root move, in generate order: {@code [move, count]} pairs. */
    public long[][] divide(int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("divide needs a depth of at least 1, got " + depth);
        }
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        if (MoveGenerator.tooFew(Integer.bitCount(board.men(root)), board.hand(root))) {
            return new long[0][];
        }
        int n = board.generate(root, rules, moves);
        long[][] result = new long[n][];
        for (int i = 0; i < n; i++) {
            board.apply(root, moves[i]);
            result[i] = new long[] {moves[i], count(root.opponent(), depth - 1)};
            board.unapply(root, moves[i]);
        }
        return result;
    }
}
