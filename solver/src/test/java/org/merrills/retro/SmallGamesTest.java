package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.index.Symmetries;
import org.merrills.rules.Points;
import org.merrills.rules.Variant;

/** The game with three men each solved in memory and checked position by position. */
class SmallGamesTest {
    private static final Variant THREE = Variant.standard(3, true);
    private static final BoardIndexes FOLDED = HoleyFoldingIndex::new;
    private static Map<Sector, SolvedSector> plainOneThread;
    private static Map<Sector, SolvedSector> plainTwoThreads;
    private static Map<Sector, SolvedSector> folded;

    @BeforeAll
    static void solve() {
        plainOneThread = GameSolver.solveAll(Variant.standard(3, true), 1);
        plainTwoThreads = GameSolver.solveAll(Variant.standard(3, true), 2);
        folded = GameSolver.solveAll(THREE, FOLDED, 2);
    }

    /** Every position of every sector agrees with the forward recomputation from its children. */
    static void verifyAll(Variant variant, BoardIndexes indexes, Map<Sector, SolvedSector> solved) {
        Verifier verifier = new Verifier(variant, indexes);
        SolvedValues all = GameSolver.lookup(solved);
        for (SolvedSector s : solved.values()) {
            for (long i = 0; i < s.size(); i++) {
                if (s.isHole(i)) {
                    continue;
                }
                int expected = verifier.expected(s.sector(), i, all);
                if (expected != s.value(i)) {
                    long p = indexes.of(s.sector()).unrank(i);
                    throw new AssertionError(s.sector() + " index " + i + " (" + describe(p) + "): solved "
                        + s.value(i) + ", children say " + expected);
                }
            }
        }
    }

    static String describe(long packed) {
        return "own " + names(SectorIndex.ownOf(packed)) + ", enemy " + names(SectorIndex.enemyOf(packed));
    }

    private static String names(int mask) {
        StringBuilder b = new StringBuilder();
        for (int m = mask; m != 0; m &= m - 1) {
            b.append(b.length() == 0 ? "" : " ").append(Points.name(Integer.numberOfTrailingZeros(m)));
        }
        return b.toString();
    }

    static int mask(String... points) {
        int m = 0;
        for (String p : points) {
            m |= 1 << Points.point(p).orElseThrow();
        }
        return m;
    }

    static int valueOf(Map<Sector, SolvedSector> solved, BoardIndexes indexes, Sector s, int own, int enemy) {
        return solved.get(s).value(indexes.of(s).rank(own, enemy));
    }

    @Test
    void everySectorOfTheGameIsSolved() {
        assertEquals(7, plainOneThread.size());
        assertEquals(plainOneThread.keySet(), folded.keySet());
    }

    @Test
    void plainIndexVerifies() {
        verifyAll(THREE, PlainIndex::new, plainOneThread);
    }

    @Test
    void foldedIndexVerifies() {
        verifyAll(THREE, FOLDED, folded);
    }

    @Test
    void oneAndTwoThreadsGiveTheSameValues() {
        for (SolvedSector one : plainOneThread.values()) {
            SolvedSector two = plainTwoThreads.get(one.sector());
            assertEquals(one.size(), two.size());
            for (long i = 0; i < one.size(); i++) {
                if (one.value(i) != two.value(i)) {
                    throw new AssertionError(one.sector() + " index " + i + ": " + one.value(i) + " vs " + two.value(i));
                }
            }
        }
    }

    @Test
    void foldedAndPlainGiveTheSameValuePerPosition() {
        for (SolvedSector p : plainTwoThreads.values()) {
            SectorIndex pi = new PlainIndex(p.sector().w(), p.sector().b());
            SectorIndex fi = FOLDED.of(p.sector());
            SolvedSector fs = folded.get(p.sector());
            for (long i = 0; i < p.size(); i++) {
                long pos = pi.unrank(i);
                long fr = fi.rank(SectorIndex.ownOf(pos), SectorIndex.enemyOf(pos));
                if (p.value(i) != fs.value(fr)) {
                    throw new AssertionError(p.sector() + " " + describe(pos) + ": plain " + p.value(i) + ", folded " + fs.value(fr));
                }
            }
        }
    }

