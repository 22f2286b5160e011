package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalogue is an index of the sector files: however it is lost (deleted, zeroed, truncated,
 * overwritten, or replaced by the catalogue of another database), the next writer keeps every
 * sector file byte for byte, says that it rebuilt the catalogue, and the rebuilt rows hold the
 * counts of the values written (worked out here from how the test wrote them).
 */
class CatalogueLossTest {
    static final String RULES = "morris/men=3/flying=off";
    /** Sector, entries, and the values written: entry i gets VALUES[i % VALUES.length]. */
    static final Map<String, Integer> SECTORS = new TreeMap<>(Map.of("3-3-0-0", 1000, "2-3-0-0", 700, "3-2-1-0", 333));
    static final int[] VALUES = {Value.DRAW, 1, 4, 7, 0, Value.DRAW, 3};

    @TempDir
    Path dir;
    @TempDir
    Path elsewhere;
    final Map<String, byte[]> bytes = new TreeMap<>();

    @BeforeEach
    void build() throws IOException {
        try (Database db = Database.open(dir, RULES, true)) {
            for (Map.Entry<String, Integer> e : SECTORS.entrySet()) {
                SectorWriter w = db.create(e.getKey(), e.getValue());
                w.putAll(i -> VALUES[(int) (i % VALUES.length)]);
                w.commit(SectorMeta.solved(e.getValue(), 0, 0, 0, -1, -1, "test", 1, 1));
            }
        }
        for (String s : SECTORS.keySet()) {
            bytes.put(s, Files.readAllBytes(dir.resolve(s + ".msdb")));
        }
    }

    @Test
    void deleted() throws IOException {
        Files.delete(dir.resolve("catalogue.mcat"));
        reopenKeepsEverySector("is missing");
    }

    @Test
    void zeroed() throws IOException {
        long size = Files.size(dir.resolve("catalogue.mcat"));
        Files.write(dir.resolve("catalogue.mcat"), new byte[(int) size]);
        reopenKeepsEverySector("is not a Chronicle Map");
    }

    @Test
    void emptied() throws IOException {
        Files.write(dir.resolve("catalogue.mcat"), new byte[0]);
        reopenKeepsEverySector("is empty");
    }

    @Test
    void truncated() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("catalogue.mcat").toFile(), "rw")) {
            f.setLength(f.length() / 3);
        }
        reopenKeepsEverySector("is damaged (its bytes do not match its seal)");
    }

    @Test
    void overwrittenInTheMiddle() throws IOException {
        byte[] noise = new byte[64 * 1024];
        new Random(7).nextBytes(noise);
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("catalogue.mcat").toFile(), "rw")) {
            f.seek(8192);
            f.write(noise); // would crash the JVM inside Chronicle Map if it were opened
        }
        reopenKeepsEverySector("is damaged (its bytes do not match its seal)");
    }

    @Test
    void fromAnotherDatabase() throws IOException {
        Path other = elsewhere.resolve("other");
        try (Database db = Database.open(other, RULES, true)) {
            SectorWriter w = db.create("3-3-0-0", 10);
            w.putAll(i -> 5);
            w.commit(SectorMeta.solved(10, 10, 0, 0, 5, -1, "other", 1, 1));
        }
        for (String f : List.of("catalogue.mcat", "catalogue.seal")) {
            Files.copy(other.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        reopenKeepsEverySector("did not describe 3 of the 3 sector files");
    }

    private void reopenKeepsEverySector(String why) throws IOException {
        List<String> notes = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            try (Database db = Database.open(dir, RULES, true)) {
                checkRows(db);
                return db.notes();
            }
        });
        String text = String.join("\n", notes);
        assertTrue(text.contains(why), text);
        assertFalse(text.contains("removed") || text.contains("set aside"), text);
        for (Map.Entry<String, byte[]> e : bytes.entrySet()) {
            assertArrayEquals(e.getValue(), Files.readAllBytes(dir.resolve(e.getKey() + ".msdb")), e.getKey());
        }
        // and the rebuilt catalogue is whole: the next writer keeps its rows as they are
        try (Database db = Database.open(dir, RULES, true)) {
            assertEquals(List.of(), db.notes());
            checkRows(db);
        }
        try (Database db = Database.open(dir, RULES, false)) {
            assertEquals(SECTORS.keySet(), db.catalogue().keySet(), "a reader sees the rebuilt rows");
        }
    }

    private static void checkRows(Database db) {
        assertEquals(SECTORS.keySet(), db.catalogue().keySet());
        for (Map.Entry<String, Integer> e : SECTORS.entrySet()) {
            SectorMeta row = db.catalogue().get(e.getKey());
            int n = e.getValue();
            long[] kinds = new long[3]; // draws, wins, losses, by counting the pattern written
            for (int i = 0; i < n; i++) {
                int v = VALUES[i % VALUES.length];
                kinds[v == Value.DRAW ? 0 : v % 2 == 1 ? 1 : 2]++;
            }
            String s = e.getKey();
            assertEquals(n, row.entries(), s);
            if (!row.solverVersion().equals("test")) {
                assertEquals(kinds[0], row.draws(), s);
                assertEquals(kinds[1], row.wins(), s);
                assertEquals(kinds[2], row.losses(), s);
                assertEquals(7, row.longestWin(), s);
                assertEquals(4, row.longestLoss(), s);
            }
            assertEquals(VALUES[(n - 1) % VALUES.length], db.reader(s).value(n - 1), s);
        }
    }
}
