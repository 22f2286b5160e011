package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every statement of points-api.txt, checked against tables typed from the spec's picture. */
class PointsTest {
    /** The neighbours of each point, read off the picture by hand. */
    private static final int[][] ADJACENT_BY_HAND = {
        {1, 9}, {0, 2, 4}, {1, 14}, {4, 10}, {1, 3, 5, 7}, {4, 13}, {7, 11}, {4, 6, 8}, {7, 12},
        {0, 10, 21}, {3, 9, 11, 18}, {6, 10, 15}, {8, 13, 17}, {5, 12, 14, 20}, {2, 13, 23},
        {11, 16}, {15, 17, 19}, {12, 16}, {10, 19}, {16, 18, 20, 22}, {13, 19}, {9, 22},
        {19, 21, 23}, {14, 22}
    };

    @Test
    void synopsisExamples() {
        assertEquals(OptionalInt.of(19), Points.point("d2"));
        assertEquals("d2", Points.name(19));
        assertArrayEquals(new int[] {16, 18, 20, 22}, Points.adjacent(19));
        int[][] two = Points.millsOf(19);
        assertArrayEquals(new int[] {18, 19, 20}, two[0]);
        assertArrayEquals(new int[] {16, 19, 22}, two[1]);
    }

    @Test
    void functionExamples() {
        assertEquals(OptionalInt.of(0), Points.point("A7"));
        assertEquals(OptionalInt.empty(), Points.point("d4"));
        assertEquals(OptionalInt.empty(), Points.point("z9"));
        assertEquals(OptionalInt.empty(), Points.point(""));
        assertEquals(OptionalInt.empty(), Points.point(null));
        assertEquals("a7", Points.name(0));
        assertEquals(0, Points.rowOf(0));
        assertEquals(6, Points.colOf(2));
        assertArrayEquals(new int[] {1, 9}, Points.adjacent(0));
        assertTrue(Points.isAdjacent(0, 1));
        assertFalse(Points.isAdjacent(0, 2));
        assertEquals(24, Points.POINTS);
        assertEquals(7, Points.SIZE);
    }

    @Test
    void numberingIsReadingOrderAndNamesAreCoordinates() {
        String[] names = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split(" ");
        int lastRow = -1, lastCol = -1;
        for (int p = 0; p < 24; p++) {
            assertEquals(names[p], Points.name(p));
            assertEquals(OptionalInt.of(p), Points.point(names[p].toUpperCase()));
            assertEquals(names[p].charAt(0) - 'a', Points.colOf(p));
            assertEquals('7' - names[p].charAt(1), Points.rowOf(p));
            assertTrue(Points.rowOf(p) > lastRow || (Points.rowOf(p) == lastRow && Points.colOf(p) > lastCol),
                "reading order at " + p);
            lastRow = Points.rowOf(p);
            lastCol = Points.colOf(p);
        }
        assertArrayEquals(java.util.stream.IntStream.range(0, 24).toArray(), Points.allPoints());
    }

    @Test
    void adjacencyMatchesThePictureAndIsSymmetric() {
        int lines = 0;
        for (int p = 0; p < 24; p++) {
            assertArrayEquals(ADJACENT_BY_HAND[p], Points.adjacent(p), "neighbours of " + Points.name(p));
            for (int q = 0; q < 24; q++) {
                final int qq = q;
                boolean byHand = Arrays.stream(ADJACENT_BY_HAND[p]).anyMatch(x -> x == qq);
                assertEquals(byHand, Points.isAdjacent(p, q));
                assertEquals(Points.isAdjacent(p, q), Points.isAdjacent(q, p));
            }
            lines += ADJACENT_BY_HAND[p].length;
        }
        assertEquals(32 * 2, lines, "32 lines between neighbouring points");
    }

    @Test
    void cornersHaveTwoNeighboursMidpointsThreeOrFour() {
        Set<String> four = Set.of("d6", "b4", "f4", "d2");
        Set<String> corners = Set.of("a7", "g7", "a1", "g1", "b6", "f6", "b2", "f2", "c5", "e5", "c3", "e3");
        for (int p = 0; p < 24; p++) {
            String n = Points.name(p);
            int expected = corners.contains(n) ? 2 : four.contains(n) ? 4 : 3;
            assertEquals(expected, Points.adjacent(p).length, n);
        }
    }

