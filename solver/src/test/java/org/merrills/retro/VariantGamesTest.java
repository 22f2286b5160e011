package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * The small games of Lasker Morris and Morabaraba solved in memory and checked at every position
 * by the one-ply recomputation from the children ({@link ForwardCheck}), with the fast generator
 * everywhere and with the independent simple generator on the three-men games (and a sample of
 * the four-men ones). A solution that agrees with the recomputation everywhere is the solution
 * (see {@link Verifier}).
 */
class VariantGamesTest {
    private static final BoardIndexes FOLDED = Indexes.standard();

    private static void solveAndCheck(Variant v, int simpleEvery) {
        Map<Sector, SolvedSector> solved = GameSolver.solveAll(v, FOLDED, 2);
        assertEquals(SectorGraph.of(v).sectors().size(), solved.size());
        assertTrue(ForwardCheck.verify(v, FOLDED, solved, false, 1) > 0);
        assertTrue(ForwardCheck.verify(v, FOLDED, solved, true, simpleEvery) > 0);
        int opening = GameSolver.openingValue(v, FOLDED, solved);
        assertTrue(opening == Value.DRAW || opening >= 0, v + ": opening " + opening);
    }

    @Test
    void laskerThreeMen() {
        solveAndCheck(Variant.lasker(3, true), 1);
    }

    @Test
    void morabarabaThreeMen() {
        solveAndCheck(Variant.morabaraba(3, true), 1);
    }

    @Test
    void laskerAndMorabarabaThreeMenWithoutFlying() {
        solveAndCheck(Variant.lasker(3, false), 1);
        solveAndCheck(Variant.morabaraba(3, false), 1);
    }

    @Test
    void laskerFourMen() {
        solveAndCheck(Variant.lasker(4, true), 97);
    }

    @Test
    void morabarabaFourMen() {
        solveAndCheck(Variant.morabaraba(4, true), 97);
    }

    /** One thread and two give the same value at every slot, on the plain index (no folding). */
    @Test
    void oneAndTwoThreadsAgree() {
        for (Variant v : new Variant[] {Variant.lasker(3, true), Variant.morabaraba(3, true)}) {
            Map<Sector, SolvedSector> one = GameSolver.solveAll(v, PlainIndex::new, 1);
            Map<Sector, SolvedSector> two = GameSolver.solveAll(v, PlainIndex::new, 2);
            assertEquals(one.keySet(), two.keySet());
            for (SolvedSector a : one.values()) {
                SolvedSector b = two.get(a.sector());
                for (long i = 0; i < a.size(); i++) {
                    if (a.value(i) != b.value(i)) {
                        throw new AssertionError(v + " " + a.sector() + " index " + i + ": " + a.value(i) + " vs " + b.value(i));
                    }
                }
            }
            ForwardCheck.verify(v, PlainIndex::new, one, false, 1);
        }
    }

    /**
     * Lasker's sectors with men in hand are pairs with their colour swap, solved by propagation:
     * a side holding men may move a man on the board, which keeps every count and swaps colours.
     */
    @Test
    void laskerSectorsWithMenInHandArePairs() {
        SectorGraph g = SectorGraph.of(Variant.lasker(4, true));
        Sector s = Sector.parse("2-1-2-3");
        assertTrue(g.isPair(s));
        assertEquals(Sector.parse("1-2-3-2"), g.partner(s));
        assertTrue(g.successors(s).contains(Sector.parse("1-2-3-2")));
        assertTrue(!g.isPair(Sector.parse("0-0-4-4")), "nobody has a man to move");
        SectorGraph standard = SectorGraph.of(Variant.standard(4, true));
        assertTrue(!standard.isPair(Sector.parse("2-2-2-2")));
    }

    /**
     * The full Morabaraba board: sector 12-12-0-0, where every point is taken, solved on its own
     * (no move leaves it: nobody can move): every position is a draw, none a loss.
     */
    @Test
    void theFullMorabarabaBoardIsADrawThroughout() {
        Sector full = Sector.parse("12-12-0-0");
        SectorSolver solver = new SectorSolver(Variant.MORABARABA, PlainIndex::new, 2);
        List<SolvedSector> out = solver.solve(full, GameSolver.lookup(Map.of()));
        assertEquals(1, out.size());
        SolvedSector s = out.get(0);
        assertEquals(s.size(), s.draws());
        assertEquals(0, s.wins() + s.losses());
    }

    @Test
    @Tag("slow")
    void fiveMenOfEveryVariant() {
        solveAndCheck(Variant.lasker(5, true), 997);
        solveAndCheck(Variant.morabaraba(5, true), 997);
    }
}
