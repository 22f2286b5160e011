package org.merrills.rules;

/**
 * The move generator of one {@link Variant}: every rule about what a side may do, written once.
 * Callers take the children they need, as masks and without a move list, the way a chess move
 * generator offers captures and quiet moves apart: {@link #boardMoves} (the mover's men after
 * each step or flight, quiet and mill-closing apart), {@link #closingPlacements} (where a man
 * from the hand closes a mill), {@link #hasMove} and {@link #end}. {@link #generate} is the whole
 * move list in the rules' order, for perft, the notation, the probe and the spec's API. No
 * allocation; the only state is the rules.
 *
 * <p>Positions are given from the mover's side: {@code own} and {@code enemy} are the two sides'
 * men as masks, {@code ownHand} the mover's men in hand. Whose colour that is does not matter to
 * the rules, which is what lets the solver normalise the side to move to white.
 */
public final class MoveGenerator {
    /**
     * Room enough for any position of any variant: at most 96 ways to land (a man steps along at
     * most four lines, a flying side has three men, Lasker adds at most 24 placements) times at
     * most 12 enemy men to take.
     */
    public static final int MAX_MOVES = 96 * 12;

    /** What the side to move has on the board: whether the game is over for it, and how. */
    public enum End {
        /** The side has a move. */
        NOT_OVER,
        /** Fewer than three men on board and in hand, or no move: lost. */
        LOST,
        /** No move on a full board, under a variant that calls that a draw. */
        DRAWN
    }

    private final Geometry board;
    /** The board's tables, held here so that the inner loops load them straight from this object. */
    private final int[] adjacent;
    private final int[] millRest;
    private final int[] diagonalRest;
    private final Removal removal;
    private final boolean flyingRule;
    private final boolean placeOrMove;
    private final boolean fullBoardDraws;

    MoveGenerator(Variant variant) {
        this.board = variant.board();
        this.adjacent = board.adjacentTable();
        this.millRest = board.millRestTable();
        this.diagonalRest = board.diagonalRestTable();
        this.removal = variant.removal();
        this.flyingRule = variant.flying();
        this.placeOrMove = variant.placing() == Placing.PLACE_OR_MOVE;
        this.fullBoardDraws = variant.fullBoard() == FullBoard.DRAW;
    }

    public Geometry board() {
        return board;
    }

    /**
     * The flying condition, the one place it is written: a side flies when flying is on and its
     * men on board plus in hand are exactly three. In a game where a side holding men must place,
     * that means three on board and none in hand; in Lasker a side with two on board and one in
     * hand flies too.
     */
    public boolean flies(int ownOnBoard, int ownHand) {
        return flyingRule && ownOnBoard + ownHand == 3;
    }

    /** Whether a side holding {@code ownHand} men may move a man on the board (it also needs one there). */
    public boolean mayMove(int ownHand) {
        return ownHand == 0 || placeOrMove;
    }

    /** Whether a side with these men is down to fewer than three: the game is over for it. */
    public static boolean tooFew(int ownOnBoard, int ownHand) {
        return ownOnBoard + ownHand < 3;
    }

    /** The enemy men a mill may take, as a mask: none when the enemy has no man on the board. */
    public int removable(int enemy) {
        return enemy == 0 ? 0 : removal.removable(board, enemy);
    }

    /** The empty points of {@code empty} where a man placed from the hand closes a mill of {@code own}. */
    public int closingPlacements(int own, int empty) {
        return board.closingPoints(own, empty);
    }

    /** How many mills a man completes by landing on {@code to}; {@code ownWithoutMover} has it lifted. */
    public int closes(int ownWithoutMover, int to) {
        return Geometry.closes(millRest, diagonalRest, ownWithoutMover, to);
    }

