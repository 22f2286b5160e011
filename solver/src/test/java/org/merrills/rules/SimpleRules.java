package org.merrills.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately plain second implementation of move generation, written from the rules text
 * only: loops over points with the {@link Points} functions, no masks, no bit tricks. The fast
 * generator must agree with it move for move.
 */
final class SimpleRules {
    private SimpleRules() {
    }

    /** Moves as {from, to, removed} with -1 for none, in the rules' order. */
    static List<int[]> generate(int[] cells, int ownHand, int side, boolean flyingRule) {
        int ownOnBoard = 0, enemyOnBoard = 0;
        for (int c : cells) {
            if (c == side) {
                ownOnBoard++;
            } else if (c == -side) {
                enemyOnBoard++;
            }
        }
        boolean placing = ownHand > 0;
        boolean flying = !placing && flyingRule && ownOnBoard == 3;
        List<int[]> moves = new ArrayList<>();
        for (int to = 0; to < 24; to++) {
            if (cells[to] != 0) {
                continue;
            }
            List<Integer> froms = new ArrayList<>();
            if (placing) {
                froms.add(-1);
            } else {
                for (int from = 0; from < 24; from++) {
                    if (cells[from] == side && (flying || Points.isAdjacent(from, to))) {
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
                for (int[] m : Points.millsOf(to)) {
                    if (after[m[0]] == side && after[m[1]] == side && after[m[2]] == side) {
                        mill = true;
                    }
                }
                if (!mill) {
                    moves.add(new int[] {from, to, -1});
                    continue;
                }
                for (int victim : takeable(after, -side)) {
                    moves.add(new int[] {from, to, victim});
                }
            }
        }
        return moves;
    }

    /** Enemy men outside every mill, or all of them when none is outside. */
    static List<Integer> takeable(int[] cells, int enemy) {
        List<Integer> outside = new ArrayList<>();
        List<Integer> all = new ArrayList<>();
        for (int p = 0; p < 24; p++) {
            if (cells[p] != enemy) {
                continue;
            }
            all.add(p);
            boolean inMill = false;
            for (int[] m : Points.millsOf(p)) {
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
