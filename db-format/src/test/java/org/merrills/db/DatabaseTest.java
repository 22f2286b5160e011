package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.SectorFileException.Problem;

/** The directory's rules: locks, leftovers, the states a crash between steps can leave, the catalogue. */
class DatabaseTest {
    static final String RULES = "morris/men=3/flying=off";

    @TempDir
    Path dir;

    static void writeConstant(Database db, String sector, int entries, int value) {
        SectorWriter w = db.create(sector, entries);
        for (int i = 0; i < entries; i++) {
            w.put(i, value);
        }
        w.commit(SectorMeta.solved(entries, 0, entries, 0, -1, value, "v" + value, 5, 1));
    }

    @Test
    void oneWriterPerDirectoryAndReadOnlyCannotWrite() {
        try (Database w = Database.open(dir, RULES, true)) {
            DatabaseException e = assertThrows(DatabaseException.class, () -> Database.open(dir, RULES, true));
            assertTrue(e.getMessage().contains("already open for writing"), e.getMessage());
            try (Database r = Database.open(dir, RULES, false)) {
                assertThrows(IllegalStateException.class, () -> r.create("a", 1));
            }
        }
        try (Database again = Database.open(dir, RULES, true)) {
            assertTrue(again.isWritable(), "the lock is released on close");
        }
    }

    @Test
    void aWholeFileWithoutItsRowIsKeptAMisnamedOneSetAsideAndOnlyTemporariesRemoved() throws IOException {
        try (Database db = Database.open(dir, RULES, true)) {
            writeConstant(db, "a", 100, 4);
            writeConstant(db, "c", 50, 2);
        }
        // the state a crash between rename and catalogue leaves: a whole file nobody catalogued
        Files.delete(dir.resolve("c.msdb"));
        try (Database db = Database.open(dir, RULES, true)) {
            writeConstant(db, "c", 50, 6);
        }
        Path c = dir.resolve("c.msdb");
        Path cSaved = dir.resolve("c.saved"); // not a sector file name: ignored by the database
        Files.copy(c, cSaved);
        try (Database db = Database.open(dir, RULES, true)) {
            writeConstant(db, "c", 50, 8); // its row now records generation 8
        }
        Files.move(cSaved, c, StandardCopyOption.REPLACE_EXISTING); // an older, whole file under the row of another
        Files.copy(dir.resolve("a.msdb"), dir.resolve("b.msdb")); // a file holding sector a under the name b
        Files.writeString(dir.resolve("d.msdb.tmp-999-1"), "half a sector");
        try (Database r = Database.open(dir, RULES, false)) {
            assertTrue(r.isComplete("c"), "a reader takes the sound file, whatever the catalogue says");
            assertEquals(6, r.reader("c").value(0));
            SectorFileException e = assertThrows(SectorFileException.class, () -> r.reader("b"));
            assertEquals(Problem.SECTOR_MISMATCH, e.problem());
        }
        try (Database w = Database.open(dir, RULES, true)) {
            String notes = String.join("\n", w.notes());
            assertTrue(notes.contains("removed d.msdb.tmp-999-1, a temporary file of an interrupted write"), notes);
            assertTrue(notes.contains("set aside b.msdb.damaged-"), notes);
            assertTrue(notes.contains("sector mismatch"), notes);
            assertTrue(notes.contains("catalogued them from the files: c"), notes);
            assertEquals(6, w.reader("c").value(49));
            SectorMeta row = w.catalogue().get("c");
            assertEquals(DirectoryRepair.REBUILT_VERSION, row.solverVersion());
            assertEquals(50, row.losses(), "counted from the file: 50 losses in 6");
            assertEquals(6, row.longestLoss());
            assertEquals(List.of("a", "c"), List.copyOf(w.catalogue().keySet()));
        }
        try (var files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertTrue(names.stream().anyMatch(n -> n.startsWith("b.msdb.damaged-")), names.toString());
            assertTrue(names.stream().noneMatch(n -> n.contains(".tmp-")), names.toString());
        }
    }

