package org.merrills.cli;

import com.fasterxml.jackson.databind.JsonNode;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorWriter;
import org.merrills.probe.json.Json;
import org.merrills.rules.Variant;
import picocli.CommandLine;

class StatsCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return new CommandLine(new StatsCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    }

    private void solveTwo() {
        try (Database db = Database.open(dir, Variant.standard(3, true).fingerprint(), true)) {
            SectorWriter w = db.create("3-3-0-0", 120);
            w.commit(SectorMeta.solved(100, 40, 50, 10, 7, 12, "0.1.0", 1500, 2));
            w = db.create("4-3-1-0", 30);
            w.commit(SectorMeta.solved(20, 5, 0, 15, 3, -1, "0.1.0", 20, 1));
        }
    }

    @Test
    void printsOneLinePerSectorAndTheTotals() {
        solveTwo();
        assertEquals(0, run("--db", dir.toString()), err.toString());
        String[] lines = out.toString().split("\n");
        assertTrue(lines[0].contains("2 sectors"), lines[0]);
        // plain files with one 64 KiB checksum block: 4096 header + entries, aligned to 8, + 4 (block
        // table), aligned to 8, + 32 (footer): 4256 bytes for 120 entries, 4168 for 30
        String format = "%-12s %14s %14s %14s %14s %8s %8s %14s %6s %8s  %s";
        assertEquals(String.format(format, "3-3-0-0", 100, 40, 10, 50, 7, 12, 4256, "plain", "340.4800",
            "3 men, flying on"), lines[2]);
        assertEquals(String.format(format, "4-3-1-0", 20, 5, 15, 0, 3, "-", 4168, "plain", "1667.2000",
            "3 men, flying on"), lines[3]);
        assertEquals(String.format(format, "total", 120, 45, 25, 50, 7, 12, 8424, "", "561.6000", ""), lines[4]);
        assertTrue(out.toString().contains("on disk: 8424 bytes in 0 packed and 2 plain sector files, 561.6000 bits per position"),
            out.toString());
        assertTrue(out.toString().contains("index entries: 150"), out.toString());
        assertTrue(out.toString().contains("rules " + Variant.standard(3, true).fingerprint() + ": 2 sectors"), out.toString());
    }

    @Test
    void jsonIsOneArrayOfOneObjectPerSector() throws Exception {
        solveTwo();
        assertEquals(0, run("--db", dir.toString(), "--json"), err.toString());
        JsonNode rows = Json.mapper().readTree(out.toString());
        assertTrue(rows.isArray(), out.toString());
        assertEquals(2, rows.size(), out.toString());
        JsonNode a = rows.get(0), b = rows.get(1);
        assertEquals("3-3-0-0", a.get("sector").asText());
        assertEquals(100, a.get("positions").asLong());
        assertEquals(40, a.get("wins").asLong());
        assertEquals(10, a.get("draws").asLong());
        assertEquals(50, a.get("losses").asLong());
        assertEquals(7, a.get("longestWin").asInt());
        assertEquals(12, a.get("longestLoss").asInt());
        assertEquals(120, a.get("entries").asLong());
        assertEquals("complete", a.get("status").asText());
        assertEquals(Variant.standard(3, true).fingerprint(), a.get("rules").asText());
        assertEquals("plain", a.get("fileKind").asText());
        // The layout of SectorFileFormat: a 4 KiB header, one byte per entry (120, a multiple of 8),
        // one block CRC padded to 8 bytes, the 32-byte footer.
        assertEquals(4096 + 120 + 8 + 32, a.get("fileBytes").asLong());
        assertEquals("4-3-1-0", b.get("sector").asText());
        assertEquals(20, b.get("positions").asLong());
        assertEquals(3, b.get("longestWin").asInt());
        assertTrue(b.get("longestLoss").isNull(), "no loss: null");
    }

    @Test
    void aMissingDirectoryOrAnEmptyCatalogueIsAnError() {
        assertEquals(1, run("--db", dir.resolve("nothing").toString()));
        assertTrue(err.toString().contains("no database at " + dir.resolve("nothing") + "; build one with: merrills solve --db"), err.toString());
        assertEquals("", out.toString());
        try (Database db = Database.open(dir, "r", true)) {
            assertTrue(db.catalogue().isEmpty());
        }
        assertEquals(1, run("--db", dir.toString()));
        assertTrue(err.toString().contains("has no solved sectors"), err.toString());
    }
}
