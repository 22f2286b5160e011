package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.merrills.index.PlainIndex;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SectorsCommandTest {
    private record Result(int status, String out, String err) {
    }

    private static Result run(SectorsCommand command, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return new Result(status, out.toString(), err.toString());
    }

    private static List<String> lines(String text) {
        return Arrays.asList(text.split("\n"));
    }

    @Test
    void theSevenSectorsOfThreeMen() {
        Result r = run(new SectorsCommand(), "--men", "3");
        assertEquals(0, r.status(), r.err());
        List<String> lines = lines(r.out());
        assertEquals(9, lines.size(), r.out()); // header, 7 sectors, total
        assertTrue(lines.get(0).startsWith("sector"));
        // the issue: 3-3 has 169,626 classes; the index has no slack
        // 3-3-0-0 is a pair of one (its own colour swap), depending on no other sector
        assertTrue(lines.contains(String.format("%-9s %13d %13d  %-11s %s", "3-3-0-0", 169_626, 169_626, "3-3-0-0", "-")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("2-3-1-0 ") && l.endsWith("  3-3-0-0")), r.out());
        assertTrue(lines.get(8).startsWith("total: 7 sectors, "), lines.get(8));
        assertTrue(lines.get(8).contains("slack 0.0000 %"), lines.get(8));
    }

    @Test
    void jsonHasOneObjectPerSector() {
        Result r = run(new SectorsCommand(), "--men", "4", "--json");
        assertEquals(0, r.status(), r.err());
        String out = r.out().trim();
        assertTrue(out.startsWith("[") && out.endsWith("]"), out);
        assertEquals(28, out.split("\\{\"sector\":").length - 1);
        assertTrue(out.contains("{\"sector\":\"3-3-0-0\",\"white\":3,\"black\":3,\"whiteInHand\":0,"
            + "\"blackInHand\":0,\"size\":169626,\"classes\":169626,\"dependsOn\":[]}"), out);
        // 4-3 moving: to its mirror 3-4 and, capturing, to 2-4 (two men left: the game ends) -> only 3-4
        assertTrue(out.contains("{\"sector\":\"4-3-0-0\",\"white\":4,\"black\":3,\"whiteInHand\":0,"
            + "\"blackInHand\":0,"), out);
        assertTrue(out.matches("(?s).*\"sector\":\"4-3-0-0\"[^}]*\"dependsOn\":\\[\"3-4-0-0\"\\]}.*"), out);
        assertTrue(out.matches("(?s).*\"sector\":\"4-4-0-0\"[^}]*\"dependsOn\":\\[\"3-4-0-0\"\\]}.*"), out);
    }

    @Test
    void anIndexWithoutFoldingShowsItsSlack() {
        SectorsCommand command = new SectorsCommand();
        command.indexes = PlainIndex::new;
        Result r = run(command, "--men", "3");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains(String.format("%-9s %13d %13d", "3-3-0-0", 2_691_920, 169_626)), r.out());
        assertTrue(!r.out().contains("slack 0.0000 %"), r.out());
    }

    @Test
    void badMenCountIsOneLineAndNonZero() {
        Result r = run(new SectorsCommand(), "--men", "10");
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertEquals("merrills sectors: men per side must be 3 to 9 in standard, got 10", r.err().trim());
        Result lasker = run(new SectorsCommand(), "--variant", "lasker", "--men", "11");
        assertEquals(2, lasker.status());
        assertEquals("merrills sectors: men per side must be 3 to 10 in lasker, got 11", lasker.err().trim());
        Result unknown = run(new SectorsCommand(), "--variant", "mill");
        assertEquals(2, unknown.status());
        assertEquals("merrills sectors: unknown variant 'mill'; expected one of standard, lasker, morabaraba", unknown.err().trim());
    }

    @Tag("slow")
    @Test
    void theStandardGame() {
        Result r = run(new SectorsCommand());
        assertEquals(0, r.status(), r.err());
        List<String> lines = lines(r.out());
        assertEquals(500, lines.size());
        assertTrue(lines.get(499).startsWith("total: 498 sectors, 26761334939 index slots, 26761334939 classes"),
            lines.get(499));
        // Sizes counted apart by Burnside's lemma over the board's 16 symmetries (the mean number
        // of boards each symmetry fixes: 8 and 8 men 591,726,690 orbits, 8 and 9 men 525,979,400).
        // 8-8-0-0 is its own colour swap, and a capture leaves the side to move with 7 men.
        assertTrue(lines.contains(String.format("%-9s %13d %13d  %-11s %s", "8-8-0-0", 591_726_690, 591_726_690,
            "8-8-0-0", "7-8-0-0")), r.out());
        assertTrue(lines.contains(String.format("%-9s %13d %13d  %-11s %s", "8-9-0-0", 525_979_400, 525_979_400,
            "9-8-0-0", "9-8-0-0 8-8-0-0")), r.out());
    }
}