    /**
     * The moves of men already on the board (none when the mover must place): for each (from, to)
     * in the order of from, then to, the mover's men after the move, into {@code quiet} when it
     * closes no mill and into {@code closing} when it does (each such move then takes any man of
     * {@link #removable}). Returns both counts, read with {@link #quietCount} and
     * {@link #closingCount}. Each array needs room for all the moves of men on the board: a move
     * is written at the end of both lists and counted in its own.
     */
    public int boardMoves(int own, int enemy, int ownHand, int[] quiet, int[] closing) {
        if (!mayMove(ownHand)) {
            return 0;
        }
        int empty = Geometry.ALL & ~(own | enemy);
        boolean flies = flies(Integer.bitCount(own), ownHand);
        int nq = 0, nc = 0;
        for (int f = own; f != 0; f &= f - 1) {
            int from = Integer.numberOfTrailingZeros(f);
            int lifted = own & ~(1 << from);
            for (int t = flies ? empty : empty & adjacent[from]; t != 0; t &= t - 1) {
                int to = Integer.numberOfTrailingZeros(t);
                // Written to both lists and counted in one, without a branch on whether it
                // closes a mill (data the predictor cannot learn: 18 % of a big pair's seed).
                int after = lifted | 1 << to;
                int closes = Geometry.closes(millRest, diagonalRest, lifted, to) != 0 ? 1 : 0;
                quiet[nq] = after;
                closing[nc] = after;
                nq += 1 - closes;
                nc += closes;
            }
        }
        return nq | nc << 16;
    }

    /**
     * {@link #boardMoves} for a caller that needs the quiet moves counted, not listed: the
     * mill-closing ones into {@code closing} (the same masks, in the order of the point landed
     * on, then the point left), and both counts in the same form. All moves are counted by a
     * population count per man. Only the points where a man completes a mill of the mover's men
     * ({@link Geometry#closingPoints}, usually none to three) can end a closing move, so only the
     * men that can step onto those are tried one by one. Until 2026-12-04 each man was asked
     * whether one of its targets is such a point, a branch per man that the predictor cannot
     * learn. Measured that day, nothing else of ours running, files byte-identical: JMH
     * ({@code SolveBench.closingMovesPerPosition}) 24.4 and 29.5 ns a position before, 22.4 and
     * 26.9 after (six and nine men a side); inside the pair solver's seed, the two ways timed in
     * turn in one process over the same pair, three times each, the seed took 19.0-22.8 s before
     * and 15.6-18.3 s after (6-6-0-0, one thread), 31.1-36.1 and 24.2-27.6 s (7-7-0-0, two
     * threads), 36.3-37.9 and 31.1-32.6 s (9-9-0-0, two threads). {@code closing} needs room for
     * every move of men on the board, as in {@link #boardMoves}: each candidate is written before
     * it is counted or not.
     */
    public int closingBoardMoves(int own, int enemy, int ownHand, int[] closing) {
        if (!mayMove(ownHand)) {
            return 0;
        }
        int empty = Geometry.ALL & ~(own | enemy);
        boolean flies = flies(Integer.bitCount(own), ownHand);
        int total;
        if (flies) {
            total = Integer.bitCount(own) * Integer.bitCount(empty);
        } else {
            total = 0;
            for (int f = own; f != 0; f &= f - 1) {
                total += Integer.bitCount(empty & adjacent[Integer.numberOfTrailingZeros(f)]);
            }
        }
        int nc = 0;
        for (int t = board.closingPoints(own, empty); t != 0; t &= t - 1) {
            int to = Integer.numberOfTrailingZeros(t);
            for (int f = flies ? own : own & adjacent[to]; f != 0; f &= f - 1) {
                int lifted = own & ~(f & -f);
                // written, then kept or not, without a branch on whether the mill needed the man lifted
                closing[nc] = lifted | 1 << to;
                nc += Geometry.closes(millRest, diagonalRest, lifted, to) != 0 ? 1 : 0;
            }
        }
        return (total - nc) | nc << 16;
    }

    /** The quiet moves of a {@link #boardMoves} result. */
    public static int quietCount(int counts) {
        return counts & 0xFFFF;
    }

    /** The mill-closing (from, to) pairs of a {@link #boardMoves} result. */
    public static int closingCount(int counts) {
        return counts >>> 16;
    }