    @Test
    void sixteenMillsAcrossFirstEveryPointInOneAcrossAndOneDown() {
        int[][] mills = Points.mills();
        assertEquals(16, mills.length);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 16; i++) {
            int[] m = mills[i];
            boolean across = Points.rowOf(m[0]) == Points.rowOf(m[1]) && Points.rowOf(m[1]) == Points.rowOf(m[2]);
            boolean down = Points.colOf(m[0]) == Points.colOf(m[1]) && Points.colOf(m[1]) == Points.colOf(m[2]);
            assertEquals(i < 8, across, "mill " + i);
            assertEquals(i >= 8, down, "mill " + i);
            assertTrue(Points.isAdjacent(m[0], m[1]) && Points.isAdjacent(m[1], m[2]), "a mill is a line");
            seen.add(Arrays.toString(m));
        }
        assertEquals(16, seen.size());
        for (int p = 0; p < 24; p++) {
            int[][] two = Points.millsOf(p);
            assertEquals(2, two.length);
            final int pp = p;
            assertTrue(Arrays.stream(two[0]).anyMatch(x -> x == pp) && Arrays.stream(two[1]).anyMatch(x -> x == pp));
            assertEquals(Points.rowOf(two[0][0]), Points.rowOf(two[0][2]), "first is across");
            assertEquals(Points.colOf(two[1][0]), Points.colOf(two[1][2]), "second is down");
            int count = 0;
            for (int[] m : mills) {
                if (Arrays.stream(m).anyMatch(x -> x == pp)) {
                    count++;
                }
            }
            assertEquals(2, count, "every point is in exactly two mills");
        }
    }

    @Test
    void theCentreCutsTheMiddleLines() {
        int b4 = Points.point("b4").getAsInt(), c4 = Points.point("c4").getAsInt(), e4 = Points.point("e4").getAsInt();
        int d5 = Points.point("d5").getAsInt(), d3 = Points.point("d3").getAsInt();
        assertFalse(Points.isAdjacent(c4, e4));
        assertFalse(Points.isAdjacent(d5, d3));
        for (int[] m : Points.mills()) {
            List<Integer> l = List.of(m[0], m[1], m[2]);
            assertFalse(l.containsAll(List.of(b4, c4, e4)), "b4 c4 e4 is no mill");
        }
    }

    @Test
    void numbersThatAreNotPointsAreErrorsNamingThem() {
        for (int bad : new int[] {-1, 24, 100, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Points.name(bad));
            assertTrue(e.getMessage().contains(String.valueOf(bad)), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> Points.adjacent(bad));
            assertThrows(IllegalArgumentException.class, () -> Points.rowOf(bad));
            assertThrows(IllegalArgumentException.class, () -> Points.colOf(bad));
            assertThrows(IllegalArgumentException.class, () -> Points.millsOf(bad));
            assertThrows(IllegalArgumentException.class, () -> Points.isAdjacent(0, bad));
        }
    }

    @Test
    void tablesAreReadOnlyAndFunctionsReturnFreshCopies() {
        assertThrows(UnsupportedOperationException.class, () -> Points.NAME.set(0, "x"));
        assertThrows(UnsupportedOperationException.class, () -> Points.ADJACENT.get(0).set(0, 5));
        assertThrows(UnsupportedOperationException.class, () -> Points.MILLS.get(0).set(0, 5));
        assertThrows(UnsupportedOperationException.class, () -> Points.POINT.put("x", 1));
        assertThrows(UnsupportedOperationException.class, () -> Points.MILLS_OF.get(0).get(0).set(0, 1));
        int[] adj = Points.adjacent(0);
        adj[0] = 99;
        assertArrayEquals(new int[] {1, 9}, Points.adjacent(0));
        int[][] mills = Points.mills();
        mills[0][0] = 99;
        assertEquals(0, Points.mills()[0][0]);
        List<Integer> fromTable = new ArrayList<>(Points.ADJACENT.get(19));
        assertEquals(List.of(16, 18, 20, 22), fromTable);
        assertEquals(19, Points.POINT.get("d2"));
        assertEquals(List.of(List.of(18, 19, 20), List.of(16, 19, 22)), Points.MILLS_OF.get(19));
        assertEquals(5, Points.ROW.get(19));
        assertEquals(3, Points.COL.get(19));
    }

    @Test
    void masksAgreeWithPoints() {
        for (int p = 0; p < 24; p++) {
            int adj = 0;
            for (int q : Points.adjacent(p)) {
                adj |= 1 << q;
            }
            assertEquals(adj, Geometry.STANDARD.adjacent(p));
        }
        int[][] mills = Points.mills();
        for (int m = 0; m < 16; m++) {
            assertEquals((1 << mills[m][0]) | (1 << mills[m][1]) | (1 << mills[m][2]), Geometry.STANDARD.mills()[m]);
        }
    }
}