    /** Malom's published figures for 3-3-0-0, counted over positions up to symmetry. */
    @Test
    void threeThreeMatchesMalom() {
        SolvedSector s = folded.get(Sector.parse("3-3-0-0"));
        assertEquals(169_626, s.positions());
        assertEquals(140_621, s.wins());
        assertEquals(269, s.draws());
        assertEquals(28_736, s.losses());
        assertEquals(25, s.longestWin());
        assertEquals(26, s.longestLoss());
    }

    /** The same count with the plain index: only the positions whose plain rank is smallest of their images. */
    @Test
    void threeThreeMatchesMalomOverCanonicalPlainPositions() {
        SolvedSector s = plainOneThread.get(Sector.parse("3-3-0-0"));
        PlainIndex index = new PlainIndex(3, 3);
        long positions = 0, wins = 0, draws = 0, losses = 0;
        for (long i = 0; i < s.size(); i++) {
            long p = index.unrank(i);
            boolean canonical = true;
            for (int g = 1; g < Symmetries.COUNT && canonical; g++) {
                canonical = index.rank(Symmetries.apply(g, SectorIndex.ownOf(p)), Symmetries.apply(g, SectorIndex.enemyOf(p))) >= i;
            }
            if (!canonical) {
                continue;
            }
            positions++;
            int v = s.value(i);
            if (v == -1) {
                draws++;
            } else if ((v & 1) == 1) {
                wins++;
            } else {
                losses++;
            }
        }
        assertEquals(169_626, positions);
        assertEquals(140_621, wins);
        assertEquals(269, draws);
        assertEquals(28_736, losses);
        assertTrue(s.longestWin() == 25 && s.longestLoss() == 26, s.toString());
    }

    private static final Sector THREE_THREE = Sector.parse("3-3-0-0");

    /** Two men on a line with the third point free and a man to fly there: the mill takes the third-last man. */
    @Test
    void aMillToCloseWinsInOne() {
        int own = mask("a7", "d7", "c4"), enemy = mask("d2", "f4", "g1");
        assertEquals(1, valueOf(folded, FOLDED, THREE_THREE, own, enemy));
        assertEquals(1, valueOf(plainOneThread, PlainIndex::new, THREE_THREE, own, enemy));
    }

    /**
     * The enemy (a7 d7 a4) threatens g7 and a1; the mover (b6 f2 d3, no two on a line) can block
     * only one and cannot close a mill itself, so every move meets a mill: a loss in 2.
     */
    @Test
    void aDoubleThreatIsALossInTwo() {
        int own = mask("b6", "f2", "d3"), enemy = mask("a7", "d7", "a4");
        assertEquals(2, valueOf(folded, FOLDED, THREE_THREE, own, enemy));
        assertEquals(2, valueOf(plainTwoThreads, PlainIndex::new, THREE_THREE, own, enemy));
    }

    /** One move before: d7 a4 f4 (no two on a line, so no win in 1) fly f4 to a7 and set up the double threat. */
    @Test
    void settingUpTheDoubleThreatIsAWinInThree() {
        int own = mask("d7", "a4", "f4"), enemy = mask("b6", "f2", "d3");
        assertEquals(3, valueOf(folded, FOLDED, THREE_THREE, own, enemy));
    }

    /** Placing the third man into an open mill takes a man from a side left with one on board and one in hand. */
    @Test
    void placingIntoAMillWinsInOne() {
        Sector s = Sector.parse("2-2-1-1");
        assertEquals(1, valueOf(folded, FOLDED, s, mask("a7", "d7"), mask("d2", "f4")));
    }

    @Test
    void theOpeningHasAValue() {
        int v = GameSolver.openingValue(THREE, FOLDED, folded);
        assertEquals(v, GameSolver.openingValue(THREE, PlainIndex::new, plainOneThread));
        assertTrue(v >= -1);
    }

    /** Without flying, three men in a mill with each neighbour taken cannot move: a loss in 0; flying, they can. */
    @Test
    void aHemmedInSideLosesInZeroWithoutFlying() {
        Variant noFlying = Variant.standard(3, false);
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(noFlying, PlainIndex::new, 2);
        verifyAll(noFlying, PlainIndex::new, solved);
        int own = mask("a7", "d7", "g7"), enemy = mask("a4", "d6", "g4");
        assertEquals(0, valueOf(solved, PlainIndex::new, THREE_THREE, own, enemy));
        assertNotEquals(0, valueOf(plainOneThread, PlainIndex::new, THREE_THREE, own, enemy));
    }
}