    /**
     * Writes the legal moves into {@code out} from index 0 and returns how many there are, in the
     * order the rules fix: by the point landed on, then the point left (a man from the hand
     * first), then the man taken, each ascending. A mill-closing move names the man it takes, so
     * with no enemy man on the board it does not exist.
     */
    public int generate(int own, int enemy, int ownHand, int[] out) {
        int empty = Geometry.ALL & ~(own | enemy);
        int removable = removable(enemy);
        int n = 0;
        if (ownHand == 0) {
            boolean flies = flies(Integer.bitCount(own), 0);
            for (int e = empty; e != 0; e &= e - 1) {
                n = steps(own, Integer.numberOfTrailingZeros(e), flies, removable, out, n);
            }
        } else if (!placeOrMove) {
            for (int e = empty; e != 0; e &= e - 1) {
                n = placement(own, Integer.numberOfTrailingZeros(e), removable, out, n);
            }
        } else {
            boolean flies = flies(Integer.bitCount(own), ownHand);
            for (int e = empty; e != 0; e &= e - 1) {
                int to = Integer.numberOfTrailingZeros(e);
                n = placement(own, to, removable, out, n);
                n = steps(own, to, flies, removable, out, n);
            }
        }
        return n;
    }

    /** The placement of a man from the hand on {@code to}, one move per man it may take when it closes a mill. */
    private int placement(int own, int to, int removable, int[] out, int n) {
        return emit(Move.NONE, to, Geometry.closes(millRest, diagonalRest, own, to), false, removable, out, n);
    }

    /**
     * The moves of men on the board to {@code to}, the point left ascending. The mills through
     * {@code to} are loaded once for all the men that may go there (a flying side has three).
     */
    private int steps(int own, int to, boolean flies, int removable, int[] out, int n) {
        int a = millRest[2 * to], d = millRest[2 * to + 1];
        int g = diagonalRest == null ? Geometry.NO_MILL : diagonalRest[to];
        for (int f = flies ? own : own & adjacent[to]; f != 0; f &= f - 1) {
            int from = Integer.numberOfTrailingZeros(f);
            int lifted = own & ~(1 << from);
            int closes = ((lifted & a) == a ? 1 : 0) + ((lifted & d) == d ? 1 : 0) + ((lifted & g) == g ? 1 : 0);
            n = emit(from, to, closes, flies, removable, out, n);
        }
        return n;
    }

    private static int emit(int from, int to, int closes, boolean flew, int removable, int[] out, int n) {
        if (closes == 0) {
            out[n++] = Move.of(from, to, Move.NONE, 0, flew);
            return n;
        }
        for (int r = removable; r != 0; r &= r - 1) {
            out[n++] = Move.of(from, to, Integer.numberOfTrailingZeros(r), closes, flew);
        }
        return n;
    }

    /**
     * Whether the mover has at least one legal move: exactly when {@link #generate} would return
     * a non-empty list, without building it.
     */
    public boolean hasMove(int own, int enemy, int ownHand) {
        int empty = Geometry.ALL & ~(own | enemy);
        boolean canTake = enemy != 0;
        if (ownHand > 0) {
            if (empty != 0 && (canTake || board.closingPoints(own, empty) != empty)) {
                return true;
            }
            if (!placeOrMove) {
                return false;
            }
        }
        boolean flies = flies(Integer.bitCount(own), ownHand);
        for (int e = empty; e != 0; e &= e - 1) {
            int to = Integer.numberOfTrailingZeros(e);
            int froms = flies ? own : own & adjacent[to];
            if (froms == 0) {
                continue;
            }
            if (canTake) {
                return true;
            }
            for (int f = froms; f != 0; f &= f - 1) {
                if (Geometry.closes(millRest, diagonalRest, own & ~(1 << Integer.numberOfTrailingZeros(f)), to) == 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * What a side that has no move gets: a draw on a full board when the variant says so, else a
     * loss. The solver asks this where it finds no child; {@link #end} is the same for a caller
     * that has not looked.
     */
    public End noMove(int own, int enemy) {
        return fullBoardDraws && (own | enemy) == Geometry.ALL ? End.DRAWN : End.LOST;
    }

    /**
     * The end-of-game condition, the one place it is written: the side to move has lost when it
     * has fewer than three men on board and in hand together, or no legal move (a draw instead
     * when the board is full and the variant's full-board rule says so).
     */
    public End end(int own, int enemy, int ownHand) {
        if (tooFew(Integer.bitCount(own), ownHand)) {
            return End.LOST;
        }
        return hasMove(own, enemy, ownHand) ? End.NOT_OVER : noMove(own, enemy);
    }
}