    /**
     * A row counted from a file (no catalogue to take it from) holds the counts of the values
     * written, tallied here one by one: in a plain file and in a packed one, for a sector longer
     * than the count's chunk, with escaped distances, and for an empty sector.
     */
    @Test
    void rowsCountedFromPlainAndPackedFilesHoldTheCountsOfTheirValues() throws IOException {
        int[] values = SectorFileRoundTripTest.randomValues(new Random(17), (1 << 20) + 12_345);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (boolean packed : new boolean[] {false, true}) {
                String big = packed ? "packed" : "plain", none = big + "-empty";
                try (Database db = Database.open(dir, RULES, true)) {
                    SectorFileRoundTripTest.write(db, big, values);
                    SectorFileRoundTripTest.write(db, none, new int[0]);
                    if (packed) {
                        Packing.pack(db, db, big, Packing.Options.defaults(), pool);
                        Packing.pack(db, db, none, Packing.Options.defaults(), pool);
                        assertTrue(db.reader(big).isPacked());
                    }
                }
                Files.delete(dir.resolve(Catalogue.FILE_NAME));
                Files.deleteIfExists(dir.resolve(CatalogueSeal.FILE_NAME));
                Database.Survey survey = Database.survey(dir, true);
                assertEquals(Map.of(), survey.damaged());
                assertSameCounts(SectorFileRoundTripTest.meta(values), survey.rows().get(big), big);
                assertSameCounts(SectorFileRoundTripTest.meta(new int[0]), survey.rows().get(none), none);
                try (Database db = Database.open(dir, RULES, true)) { // a writer catalogues them again
                    assertEquals(DirectoryRepair.REBUILT_VERSION, db.catalogue().get(big).solverVersion());
                    assertSameCounts(SectorFileRoundTripTest.meta(values), db.catalogue().get(big), big);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertSameCounts(SectorMeta expected, SectorMeta counted, String sector) {
        assertNotNull(counted, sector);
        assertEquals(expected.positions(), counted.positions(), sector);
        assertEquals(expected.wins(), counted.wins(), sector);
        assertEquals(expected.losses(), counted.losses(), sector);
        assertEquals(expected.draws(), counted.draws(), sector);
        assertEquals(expected.longestWin(), counted.longestWin(), sector);
        assertEquals(expected.longestLoss(), counted.longestLoss(), sector);
    }

    @Test
    void closingReadersUnmapsAllButTheKeptOnesAndTheOthersReopenOnTheirNextRead() throws IOException {
        try (Database db = Database.open(dir, RULES, true)) {
            writeConstant(db, "a", 100, 4);
            writeConstant(db, "b", 70, 6);
            SectorReader a = db.reader("a");
            SectorReader b = db.reader("b");
            db.closeReadersExcept(Set.of("b"));
            assertThrows(IllegalStateException.class, () -> a.value(0), "a's mapping is gone");
            assertSame(b, db.reader("b"), "the kept reader stays open");
            assertEquals(6, b.value(69));
            SectorReader again = db.reader("a");
            assertNotSame(a, again);
            assertEquals(4, again.value(99));
            if (Files.isReadable(MAPS)) {
                BackgroundResourceReleaser.releasePendingResources(); // the old reader's unmap may still be queued there
                assertEquals(1, mappingsOf("a.msdb"), "one mapping of a: the new reader's");
                assertEquals(1, mappingsOf("b.msdb"));
                db.closeReadersExcept(Set.of());
                BackgroundResourceReleaser.releasePendingResources(); // Chronicle unmaps on a thread of its own
                assertEquals(0, mappingsOf("a.msdb"), "a closed reader leaves no mapping behind");
                assertEquals(0, mappingsOf("b.msdb"));
            }
        }
    }

    private static final Path MAPS = Path.of("/proc/self/maps");

    /** How many mappings of files named {@code name} in the test's directory this process has (Linux). */
    private long mappingsOf(String name) throws IOException {
        String file = dir.resolve(name).toString();
        return Files.readAllLines(MAPS).stream().filter(l -> l.endsWith(" " + file) || l.endsWith("\t" + file)).count();
    }

    @Test
    void anAbortedOrFailedWriterLeavesNothing() throws IOException {
        try (Database db = Database.open(dir, RULES, true)) {
            SectorWriter w = db.create("a", 1000);
            w.put(3, 7);
            w.abort();
            assertThrows(IllegalStateException.class, () -> w.commit(SectorMeta.solved(0, 0, 0, 0, -1, -1, "t", 0, 1)));
            assertThrows(IllegalArgumentException.class, () -> db.create("../evil", 1));
            assertThrows(IllegalStateException.class, () -> w.put(0, 1), "no write into an unmapped file");
            SectorWriter v = db.create("b", 10);
            assertThrows(IllegalArgumentException.class, () -> v.put(0, -2));
            assertThrows(IndexOutOfBoundsException.class, () -> v.put(10, 1));
            v.abort();
            assertTrue(db.catalogue().isEmpty());
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of("catalogue.mcat", "catalogue.seal", "writer.lock"),
                files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aReadersCatalogueFollowsEveryChangeOfTheCatalogueAndOfTheFiles(@TempDir Path elsewhere) throws IOException {
        try (Database w = Database.open(dir, RULES, true)) {
            writeConstant(w, "a", 100, 4);
            try (Database r = Database.open(dir, RULES, false)) {
                assertEquals(w.catalogue(), r.catalogue());
                assertEquals(Set.of("a"), r.catalogue().keySet(), "asked again, nothing changed");

                writeConstant(w, "b", 100, 6);
                assertEquals(Set.of("a", "b"), r.catalogue().keySet(), "a sector solved since");
                writeConstant(w, "a", 100, 5);
                assertEquals(w.catalogue(), r.catalogue(), "a sector solved again");
                assertEquals(5, r.catalogue().get("a").longestLoss());

                Files.delete(w.file("b"));
                assertEquals(Set.of("a"), r.catalogue().keySet(), "a file deleted");

                try (Database other = Database.open(elsewhere, RULES, true)) {
                    writeConstant(other, "a", 100, 7); // same size, other values, so another checksum
                }
                Files.move(elsewhere.resolve(w.file("a").getFileName()), w.file("a"),
                    StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                assertEquals(Set.of(), r.catalogue().keySet(), "a file its row does not describe put in its place");

                writeConstant(w, "a", 100, 5);
                writeConstant(w, "b", 100, 6);
                assertEquals(w.catalogue(), r.catalogue(), "both solved again");
            }
        }
    }

    @Test
    void theCatalogueIsReadableWithoutKnowingTheRules() {
        assertThrows(DatabaseException.class, () -> Database.readCatalogue(dir.resolve("missing")));
        try (Database db = Database.open(dir, RULES, true)) {
            writeConstant(db, "3-3-0-0", 10, 2);
            writeConstant(db, "10-3-0-0", 10, 0);
        }
        SortedMap<String, SectorMeta> rows = Database.readCatalogue(dir);
        assertEquals(List.of("10-3-0-0", "3-3-0-0"), List.copyOf(rows.keySet()), "sorted by name");
        SectorMeta m = rows.get("3-3-0-0");
        assertEquals(RULES, m.ruleFingerprint());
        assertEquals(10, m.entries());
        assertEquals(10, m.losses());
        assertEquals(2, m.longestLoss());
        assertEquals(-1, m.longestWin());
        assertEquals("v2", m.solverVersion());
        assertEquals(SectorMeta.COMPLETE, m.status());
    }

    @Test
    void catalogueRowsSurviveAnyTextInTheirFields() {
        SectorMeta m = new SectorMeta("complete", "rules=odd\nline%25 \r", 1L << 40, 5, 1, 2, 2, 7, 8, 0xFFFFFFFFL, 1,
            "1.0=beta%", 123456789L, 64, 1_700_000_000_000L);
        assertEquals(m, SectorMetaCodec.decode("x", SectorMetaCodec.encode(m)));
        DatabaseException e = assertThrows(DatabaseException.class, () -> SectorMetaCodec.decode("x", "status=complete\n"));
        assertTrue(e.getMessage().contains("sector x has no ruleFingerprint"), e.getMessage());
    }
}
