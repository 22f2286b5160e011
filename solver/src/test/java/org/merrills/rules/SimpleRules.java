package org.merrills.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately plain second implementation of move generation, written from the rules text
 * only: loops over points with the {@link Points} functions, no masks, no bit tricks, and its own
 * copy of what the variants change (Morabaraba's four diagonals written out by name, Lasker's
 * "place or move"), so that it shares nothing with {@link MoveGenerator} or {@link Geometry}.
 * The fast generator must agree with it move for move.
 */
public final class SimpleRules {
    /** Morabaraba's diagonals as the rules name them: from each outer corner to the inner square's corner. */
    private static final String[][] DIAGONALS = {{"a7", "b6", "c5"}, {"g7", "f6", "e5"}, {"a1", "b2", "c3"}, {"g1", "f2", "e3"}};

    private SimpleRules() {
    }

    /** Moves of the standard game as {from, to, removed} with -1 for none, in the rules' order. */
    static List<int[]> generate(int[] cells, int ownHand, int side, boolean flyingRule) {
        return generate(cells, ownHand, side, "standard", flyingRule);
    }

    /** The same under a variant; of the variant only its name and its flying switch are read. */
    public static List<int[]> generate(int[] cells, int ownHand, int side, Variant variant) {
        return generate(cells, ownHand, side, variant.name(), variant.flying());
    }

    private static List<int[]> generate(int[] cells, int ownHand, int side, String game, boolean flyingRule) {
        int ownOnBoard = 0;
        for (int p = 0; p < 24; p++) { // the board only: cells 24 and 25 are the hands
            if (cells[p] == side) {
                ownOnBoard++;
            }
        }
        boolean diagonals = game.equals("morabaraba");
        boolean mayPlace = ownHand > 0;
        // Lasker: a side holding men may place one or move one; elsewhere it must place.
        boolean mayMove = ownHand == 0 || game.equals("lasker");
        // Flying: men on board and in hand together exactly three.
        boolean flying = flyingRule && ownOnBoard + ownHand == 3;
        List<int[]> moves = new ArrayList<>();
        for (int to = 0; to < 24; to++) {
            if (cells[to] != 0) {
                continue;
            }
            List<Integer> froms = new ArrayList<>();
            if (mayPlace) {
                froms.add(-1);
            }
            if (mayMove) {
                for (int from = 0; from < 24; from++) {
                    if (cells[from] == side && (flying || adjacent(from, to, diagonals))) {
                        froms.add(from);
                    }
                }
            }
            for (int from : froms) {
                int[] after = cells.clone();
                if (from >= 0) {
                    after[from] = 0;
                }
                after[to] = side;
                boolean mill = false;
                for (int[] m : millsOf(to, diagonals)) {
                    if (after[m[0]] == side && after[m[1]] == side && after[m[2]] == side) {
                        mill = true;
                    }
                }
                if (!mill) {
                    moves.add(new int[] {from, to, -1});
                    continue;
                }
                for (int victim : takeable(after, -side, diagonals)) {
                    moves.add(new int[] {from, to, victim});
                }
            }
        }
        return moves;
    }

    /** Whether a line joins two points: the board's lines, and the diagonals' when played. */
    static boolean adjacent(int p, int q, boolean diagonals) {
        if (Points.isAdjacent(p, q)) {
            return true;
        }
        if (diagonals) {
            for (String[] d : DIAGONALS) {
                for (int k = 0; k < 2; k++) {
                    int a = Points.point(d[k]).getAsInt(), b = Points.point(d[k + 1]).getAsInt();
                    if (a == p && b == q || a == q && b == p) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The mills through a point: its row and column, and a diagonal when played. */
    static List<int[]> millsOf(int p, boolean diagonals) {
        List<int[]> mills = new ArrayList<>(List.of(Points.millsOf(p)));
        if (diagonals) {
            for (String[] d : DIAGONALS) {
                int[] m = {Points.point(d[0]).getAsInt(), Points.point(d[1]).getAsInt(), Points.point(d[2]).getAsInt()};
                if (m[0] == p || m[1] == p || m[2] == p) {
                    mills.add(m);
                }
            }
        }
        return mills;
    }

    /** Enemy men outside every mill, or all of them when none is outside. */
    static List<Integer> takeable(int[] cells, int enemy, boolean diagonals) {
        List<Integer> outside = new ArrayList<>();
        List<Integer> all = new ArrayList<>();
        for (int p = 0; p < 24; p++) {
            if (cells[p] != enemy) {
                continue;
            }
            all.add(p);
            boolean inMill = false;
            for (int[] m : millsOf(p, diagonals)) {
                if (cells[m[0]] == enemy && cells[m[1]] == enemy && cells[m[2]] == enemy) {
                    inMill = true;
                }
            }
            if (!inMill) {
                outside.add(p);
            }
        }
        return outside.isEmpty() ? all : outside;
    }
}
