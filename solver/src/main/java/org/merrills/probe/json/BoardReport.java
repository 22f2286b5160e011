package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import org.merrills.rules.Geometry;
import org.merrills.rules.Points;

/**
 * The board as the rules define it ({@code GET /v1/board}), so that a client draws it from the one
 * adjacency table instead of its own copy: the grid size, each point with its name, number (the
 * position notation's order), row (0 at the top) and column (0 at the left) and neighbours, every
 * line between neighbours once, and the mills.
 */
@JsonPropertyOrder({"size", "points", "lines", "mills"})
public record BoardReport(int size, List<PointRow> points, List<List<String>> lines, List<List<String>> mills) {

    /** One point of the board. */
    @JsonPropertyOrder({"name", "index", "row", "col", "adjacent"})
    public record PointRow(String name, int index, int row, int col, List<String> adjacent) {
    }

    /**
     * A variant's board: Morabaraba's has the diagonals as lines and mills too. Neighbours, the
     * ends of each line and the points of each mill in point order; the mills in
     * {@link Geometry#mills} order (the standard board's, then the diagonals).
     */
    public static BoardReport of(Geometry board) {
        List<PointRow> points = new ArrayList<>();
        List<List<String>> lines = new ArrayList<>();
        for (int p = 0; p < Points.POINTS; p++) {
            List<String> adjacent = new ArrayList<>();
            for (int q : points(board.adjacent(p))) {
                adjacent.add(Points.name(q));
                if (p < q) {
                    lines.add(List.of(Points.name(p), Points.name(q)));
                }
            }
            points.add(new PointRow(Points.name(p), p, Points.rowOf(p), Points.colOf(p), List.copyOf(adjacent)));
        }
        List<List<String>> mills = new ArrayList<>();
        for (int mill : board.mills()) {
            List<String> names = new ArrayList<>();
            for (int p : points(mill)) {
                names.add(Points.name(p));
            }
            mills.add(List.copyOf(names));
        }
        return new BoardReport(Points.SIZE, List.copyOf(points), List.copyOf(lines), List.copyOf(mills));
    }

    private static int[] points(int mask) {
        int[] out = new int[Integer.bitCount(mask)];
        for (int i = 0; mask != 0; mask &= mask - 1) {
            out[i++] = Integer.numberOfTrailingZeros(mask);
        }
        return out;
    }
}
