package org.merrills.index;

import org.merrills.rules.Variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class FoldedIndexTest {
    private static final int[][] PERM = new int[16][];

    static {
        for (int g = 0; g < 16; g++) {
            PERM[g] = Symmetries.permutation(g);
        }
    }

    /** The image of a mask under symmetry g, point by point (not through the byte tables the index uses). */
    private static int image(int g, int mask) {
        int out = 0;
        for (int m = mask; m != 0; m &= m - 1) {
            out |= 1 << PERM[g][Integer.numberOfTrailingZeros(m)];
        }
        return out;
    }

    private static boolean isImage(long packed, int own, int enemy) {
        for (int g = 0; g < 16; g++) {
            if (SectorIndex.pack(image(g, own), image(g, enemy)) == packed) {
                return true;
            }
        }
        return false;
    }

    /** The boards (W, B) of the sectors of the game with {@code men} men each. */
    private static TreeSet<Integer> boards(int men) {
        TreeSet<Integer> boards = new TreeSet<>();
        for (Sector s : SectorGraph.of(Variant.standard(men, true)).sectors()) {
            boards.add(s.w() * 25 + s.b());
        }
        return boards;
    }

    /**
     * Every index of the board: unrank lands in the board (never a hole, as the index claims),
     * ranks back, and so do its 16 images.
     */
    private static void checkEveryIndex(FoldedIndex index) {
        assertFalse(index.hasHoles());
        int w = index.own(), b = index.enemy();
        for (long i = 0; i < index.size(); i++) {
            long packed = index.unrank(i);
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            if (Integer.bitCount(own) != w || Integer.bitCount(enemy) != b || (own & enemy) != 0
                || ((own | enemy) >>> 24) != 0) {
                fail("index " + i + " of board " + w + "-" + b + " unranks to " + Long.toHexString(packed));
            }
            for (int g = 0; g < 16; g++) {
                long r = index.rank(image(g, own), image(g, enemy));
                if (r != i) {
                    fail("board " + w + "-" + b + ": index " + i + ", image " + g + " ranks to " + r);
                }
            }
        }
    }

    /** A random position: a random index of the plain (unfolded) index. */
    private static long randomPosition(PlainIndex plain, SplittableRandom rnd) {
        return plain.unrank(rnd.nextLong(plain.size()));
    }

    /** A position ranks into range, to an image of itself, like all its images; a random index ranks back. */
    private static void checkSample(FoldedIndex index, int samples, SplittableRandom rnd) {
        PlainIndex plain = new PlainIndex(index.own(), index.enemy());
        for (int k = 0; k < samples; k++) {
            long p = randomPosition(plain, rnd);
            int own = SectorIndex.ownOf(p), enemy = SectorIndex.enemyOf(p);
            long r = index.rank(own, enemy);
            assertTrue(r >= 0 && r < index.size(), "rank in range");
            long rep = index.unrank(r);
            if (!isImage(rep, own, enemy)) {
                fail("board " + index.own() + "-" + index.enemy() + ": " + Long.toHexString(p)
                    + " ranks to " + r + ", which holds " + Long.toHexString(rep) + ", not an image");
            }
            for (int g = 1; g < 16; g++) {
                assertEquals(r, index.rank(image(g, own), image(g, enemy)));
            }
            long i = rnd.nextLong(index.size());
            long q = index.unrank(i);
            assertEquals(i, index.rank(SectorIndex.ownOf(q), SectorIndex.enemyOf(q)));
        }
    }

    @Test
    void exhaustiveOverTheGamesWithThreeAndFourMen() {
        Indexes indexes = new Indexes();
        for (int key : boards(4)) { // the boards of 3 men are among those of 4
            checkEveryIndex(indexes.of(key / 25, key % 25));
        }
        assertTrue(boards(4).containsAll(boards(3)));
    }

    @Test
    void everyPositionOfTheThreeMenGameRanksToAnImageOfItself() {
        // with rank(unrank(i)) == i this makes equal indexes mean images of each other
        Indexes indexes = new Indexes();
        for (int key : boards(3)) {
            FoldedIndex index = indexes.of(key / 25, key % 25);
            PlainIndex plain = new PlainIndex(key / 25, key % 25);
            long[] hits = new long[Math.toIntExact(index.size())];
            for (long i = 0; i < plain.size(); i++) {
                long p = plain.unrank(i);
                long r = index.rank(SectorIndex.ownOf(p), SectorIndex.enemyOf(p));
                assertTrue(isImage(index.unrank(r), SectorIndex.ownOf(p), SectorIndex.enemyOf(p)));
                hits[(int) r]++;
            }
            for (long h : hits) {
                assertTrue(h >= 1 && h <= 16 && 16 % h == 0, "each class has 16 / |stabiliser| positions");
            }
        }
    }

    @Test
    void sizesAreTheClassCountsAndSampledPositionsCheckOutForEverySectorOfNineMen() {
        checkStandardGame(2_000);
    }

    @Tag("slow")
    @Test
    void hundredThousandSamplesForEverySectorOfNineMen() {
        checkStandardGame(100_000);
    }

    private static void checkStandardGame(int samples) {
        SplittableRandom rnd = new SplittableRandom(20261130);
        long total = 0;
        for (Sector s : SectorGraph.of(Variant.standard(9, true)).sectors()) {
            FoldedIndex index = Indexes.standard().of(s);
            assertEquals(SymmetryClasses.of(s), index.size(), "size of " + s);
            total += index.size();
            checkSample(index, samples, rnd);
        }
        assertEquals(26_761_334_939L, total);
    }

    @Test
    void theIssuesReferenceSizes() {
        assertEquals(169_626, Indexes.standard().of(3, 3).size());
        assertEquals(2_691_920, new PlainIndex(3, 3).size());
    }

    @Test
    void smallBoardsByHand() {
        Indexes indexes = new Indexes();
        assertEquals(1, indexes.of(0, 0).size());
        assertEquals(0L, indexes.of(0, 0).unrank(0));
        // one man: outer/inner corners, outer/inner midpoints, middle corners, middle midpoints
        FoldedIndex one = indexes.of(1, 0);
        assertEquals(4, one.size());
        TreeSet<Integer> orbits = new TreeSet<>();
        for (int p = 0; p < 24; p++) {
            orbits.add((int) one.rank(1 << p, 0));
        }
        assertEquals(4, orbits.size());
        assertEquals(one.rank(1 << 0, 0), one.rank(1 << 23, 0));   // a7 and g1
        assertEquals(one.rank(1 << 0, 0), one.rank(1 << 6, 0));    // a7 and c5
        assertEquals(one.rank(1 << 3, 0), one.rank(1 << 20, 0));   // b6 and f2
        assertTrue(one.rank(1 << 0, 0) != one.rank(1 << 3, 0));   // a7 and b6
        assertTrue(one.rank(1 << 1, 0) != one.rank(1 << 4, 0));   // d7 and d6
    }

    @Test
    void unrankRangeGivesWhatUnrankGives() {
        Indexes indexes = new Indexes();
        SplittableRandom rnd = new SplittableRandom(5);
        long[] out = new long[5000];
        for (int key : boards(4)) {
            FoldedIndex index = indexes.of(key / 25, key % 25);
            for (long first = 0; first < index.size(); ) {
                int count = (int) Math.min(index.size() - first, 1 + rnd.nextInt(out.length));
                index.unrankRange(first, count, out);
                for (int k = 0; k < count; k++) {
                    assertEquals(index.unrank(first + k), out[k], "board " + index.own() + "-" + index.enemy());
                }
                first += count;
            }
        }
        FoldedIndex big = Indexes.standard().of(8, 8);
        for (int t = 0; t < 50; t++) {
            long first = rnd.nextLong(big.size() - out.length);
            big.unrankRange(first, out.length, out);
            for (int k = 0; k < out.length; k++) {
                assertEquals(big.unrank(first + k), out[k]);
            }
        }
        // the symmetric classes come last: walk the ends of boards of several shapes, in chunks
        // that start and stop inside classes and span several
        for (int[] board : new int[][] {{5, 4}, {4, 5}, {3, 9}, {9, 3}, {6, 6}}) {
            FoldedIndex index = Indexes.standard().of(board[0], board[1]);
            long symmetricStart = index.asymmetricOwnClasses() * index.block();
            for (long first = Math.max(0, symmetricStart - 777); first < index.size(); ) {
                int count = (int) Math.min(index.size() - first, 1 + rnd.nextInt(out.length));
                index.unrankRange(first, count, out);
                for (int k = 0; k < count; k++) {
                    assertEquals(index.unrank(first + k), out[k], "board " + board[0] + "-" + board[1] + " index " + (first + k));
                }
                first += count;
            }
        }
        big.unrankRange(big.size() - 10, 10, out);
        assertEquals(big.unrank(big.size() - 1), out[9]);
        assertThrows(IndexOutOfBoundsException.class, () -> big.unrankRange(big.size() - 10, 11, out));
    }

    /** Whether some symmetry but the identity keeps the mask (point by point, not through the index). */
    private static boolean symmetric(int mask) {
        for (int g = 1; g < 16; g++) {
            if (image(g, mask) == mask) {
                return true;
            }
        }
        return false;
    }

    /** The prepared rank of (own, enemy) is rank's, and the asymmetry flag says whether own has a symmetry. */
    private static void checkPrepared(FoldedIndex index, int own, long prepared, int enemy) {
        long r = index.rankPrepared(prepared, enemy);
        if (enemy != 0) {       // and rankEach, adding each point outside the rest to all but the highest enemy man
            int rest = enemy & ~Integer.highestOneBit(enemy);
            int points = ~(own | rest) & 0xFFFFFF;
            long[] out = new long[25];
            assertEquals(Integer.bitCount(points), index.rankEach(prepared, rest, points, out, 1));
            int k = 1;
            for (int p = points; p != 0; p &= p - 1, k++) {
                if (out[k] != index.rank(own, rest | (p & -p))) {
                    fail("board " + index.own() + "-" + index.enemy() + ": rankEach gives " + out[k]
                        + " for " + index.rank(own, rest | (p & -p)));
                }
            }
        }
        if (enemy != 0) {       // and rankMoved, moving each enemy man to each empty point
            int empty = ~(own | enemy) & 0xFFFFFF;
            int[] moved = new int[24 * 24];
            int n = 0;
            for (int f = enemy; f != 0; f &= f - 1) {
                for (int t = empty; t != 0; t &= t - 1) {
                    moved[n++] = enemy & ~(f & -f) | (t & -t);
                }
            }
            long[] out = new long[n + 3];
            assertEquals(n, index.rankMoved(prepared, enemy, moved, n, out, 3));
            for (int k = 0; k < n; k++) {
                if (out[3 + k] != index.rank(own, moved[k])) {
                    fail("board " + index.own() + "-" + index.enemy() + ": rankMoved gives " + out[3 + k]
                        + " for " + index.rank(own, moved[k]));
                }
            }
        }
        if (r != index.rank(own, enemy)) {
            fail("board " + index.own() + "-" + index.enemy() + ": own " + Integer.toHexString(own) + ", enemy "
                + Integer.toHexString(enemy) + " ranks to " + index.rank(own, enemy) + ", prepared to " + r);
        }
    }

    /** A random mask of {@code bits} points among {@code free}. */
    private static int randomSubset(int free, int bits, SplittableRandom rnd) {
        int mask = 0;
        while (Integer.bitCount(mask) < bits) {
            int f = free & ~mask;
            for (int skip = rnd.nextInt(Integer.bitCount(f)); skip > 0; skip--) {
                f &= f - 1;
            }
            mask |= f & -f;
        }
        return mask;
    }

    @Test
    void preparedRankIsRank() {
        Indexes indexes = new Indexes();
        SplittableRandom rnd = new SplittableRandom(11);
        // Every own mask of the 3-men game's boards with every enemy mask; of the 4-men game's with 20 random ones.
        for (int men = 3; men <= 4; men++) {
            for (int key : boards(men)) {
                FoldedIndex index = indexes.of(key / 25, key % 25);
                int w = index.own(), b = index.enemy();
                int masks = (int) Binomial.of(24, w);
                for (int r = 0, own = (1 << w) - 1; r < masks; r++, own = Masks.nextSameBitCount(own)) {
                    long prepared = index.prepareOwn(own);
                    assertEquals(!symmetric(own), index.asymmetric(prepared), "own " + Integer.toHexString(own));
                    int free = ~own & 0xFFFFFF;
                    if (men == 3) {
                        int enemies = (int) Binomial.of(24 - w, b);
                        int squeezed = (1 << b) - 1;
                        for (int c = 0; c < enemies; c++, squeezed = Masks.nextSameBitCount(squeezed)) {
                            checkPrepared(index, own, prepared, Squeeze.deposit(squeezed, free));
                        }
                    } else {
                        for (int t = 0; t < 20; t++) {
                            checkPrepared(index, own, prepared, randomSubset(free, b, rnd));
                        }
                    }
                }
            }
        }
        // Some of the standard game's boards, sampled.
        for (int[] board : new int[][] {{8, 8}, {9, 9}, {9, 3}, {3, 9}, {7, 5}}) {
            FoldedIndex index = Indexes.standard().of(board[0], board[1]);
            for (int t = 0; t < 2000; t++) {
                int own = randomSubset(0xFFFFFF, index.own(), rnd);
                long prepared = index.prepareOwn(own);
                assertEquals(!symmetric(own), index.asymmetric(prepared));
                int free = ~own & 0xFFFFFF;
                for (int k = 0; k < 5; k++) {
                    checkPrepared(index, own, prepared, randomSubset(free, index.enemy(), rnd));
                }
            }
        }
    }

    @Test
    void unrankRejectsIndexesOutsideTheBoard() {
        FoldedIndex index = Indexes.standard().of(3, 3);
        assertThrows(IndexOutOfBoundsException.class, () -> index.unrank(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> index.unrank(index.size()));
        assertThrows(IllegalArgumentException.class, () -> Indexes.standard().of(13, 12));
    }

    @Test
    void concurrentFirstCallsBuildOneIndex() throws Exception {
        Indexes indexes = new Indexes();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<FoldedIndex>> got = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                got.add(pool.submit(() -> indexes.of(5, 4)));
            }
            for (Future<FoldedIndex> f : got) {
                assertSame(got.get(0).get(), f.get());
            }
        } finally {
            pool.shutdown();
        }
    }
}
