package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.merrills.index.Sector;

/** The progress line fits its terminal, log mode reports on its own, and the ETA weighs each kind of work by its own rate. */
class ProgressTest {
    @Test
    void theStatusLineFitsTheTerminalAndOverwritesAllOfTheLastOne() {
        for (int width : new int[] {40, 80, 200}) {
            StringWriter sink = new StringWriter();
            try (Progress p = new Progress(new PrintWriter(sink), "solving", true, width, 30)) {
                p.plan(List.of(Sector.parse("3-3-0-0"), Sector.parse("2-3-1-0")));
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
            p.plan(List.of(Sector.parse("3-3-0-0")));
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
    void theEtaWeighsPlacingAndMovingByTheirOwnRates() {
        // placing goes at 1000 positions/s, moving at 100/s: 1000 placing positions done in 1 s,
        // then 500 of a 1000-position pair in 5 s. Left: 2000 placing (2 s) + 500 of the pair and
        // 3000 more moving (35 s): 37 s, which a single average rate (1500 in 6 s) would put at 22 s.
        Eta eta = new Eta();
        eta.measured(false, 1000, 1_000_000_000L);
        double left = eta.secondsLeft(2000, 3500, true, 500, 5_000_000_000L);
        assertEquals(37.0, left, 1e-9);
        assertEquals(100.0, eta.rate(true, true, 500, 5_000_000_000L), 1e-9);
        Eta fresh = new Eta();
        assertTrue(Double.isNaN(fresh.secondsLeft(10, 10, false, 0, 0)), "nothing measured: no ETA");
        assertEquals(30.0, fresh.secondsLeft(100, 200, false, 10, 1_000_000_000L), 1e-9, "moving assumed at placing's rate");
    }
}
