package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files' checks on several threads give what one {@link Database#verify} after another
 * gives: the same checksums, the same files found damaged, in the order asked for.
 */
class FileChecksTest {
    static final String RULES = "morris/men=4/flying=on";

    @TempDir
    Path dir;

    @Test
    void checksOnManyThreadsAgreeWithOneCheckAfterAnother() throws IOException {
        List<String> names = new ArrayList<>();
        Random random = new Random(3);
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            for (int i = 0; i < 7; i++) {
                String name = "4-3-" + i + "-0";
                int entries = 1000 + 5000 * i; // different sizes, so the biggest-first order is not the asked one
                SectorWriter w = db.create(name, entries);
                for (int e = 0; e < entries; e++) {
                    w.put(e, random.nextInt(254));
                }
                w.commit(SectorMeta.solved(entries, 0, 0, 0, -1, -1, "t", 0, 1));
                names.add(name);
            }
        }
        damage(dir.resolve("4-3-2-0.msdb"), 4096 + 500); // in the data: only its block checksum tells
        damage(dir.resolve("4-3-5-0.msdb"), 100); // in the header
        names.add("4-3-9-0"); // not in the database
        Collections.reverse(names);

        try (Database db = Database.open(dir, RULES, false)) {
            List<String> expectedDamaged = new ArrayList<>();
            List<Long> expectedChecksums = new ArrayList<>();
            for (String name : names) {
                try {
                    expectedChecksums.add(db.verify(name));
                } catch (RuntimeException e) {
                    expectedDamaged.add(name);
                    expectedChecksums.add(null);
                }
            }
            assertEquals(List.of("4-3-9-0", "4-3-5-0", "4-3-2-0"), expectedDamaged);

            for (int threads : new int[] {1, 3, 16}) {
                List<String> heard = Collections.synchronizedList(new ArrayList<>());
                List<FileChecks.Result> results = FileChecks.run(db, names, threads, r -> heard.add(r.sector()));
                assertEquals(names.size(), results.size());
                assertEquals(names.size(), heard.size());
                assertEquals(Set.copyOf(names), Set.copyOf(heard), "each file heard of once");
                for (int i = 0; i < names.size(); i++) {
                    FileChecks.Result r = results.get(i);
                    assertEquals(names.get(i), r.sector());
                    if (expectedChecksums.get(i) == null) {
                        assertFalse(r.sound(), r.sector());
                        assertTrue(r.problem().getMessage().contains(r.sector()), r.problem().getMessage());
                    } else {
                        assertTrue(r.sound(), () -> r.sector() + ": " + r.problem());
                        assertEquals(expectedChecksums.get(i).longValue(), r.checksum(), r.sector());
                        assertEquals(Files.size(dir.resolve(r.sector() + ".msdb")), r.bytes());
                    }
                }
            }
        }
    }

    private static void damage(Path file, long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x5a);
        }
    }
}
