package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.merrills.db.SectorMeta;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;

/** The progress line fits its terminal, log mode reports on its own, and the ETA weighs each kind of work by its own rate. */
class ProgressTest {
    @Test
    void theStatusLineFitsTheTerminalAndOverwritesAllOfTheLastOne() {
        for (int width : new int[] {40, 80, 200}) {
            StringWriter sink = new StringWriter();
            try (Progress p = new Progress(new PrintWriter(sink), "solving", true, width, 30)) {
                p.plan(List.of(Sector.parse("3-3-0-0"), Sector.parse("2-3-1-0")), true);
                p.started(List.of(Sector.parse("3-3-0-0")), 169_626);
                p.progress(84_813);
                String line = p.status(System.nanoTime(), width - 1);
                assertTrue(line.length() <= width - 1, width + ": " + line);
                assertTrue(line.startsWith("3-3-0-0"), line);
            }
            for (String drawn : sink.toString().split("\r")) {
                assertTrue(drawn.length() <= width, "a redraw wider than " + width + ": " + drawn.length());
            }
        }
    }

    @Test
    void logModePrintsPercentRateAndEtaOnItsOwn() throws Exception {
        StringWriter sink = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(sink), "checking", false, 0, 1)) {
            p.plan(List.of(Sector.parse("3-3-0-0")), false);
            p.started(List.of(Sector.parse("3-3-0-0")), 169_626); // the sector's size in the index
            Thread.sleep(200);
            p.progress(42_407);
            Thread.sleep(2500); // the ticker fires every second from the start
        }
        String log = sink.toString();
        assertTrue(log.contains("checking 3-3-0-0 (169,626 positions)"), log);
        assertTrue(log.matches("(?s).*\\[0:00:0[12]\\] 3-3-0-0 .* 25\\.0% \\| all 42,407/169,626 +25\\.0% [0-9.,]+M? pos/s ETA \\d+:\\d\\d:\\d\\d.*"), log);
    }

    @Test
    void theEtaFitsEachKindsCostPerUnitAndPerPosition() {
        // placing units cost 0.5 s + 1 ms a position, moving ones 1 s + 10 ms a position
        Eta eta = new Eta();
        eta.measured(false, 1000, 1_500_000_000L);
        eta.measured(false, 3000, 3_500_000_000L);
        eta.measured(true, 200, 3_000_000_000L);
        eta.measured(true, 600, 7_000_000_000L);
        assertEquals(1000.0, eta.rate(false), 1e-6);
        assertEquals(100.0, eta.rate(true), 1e-6);
        // left: a placing unit of 2000 (2.5 s), a moving one of 1000 (11 s), and the moving unit in
        // hand, 400 positions (5 s), 2 s into it: 3 s more. 16.5 s in all.
        double left = eta.secondsLeft(List.of(new Eta.Unit(2000, false), new Eta.Unit(1000, true)), true, 400, 100,
            2_000_000_000L);
        assertEquals(16.5, left, 1e-6);
        // a unit already slower than its model goes by its own pace: 8 s for a quarter, 24 s more
        assertEquals(24.0, eta.secondsLeft(List.of(), true, 400, 100, 8_000_000_000L), 1e-6);

        Eta fresh = new Eta();
        assertTrue(Double.isNaN(fresh.secondsLeft(List.of(new Eta.Unit(10, false)), false, 0, 0, 0)), "nothing measured");
        assertEquals(15.0, fresh.secondsLeft(List.of(new Eta.Unit(50, true)), false, 100, 25, 3_000_000_000L), 1e-9,
            "before any unit is done: 75 + 50 positions left at the pace of the unit in hand, 25 in 3 s");
        fresh.measured(false, 100, 1_000_000_000L); // one unit: time proportional to positions, 10 ms each
        assertEquals(3.0, fresh.secondsLeft(List.of(new Eta.Unit(300, true)), false, 0, 0, 0), 1e-9,
            "moving borrows placing's model");
    }

    private static SectorMeta row(long entries, long millis, int threads) {
        return new SectorMeta(SectorMeta.COMPLETE, "rules", entries, entries, 0, entries, 0, -1, 1, 0, 1, "test",
            millis, threads, 0);
    }

    @Test
    void aKindNotMeasuredBorrowsTheOthersCostPerPositionOnlyAndEarlierRunsComeFirst() {
        Eta eta = new Eta();
        eta.measured(true, 200, 3_000_000_000L);   // moving: 1 s + 10 ms a position
        eta.measured(true, 600, 7_000_000_000L);
        assertEquals(1.0, eta.secondsLeft(List.of(new Eta.Unit(100, false)), false, 0, 0, 0), 1e-9,
            "100 placing positions at moving's 10 ms, without moving's 1 s a unit");
        eta.measuredBefore(false, 1000, 2_000_000_000L); // an earlier run: placing at 2 ms a position
        assertEquals(1.0, eta.secondsLeft(List.of(new Eta.Unit(500, false)), false, 0, 0, 0), 1e-9);
        eta.measured(false, 1000, 1_000_000_000L);        // this run's own: 1 ms a position
        assertEquals(0.5, eta.secondsLeft(List.of(new Eta.Unit(500, false)), false, 0, 0, 0), 1e-9);
    }

    @Test
    void aResumedRunTakesItsFirstModelsFromTheCatalogueRowsOfItsThreadCount() {
        Progress p = new Progress(new PrintWriter(new StringWriter()), "solving", false, 0, 3600);
        java.util.Map<String, SectorMeta> rows = new java.util.TreeMap<>();
        // a pair whose halves took 2 s each: one unit of 400 positions in 4 s (10 ms each); a placing
        // sector of 100 positions in 1 s (10 ms each); a row of another thread count, ignored
        rows.put("4-3-0-0", row(200, 2000, 2));
        rows.put("3-4-0-0", row(200, 2000, 2));
        rows.put("3-3-1-0", row(100, 1000, 2));
        rows.put("3-3-1-1", row(100, 9000, 1));
        p.measuredBefore(rows, 2);
        p.plan(List.of(Sector.parse("4-4-0-0"), Sector.parse("3-3-1-1")), true);
        long positions = Indexes.standard().of(Sector.parse("4-4-0-0")).size()
            + Indexes.standard().of(Sector.parse("3-3-1-1")).size();
        String status = p.status(System.nanoTime(), 200);
        assertTrue(status.endsWith("ETA " + Progress.hms((long) (positions * 0.01))), status);
        p.close();
    }
}
