package org.merrills.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The 24 points of the board, the lines between them and the 16 mills, exactly as
 * {@code points-api.txt} numbers and names them.
 *
 * <pre>
 * a7 . . d7 . . g7        0        1        2
 * .  b6 . d6 . f6 .          3     4     5
 * .  .  c5 d5 e5 . .            6  7  8
 * a4 b4 c4 .  e4 f4 g4    9  10 11    12 13 14
 * .  .  c3 d3 e3 . .            15 16 17
 * .  b2 . d2 . f2 .          18    19    20
 * a1 . . d1 . . g1        21       22       23
 * </pre>
 *
 * <p>Everything is derived from the seven-by-seven grid positions of the points: two points are
 * neighbours when they are the next points along a row or a column and the centre d4, which is
 * not a point, does not lie between them; a mill is three neighbouring points in a line. Deriving
 * the tables instead of typing them means there is one fact (where the points are) to get right.
 *
 * <p>Nothing here knows whose man is where. The bit-mask form of these tables, for the move
 * generator, is {@link Masks}.
 */
public final class Points {
    /** The number of points. */
    public static final int POINTS = 24;
    /** The number of files and of ranks. */
    public static final int SIZE = 7;

    private static final String[] NAME_TABLE = {
        "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5",
        "a4", "b4", "c4", "e4", "f4", "g4", "c3", "d3", "e3",
        "b2", "d2", "f2", "a1", "d1", "g1"
    };

    private static final int[] ROW_TABLE = new int[POINTS];
    private static final int[] COL_TABLE = new int[POINTS];
    private static final int[][] ADJACENT_TABLE = new int[POINTS][];
    private static final int[][] MILL_TABLE = new int[16][];
    private static final int[][] MILLS_OF_TABLE = new int[POINTS][];
    private static final Map<String, Integer> POINT_TABLE = new HashMap<>();

    /** The coordinate of each point, lower case. Read only. */
    public static final List<String> NAME = List.of(NAME_TABLE);
    /** The number of each coordinate, in lower case. Read only. */
    public static final Map<String, Integer> POINT;
    /** Row of each point on the 7x7 grid, 0 at the top. Read only. */
    public static final List<Integer> ROW;
    /** Column of each point on the 7x7 grid, 0 on the left. Read only. */
    public static final List<Integer> COL;
    /** The neighbours of each point, ascending. Read only. */
    public static final List<List<Integer>> ADJACENT;
    /** The sixteen mills, the eight across first, then the eight down. Read only. */
    public static final List<List<Integer>> MILLS;
    /** For each point, its two mills: across, then down. Read only. */
    public static final List<List<List<Integer>>> MILLS_OF;

    static {
        for (int p = 0; p < POINTS; p++) {
            String n = NAME_TABLE[p];
            COL_TABLE[p] = n.charAt(0) - 'a';
            ROW_TABLE[p] = '7' - n.charAt(1);
            POINT_TABLE.put(n, p);
        }
        for (int p = 0; p < POINTS; p++) {
            List<Integer> adj = new ArrayList<>(4);
            for (int q = 0; q < POINTS; q++) {
                if (q != p && nextOnLine(p, q)) {
                    adj.add(q);
                }
            }
            ADJACENT_TABLE[p] = adj.stream().mapToInt(Integer::intValue).toArray();
        }
        // A mill is a point with a neighbour on each side along one direction; listing the
        // rows before the columns, each in reading order, gives the spec's order.
        int m = 0;
        for (boolean across : new boolean[] {true, false}) {
            for (int line = 0; line < SIZE; line++) {
                List<Integer> onLine = new ArrayList<>();
                for (int p = 0; p < POINTS; p++) {
                    if ((across ? ROW_TABLE[p] : COL_TABLE[p]) == line) {
                        onLine.add(p);
                    }
                }
                onLine.sort((a, b) -> across ? COL_TABLE[a] - COL_TABLE[b] : ROW_TABLE[a] - ROW_TABLE[b]);
                // Six points on the middle line form two mills, three form one.
                for (int start = 0; start + 3 <= onLine.size(); start += 3) {
                    MILL_TABLE[m++] = new int[] {onLine.get(start), onLine.get(start + 1), onLine.get(start + 2)};
                }
            }
        }
        if (m != 16) {
            throw new AssertionError("expected 16 mills, found " + m);
        }
        for (int p = 0; p < POINTS; p++) {
            int[][] two = new int[2][];
            for (int[] mill : MILL_TABLE) {
                if (mill[0] == p || mill[1] == p || mill[2] == p) {
                    two[ROW_TABLE[mill[0]] == ROW_TABLE[mill[2]] ? 0 : 1] = mill;
                }
            }
            MILLS_OF_TABLE[p] = new int[] {indexOfMill(two[0]), indexOfMill(two[1])};
        }

        POINT = Collections.unmodifiableMap(POINT_TABLE);
        ROW = intList(ROW_TABLE);
        COL = intList(COL_TABLE);
        List<List<Integer>> adjacent = new ArrayList<>();
        for (int[] a : ADJACENT_TABLE) {
            adjacent.add(intList(a));
        }
        ADJACENT = List.copyOf(adjacent);
        List<List<Integer>> mills = new ArrayList<>();
        for (int[] mill : MILL_TABLE) {
            mills.add(intList(mill));
        }
        MILLS = List.copyOf(mills);
        List<List<List<Integer>>> millsOf = new ArrayList<>();
        for (int[] two : MILLS_OF_TABLE) {
            millsOf.add(List.of(MILLS.get(two[0]), MILLS.get(two[1])));
        }
        MILLS_OF = List.copyOf(millsOf);
    }

