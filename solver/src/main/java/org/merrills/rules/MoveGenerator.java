package org.merrills.rules;

/**
 * The move generator: every legal whole-turn move of the side to move, packed as {@link Move}
 * ints into a caller-owned array, in the order the rules fix (the point landed on, then the point
 * left, then the man taken, each ascending). No allocation; the only state is the arguments.
 *
 * <p>Positions are given from the mover's side: {@code own} and {@code enemy} are the two sides'
 * men as masks, {@code ownHand} the mover's men in hand. Whose colour that is does not matter to
 * the rules, which is what lets the solver normalise the side to move to white.
 */
public final class MoveGenerator {
    /**
     * Room enough for any position: a flying side has at most 3 x 21 (from, to) pairs and a
     * mill-closing one may take any of at most 9 enemy men.
     */
    public static final int MAX_MOVES = 3 * 21 * 9;

    private MoveGenerator() {
    }

    /**
     * Writes the legal moves into {@code out} from index 0 and returns how many there are.
     *
     * @param flyingRule whether the game allows flying at all; the mover flies when this is on
     *                   and it has exactly three men on board and none in hand
     */
    public static int generate(int own, int enemy, int ownHand, boolean flyingRule, int[] out) {
        int empty = Masks.ALL & ~(own | enemy);
        int removable = enemy == 0 ? 0 : Masks.removable(enemy);
        int n = 0;
        if (ownHand > 0) {
            for (int e = empty; e != 0; e &= e - 1) {
                int to = Integer.numberOfTrailingZeros(e);
                int closes = Masks.closes(own, to);
                n = emit(Move.NONE, to, closes, false, removable, out, n);
            }
            return n;
        }
        boolean flies = flyingRule && Integer.bitCount(own) == 3;
        for (int e = empty; e != 0; e &= e - 1) {
            int to = Integer.numberOfTrailingZeros(e);
            int froms = flies ? own : own & Masks.ADJACENT[to];
            for (int f = froms; f != 0; f &= f - 1) {
                int from = Integer.numberOfTrailingZeros(f);
                int closes = Masks.closes(own & ~(1 << from), to);
                n = emit(from, to, closes, flies, removable, out, n);
            }
        }
        return n;
    }

    private static int emit(int from, int to, int closes, boolean flew, int removable, int[] out, int n) {
        if (closes == 0) {
            out[n++] = Move.of(from, to, Move.NONE, 0, flew);
            return n;
        }
        // A closing move names the man it takes; with no enemy man on the board it does not exist.
        for (int r = removable; r != 0; r &= r - 1) {
            out[n++] = Move.of(from, to, Integer.numberOfTrailingZeros(r), closes, flew);
        }
        return n;
    }

    /**
     * Whether the mover has at least one legal move: exactly when {@link #generate} would return
     * a non-empty list, without building it.
     */
    public static boolean hasMove(int own, int enemy, int ownHand, boolean flyingRule) {
        int empty = Masks.ALL & ~(own | enemy);
        boolean canTake = enemy != 0;
        if (ownHand > 0) {
            if (canTake) {
                return empty != 0;
            }
            for (int e = empty; e != 0; e &= e - 1) {
                if (Masks.closes(own, Integer.numberOfTrailingZeros(e)) == 0) {
                    return true;
                }
            }
            return false;
        }
        boolean flies = flyingRule && Integer.bitCount(own) == 3;
        for (int e = empty; e != 0; e &= e - 1) {
            int to = Integer.numberOfTrailingZeros(e);
            int froms = flies ? own : own & Masks.ADJACENT[to];
            if (froms == 0) {
                continue;
            }
            if (canTake) {
                return true;
            }
            for (int f = froms; f != 0; f &= f - 1) {
                if (Masks.closes(own & ~(1 << Integer.numberOfTrailingZeros(f)), to) == 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
