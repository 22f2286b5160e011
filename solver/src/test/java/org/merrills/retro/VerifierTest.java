package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.rules.Variant;

/**
 * The whole-sector check: it walks every class once (by enemy men), finds a value that its
 * children contradict and only that, and agrees with the per-position recomputation.
 */
class VerifierTest {
    private static final Variant FOUR = Variant.standard(4, true);
    private static final BoardIndexes INDEXES = Indexes.standard();
    private static Map<Sector, SolvedSector> solved;

    @BeforeAll
    static void solve() {
        solved = GameSolver.solveAll(FOUR, INDEXES, 2);
    }

    @Test
    void everySectorOfTheFourMenGameChecksOutWholeOnOneAndTwoThreads() {
        SolvedValues all = GameSolver.lookup(solved);
        for (Sector s : solved.keySet()) {
            for (int threads = 1; threads <= 2; threads++) {
                AtomicLong heard = new AtomicLong();
                Verifier.Report r = Verifier.check(FOUR, INDEXES, s, all, threads, null, 1, 10, heard::set);
                assertEquals(solved.get(s).size(), r.checked(), s + ": every class checked once");
                assertEquals(0, r.wrong(), s + ": " + r.first());
                assertEquals(r.checked(), heard.get(), s + ": progress ends at the positions checked");
            }
        }
    }

    /** One stored value changed (a win two plies longer, then a draw) is found at its index, with the true value. */
    @Test
    void aTamperedValueIsFoundAndNamed() {
        Sector s = new Sector(4, 4, 0, 0);
        SolvedSector sector = solved.get(s);
        long target = -1;
        for (long i = 0; i < sector.size() && target < 0; i++) {
            if (Value.isWin(sector.value(i))) {
                target = i;
            }
        }
        assertTrue(target >= 0, "4-4-0-0 has a won position");
        int truth = sector.value(target);
        for (int lie : new int[] {truth + 2, Value.DRAW}) {
            long at = target;
            SolvedValues all = tampered(s, at, lie);
            // Its predecessors in 4-4-0-0 (its own partner) read the lie too and may disagree
            // as well; keep every report so that the tampered one is surely among them.
            Verifier.Report r = Verifier.check(FOUR, INDEXES, s, all, 2, null, 1, Integer.MAX_VALUE, p -> { });
            assertEquals(r.wrong(), r.first().size());
            boolean named = r.first().stream().anyMatch(d -> d.index() == at && d.stored() == lie && d.expected() == truth);
            assertTrue(named, "the lie " + lie + " at index " + at + " is reported with the true value: " + r.first());
        }
    }

    @Test
    void aSampleChecksAsManyPositionsAsAsked() {
        SolvedValues all = GameSolver.lookup(solved);
        Sector s = new Sector(4, 3, 0, 0);
        Verifier.Report r = Verifier.check(FOUR, INDEXES, s, all, 2, 1000L, 7, 10, p -> { });
        assertEquals(1000, r.checked());
        assertEquals(0, r.wrong());
    }

    private static SolvedValues tampered(Sector sector, long index, int lie) {
        SolvedValues honest = GameSolver.lookup(solved);
        return (s, i) -> s.equals(sector) && i == index ? lie : honest.value(s, i);
    }
}
