package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.merrills.index.BoardIndexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.index.Symmetries;
import org.merrills.rules.Variant;

/** Whole small games solved in memory and checked position by position. */
class SmallGamesTest {
    private static final Variant THREE = Variant.of(3, true);

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
                    throw new AssertionError(s.sector() + " index " + i + " (own " + Integer.toBinaryString(SectorIndex.ownOf(p))
                        + ", enemy " + Integer.toBinaryString(SectorIndex.enemyOf(p)) + "): solved "
                        + s.value(i) + ", children say " + expected);
                }
            }
        }
    }

    @Test
    void threeMenPlainIndexVerifies() {
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(3, true, 1);
        assertEquals(7, solved.size());
        verifyAll(THREE, PlainIndex::new, solved);
    }

    @Test
    void threeMenFoldedIndexVerifiesAndAgreesWithPlain() {
        BoardIndexes folded = HoleyFoldingIndex::new;
        Map<Sector, SolvedSector> f = GameSolver.solveAll(THREE, folded, 2);
        verifyAll(THREE, folded, f);
        Map<Sector, SolvedSector> plain = GameSolver.solveAll(3, true, 2);
        for (SolvedSector p : plain.values()) {
            SectorIndex pi = new PlainIndex(p.sector().w(), p.sector().b());
            SectorIndex fi = folded.of(p.sector());
            SolvedSector fs = f.get(p.sector());
            for (long i = 0; i < p.size(); i++) {
                long pos = pi.unrank(i);
                long fr = fi.rank(SectorIndex.ownOf(pos), SectorIndex.enemyOf(pos));
                assertEquals(p.value(i), fs.value(fr), () -> p.sector() + " plain index " + pos);
            }
        }
    }

    /** Malom's published figures for 3-3-0-0, counted over positions up to symmetry. */
    @Test
    void threeThreeMatchesMalom() {
        Map<Sector, SolvedSector> f = GameSolver.solveAll(THREE, HoleyFoldingIndex::new, 2);
        SolvedSector s = f.get(Sector.parse("3-3-0-0"));
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
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(3, true, 1);
        SolvedSector s = solved.get(Sector.parse("3-3-0-0"));
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
}
