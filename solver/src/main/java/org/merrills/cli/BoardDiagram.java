package org.merrills.cli;

import org.merrills.rules.Points;
import org.merrills.rules.Position;

/**
 * The board as text, laid out as points-api.txt draws it: ranks 7 to 1 from the top, files a to
 * g from the left, lines between neighbours, {@code W} and {@code B} for the men and {@code .}
 * for an empty point. Drawn from the adjacency table, so it cannot disagree with the rules.
 */
final class BoardDiagram {
    private BoardDiagram() {
    }

    static String draw(Position p) {
        char[][] canvas = new char[13][13];
        for (char[] row : canvas) {
            java.util.Arrays.fill(row, ' ');
        }
        for (int a = 0; a < Points.POINTS; a++) {
            for (int b : Points.ADJACENT.get(a)) {
                int r1 = 2 * Points.rowOf(a), c1 = 2 * Points.colOf(a), r2 = 2 * Points.rowOf(b), c2 = 2 * Points.colOf(b);
                for (int r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) {
                    for (int c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) {
                        canvas[r][c] = r1 == r2 ? '-' : '|';
                    }
                }
            }
        }
        for (int q = 0; q < Points.POINTS; q++) {
            char man = (p.white() >>> q & 1) != 0 ? 'W' : (p.black() >>> q & 1) != 0 ? 'B' : '.';
            canvas[2 * Points.rowOf(q)][2 * Points.colOf(q)] = man;
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < 13; r++) {
            sb.append(r % 2 == 0 ? (char) ('7' - r / 2) : ' ').append(' ');
            sb.append(new String(canvas[r]).replaceAll("\\s+$", "")).append('\n');
        }
        sb.append("  a b c d e f g\n");
        sb.append(p.toMove().label()).append(" to move; in hand: white ").append(p.whiteHand())
            .append(", black ").append(p.blackHand()).append('\n');
        return sb.toString();
    }
}