    private Points() {
    }

    private static boolean nextOnLine(int p, int q) {
        int r1 = ROW_TABLE[p], c1 = COL_TABLE[p], r2 = ROW_TABLE[q], c2 = COL_TABLE[q];
        if (r1 == r2) {
            return !between(q, p, r1, Math.min(c1, c2), Math.max(c1, c2), true);
        }
        if (c1 == c2) {
            return !between(q, p, c1, Math.min(r1, r2), Math.max(r1, r2), false);
        }
        return false;
    }

    /** Whether a point, or the centre, lies strictly between two points of one line. */
    private static boolean between(int q, int p, int line, int lo, int hi, boolean across) {
        if (line == 3 && lo < 3 && hi > 3) {
            return true; // the centre d4 cuts the middle row and the middle column
        }
        for (int x = 0; x < POINTS; x++) {
            if (x == p || x == q) {
                continue;
            }
            int along = across ? COL_TABLE[x] : ROW_TABLE[x];
            int on = across ? ROW_TABLE[x] : COL_TABLE[x];
            if (on == line && along > lo && along < hi) {
                return true;
            }
        }
        return false;
    }

    private static int indexOfMill(int[] mill) {
        for (int i = 0; i < MILL_TABLE.length; i++) {
            if (MILL_TABLE[i] == mill) {
                return i;
            }
        }
        throw new AssertionError();
    }

    private static List<Integer> intList(int[] values) {
        List<Integer> list = new ArrayList<>(values.length);
        for (int v : values) {
            list.add(v);
        }
        return List.copyOf(list);
    }

    /** The 24 point numbers, in order. */
    public static int[] allPoints() {
        int[] all = new int[POINTS];
        for (int p = 0; p < POINTS; p++) {
            all[p] = p;
        }
        return all;
    }

    /** Whether a number is a point. */
    public static boolean isPoint(int p) {
        return p >= 0 && p < POINTS;
    }

    /**
     * Fails with an {@link IllegalArgumentException} naming the number when it is not a point;
     * the one check every function taking a point goes through.
     */
    public static int check(int p) {
        if (p < 0 || p >= POINTS) {
            throw new IllegalArgumentException("not a point: " + p + " (points are 0 to 23)");
        }
        return p;
    }

    /**
     * The number of a coordinate, or empty when the name is not a point. Case does not matter;
     * a name that is not a point, {@code d4} or {@code z9} or {@code null}, is an answer, not an
     * error, so that callers reading user input can report it in their own words.
     */
    public static OptionalInt point(String name) {
        if (name == null) {
            return OptionalInt.empty();
        }
        Integer p = POINT_TABLE.get(name.toLowerCase(java.util.Locale.ROOT));
        return p == null ? OptionalInt.empty() : OptionalInt.of(p);
    }

    /** The coordinate of a point, lower case. */
    public static String name(int p) {
        return NAME_TABLE[check(p)];
    }

    /** The row of a point, 0 at the top to 6 at the bottom. */
    public static int rowOf(int p) {
        return ROW_TABLE[check(p)];
    }

    /** The column of a point, 0 on the left to 6 on the right. */
    public static int colOf(int p) {
        return COL_TABLE[check(p)];
    }

    /** The neighbours of a point in ascending order: where a man standing on it can step. */
    public static int[] adjacent(int p) {
        return ADJACENT_TABLE[check(p)].clone();
    }

    /** True when a line joins the two points. */
    public static boolean isAdjacent(int p, int q) {
        check(p);
        check(q);
        for (int n : ADJACENT_TABLE[p]) {
            if (n == q) {
                return true;
            }
        }
        return false;
    }

    /** All sixteen mills, each a fresh array of three points; the eight across first. */
    public static int[][] mills() {
        int[][] copy = new int[MILL_TABLE.length][];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = MILL_TABLE[i].clone();
        }
        return copy;
    }

    /** The two mills a point belongs to, across then down, each a fresh array of three points. */
    public static int[][] millsOf(int p) {
        int[] two = MILLS_OF_TABLE[check(p)];
        return new int[][] {MILL_TABLE[two[0]].clone(), MILL_TABLE[two[1]].clone()};
    }
}
