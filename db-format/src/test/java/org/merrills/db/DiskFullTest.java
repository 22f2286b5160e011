package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills during a write, on a small tmpfs mounted for the test (root only; skipped
 * with a message elsewhere): the write fails with {@link DatabaseException.Kind#NO_SPACE}, its
 * temporary file is gone, and the database holds what it held before.
 */
class DiskFullTest {
    static final String RULES = "morris/men=3/flying=off";

    @TempDir
    Path tmp;
    Path mount;

    @BeforeEach
    void mountTmpfs() throws Exception {
        mount = tmp.resolve("small");
        Files.createDirectories(mount);
        int rc = run("mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", mount.toString());
        assumeTrue(rc == 0, "cannot mount a small tmpfs here (exit " + rc + ", needs root): skipped");
    }

    @AfterEach
    void unmount() throws Exception {
        run("umount", "-l", mount.toString());
    }

    @Test
    void aDiskFillingDuringAWriteLeavesTheDatabaseAsItWas() throws Exception {
        Path dir = mount.resolve("db");
        try (Database db = Database.open(dir, RULES, true)) {
            SectorWriter w = db.create("a", 1000);
            w.putAll(i -> 3);
            w.commit(SectorMeta.solved(1000, 1000, 0, 0, 3, -1, "t", 1, 1));
        }
        try (Database db = Database.open(dir, RULES, true)) {
            long free = Database.usableSpace(dir);
            long entries = free - (2L << 20); // passes the check made on create
            SectorWriter w = db.create("b", entries);
            fill(mount.resolve("filler"), Database.usableSpace(dir) - (256L << 10)); // someone else takes the disk
            DatabaseException e = assertThrows(DatabaseException.class, () -> {
                w.putAll(i -> 5);
                w.commit(SectorMeta.solved(entries, entries, 0, 0, 5, -1, "t", 1, 1));
            });
            assertEquals(DatabaseException.Kind.NO_SPACE, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("is full"), e.getMessage());
            assertEquals(List.of("a"), List.copyOf(db.catalogue().keySet()));
            Files.delete(mount.resolve("filler"));
            DatabaseException refused = assertThrows(DatabaseException.class, () -> db.create("c", 100L << 20));
            assertEquals(DatabaseException.Kind.NO_SPACE, refused.kind());
            assertTrue(refused.getMessage().contains("needs"), refused.getMessage());
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().contains(".tmp-")), "no temporary left");
        }
        try (Database db = Database.open(dir, RULES, false)) {
            assertEquals(3, db.reader("a").value(999));
            assertFalse(db.isComplete("b"));
        }
    }

    /** The same through {@link SectorWriter#putCodes}, the solver's way of writing a sector. */
    @Test
    void aDiskFillingDuringABulkWriteLeavesTheDatabaseAsItWas() throws Exception {
        Path dir = mount.resolve("db");
        try (Database db = Database.open(dir, RULES, true)) {
            long entries = Database.usableSpace(dir) - (2L << 20);
            SectorWriter w = db.create("b", entries);
            fill(mount.resolve("filler"), Database.usableSpace(dir) - (256L << 10));
            int bits = 16;
            byte[][] chunks = new byte[(int) ((entries + (1 << bits) - 1) >> bits)][];
            for (int c = 0; c < chunks.length; c++) {
                chunks[c] = new byte[(int) Math.min(1 << bits, entries - ((long) c << bits))];
                Arrays.fill(chunks[c], (byte) Value.encode(5));
            }
            DatabaseException e = assertThrows(DatabaseException.class, () -> w.putCodes(chunks, bits));
            assertEquals(DatabaseException.Kind.NO_SPACE, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("is full"), e.getMessage());
            assertTrue(db.catalogue().isEmpty());
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().contains(".tmp-")), "no temporary left");
        }
    }

    /**
     * No room for a new database's catalogue is a full disk (exit status 6 in the CLI), not an
     * unusable directory: Chronicle words it "Not enough space to fallocate", which the check
     * for a full disk once missed by its capital letter.
     */
    @Test
    void noRoomForTheCatalogueIsAFullDisk() throws Exception {
        fill(mount.resolve("filler"), Database.usableSpace(mount) - (256L << 10));
        DatabaseException e = assertThrows(DatabaseException.class, () -> Database.open(mount.resolve("db"), RULES, true));
        assertEquals(DatabaseException.Kind.NO_SPACE, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("is full"), e.getMessage());
    }

    /**
     * Packing or unpacking a sector in place on a disk without room for the new file fails as a
     * full disk (exit status 6 in the CLI, where it was 2, "bad input"), and the sector keeps its
     * old file and its values.
     */
    @Test
    void packingOrUnpackingOnAFullDiskLeavesTheSectorAsItWas() throws Exception {
        Path dir = mount.resolve("db");
        long entries = 1_000_000;
        try (Database db = Database.open(dir, RULES, true)) {
            SectorWriter w = db.create("a", entries);
            w.putAll(DiskFullTest::scattered); // the packed file is nearly as big as the plain one
            w.commit(SectorMeta.solved(entries, entries, 0, 0, 127, -1, "t", 1, 1));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try (Database db = Database.open(dir, RULES, true)) {
            fill(mount.resolve("filler"), Database.usableSpace(dir) - (64L << 10));
            DatabaseException e = assertThrows(DatabaseException.class,
                () -> Packing.pack(db, db, "a", Packing.Options.defaults(), pool));
            assertEquals(DatabaseException.Kind.NO_SPACE, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("is full"), e.getMessage());
            assertFalse(db.reader("a").isPacked());
            Files.delete(mount.resolve("filler"));
            Packing.pack(db, db, "a", Packing.Options.defaults(), pool);
            assertTrue(db.reader("a").isPacked());
            fill(mount.resolve("filler"), Database.usableSpace(dir) - (64L << 10));
            e = assertThrows(DatabaseException.class, () -> Packing.unpack(db, db, "a"));
            assertEquals(DatabaseException.Kind.NO_SPACE, e.kind(), e.getMessage());
            assertTrue(db.reader("a").isPacked());
            for (long i = 0; i < entries; i += 997) {
                assertEquals(scattered(i), db.reader("a").value(i), "entry " + i);
            }
        } finally {
            pool.shutdownNow();
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().contains(".tmp-")), "no temporary left");
        }
    }

    /** Distances 0 to 127 with no pattern that compresses: about seven bits per entry packed. */
    private static int scattered(long i) {
        return Long.hashCode(i * 0x9E3779B97F4A7C15L) >>> 25;
    }

    private static void fill(Path file, long bytes) throws IOException {
        byte[] chunk = new byte[1 << 16];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long done = 0; done < bytes; done += chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, bytes - done));
            }
        } catch (IOException full) {
            // as full as it gets
        }
    }

    private static int run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(20, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
