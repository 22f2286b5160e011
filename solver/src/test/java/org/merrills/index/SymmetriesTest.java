package org.merrills.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.merrills.rules.Geometry;
import org.merrills.rules.Points;
import org.merrills.rules.Variant;
import org.junit.jupiter.api.Test;

class SymmetriesTest {
    private static int image(int g, int mask) {
        int[] perm = Symmetries.permutation(g);
        int out = 0;
        for (int p = 0; p < 24; p++) {
            if ((mask >>> p & 1) != 0) {
                out |= 1 << perm[p];
            }
        }
        return out;
    }

    private static int mask(List<Integer> points) {
        int m = 0;
        for (int p : points) {
            m |= 1 << p;
        }
        return m;
    }

    @Test
    void sixteenDistinctPermutationsWithTheIdentityFirst() {
        Set<List<Integer>> seen = new HashSet<>();
        for (int g = 0; g < Symmetries.COUNT; g++) {
            int[] perm = Symmetries.permutation(g);
            Set<Integer> targets = new HashSet<>();
            for (int p = 0; p < 24; p++) {
                targets.add(perm[p]);
            }
            assertEquals(24, targets.size(), "symmetry " + g + " is a permutation");
            seen.add(java.util.Arrays.stream(perm).boxed().toList());
        }
        assertEquals(16, seen.size());
        for (int p = 0; p < 24; p++) {
            assertEquals(p, Symmetries.map(0, p));
        }
    }

    @Test
    void everySymmetryKeepsTheLinesAndTheMills() {
        Set<Integer> mills = new HashSet<>();
        for (List<Integer> mill : Points.MILLS) {
            mills.add(mask(mill));
        }
        assertEquals(16, mills.size());
        for (int g = 0; g < Symmetries.COUNT; g++) {
            for (int p = 0; p < 24; p++) {
                for (int q = 0; q < 24; q++) {
                    assertEquals(Points.isAdjacent(p, q),
                        Points.isAdjacent(Symmetries.map(g, p), Symmetries.map(g, q)),
                        "symmetry " + g + " on the line " + Points.name(p) + "-" + Points.name(q));
                }
            }
            for (int mill : mills) {
                assertTrue(mills.contains(image(g, mill)), "symmetry " + g + " sends a mill to a mill");
            }
        }
    }

    /**
     * The same on every variant's board (Lasker plays on the standard one): each symmetry keeps
     * the lines and the mills of the board with Morabaraba's diagonals too, as a diagonal from an
     * outer corner through the middle corner to the inner corner goes to another one.
     */
    @Test
    void everySymmetryKeepsTheLinesAndTheMillsOfEveryBoard() {
        for (Variant v : new Variant[] {Variant.STANDARD, Variant.LASKER, Variant.MORABARABA}) {
            Geometry board = v.board();
            Set<Integer> mills = new HashSet<>();
            for (int m : board.mills()) {
                mills.add(m);
            }
            assertEquals(v == Variant.MORABARABA ? 20 : 16, mills.size(), v.name());
            for (int g = 0; g < Symmetries.COUNT; g++) {
                for (int p = 0; p < 24; p++) {
                    assertEquals(Symmetries.apply(g, board.adjacent(p)), board.adjacent(Symmetries.map(g, p)),
                        v.name() + ": symmetry " + g + " on the neighbours of " + Points.name(p));
                }
                for (int mill : mills) {
                    assertTrue(mills.contains(Symmetries.apply(g, mill)), v.name() + ": symmetry " + g + " sends a mill to a mill");
                }
            }
        }
    }

    @Test
    void namedImagesWorkedOutByHand() {
        int a7 = Points.POINT.get("a7"), g7 = Points.POINT.get("g7"), c5 = Points.POINT.get("c5");
        int d7 = Points.POINT.get("d7"), g4 = Points.POINT.get("g4"), d5 = Points.POINT.get("d5");
        assertEquals(g7, Symmetries.map(1, a7));   // a quarter turn clockwise: top left to top right
        assertEquals(g4, Symmetries.map(1, d7));   // top middle to right middle
        assertEquals(g7, Symmetries.map(4, a7));   // mirror left to right
        assertEquals(d7, Symmetries.map(4, d7));
        assertEquals(c5, Symmetries.map(8, a7));   // inner and outer squares swapped
        assertEquals(d5, Symmetries.map(8, d7));
        assertEquals(Points.POINT.get("d6"), Symmetries.map(8, Points.POINT.get("d6")));
        // A corner can go to any of the 8 corners of the outer and inner squares, so 2 symmetries
        // keep it (the identity and the mirror through its diagonal); a midpoint of the middle
        // square to any of the 4, so 4 keep it; the empty and the full board, all 16.
        assertEquals(2, Integer.bitCount(Symmetries.stabiliser(1 << a7)));
        assertEquals(4, Integer.bitCount(Symmetries.stabiliser(1 << Points.POINT.get("d6"))));
        assertEquals(0xFFFF, Symmetries.stabiliser(0));
        assertEquals(0xFFFF, Symmetries.stabiliser(Geometry.ALL));
    }

    @Test
    void closedUnderCompositionWithInverses() {
        for (int a = 0; a < 16; a++) {
            for (int b = 0; b < 16; b++) {
                int c = Symmetries.compose(a, b);
                for (int p = 0; p < 24; p++) {
                    assertEquals(Symmetries.map(a, Symmetries.map(b, p)), Symmetries.map(c, p));
                }
            }
            int inv = Symmetries.inverse(a);
            for (int p = 0; p < 24; p++) {
                assertEquals(p, Symmetries.map(inv, Symmetries.map(a, p)));
            }
        }
    }

    @Test
    void applyMapsEveryBitLikeThePermutation() {
        Random rnd = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            int m = rnd.nextInt(1 << 24);
            for (int g = 0; g < 16; g++) {
                assertEquals(image(g, m), Symmetries.apply(g, m));
            }
        }
    }

    /**
     * Orbit and stabiliser: the images of a mask under the 16 symmetries, counted as a set, times
     * the symmetries that keep it is 16; and a mask is the smallest under all of them exactly when
     * no image is smaller, by the permutations themselves.
     */
    @Test
    void stabiliserTimesOrbitIsTheGroupAndSmallestMeansNoSmallerImage() {
        Random rnd = new Random(25);
        for (int t = 0; t < 3000; t++) {
            int mask = t < 2 ? (t == 0 ? 0 : Geometry.ALL) : rnd.nextInt(1 << 24) & rnd.nextInt(1 << 24) & rnd.nextInt(1 << 24);
            Set<Integer> orbit = new HashSet<>();
            int smallest = mask;
            for (int g = 0; g < 16; g++) {
                int img = image(g, mask);
                orbit.add(img);
                smallest = Math.min(smallest, img);
                assertEquals(img == mask, (Symmetries.stabiliser(mask) >>> g & 1) != 0, "symmetry " + g + " of " + mask);
            }
            assertEquals(16, orbit.size() * Integer.bitCount(Symmetries.stabiliser(mask)), "mask " + mask);
            assertEquals(smallest == mask, Symmetries.smallestUnder(0xFFFE, mask), "mask " + mask);
        }
    }
}
