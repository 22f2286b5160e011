package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorWriter;
import org.merrills.db.Value;
import org.merrills.index.Sector;
import org.merrills.rules.Variant;

/**
 * The failures of issue 14 that a user meets at the command line: streams that go on past a bad
 * line, one-line messages with an exit status per kind, damage named as damage, refusals up front,
 * a read-only database read, and the writer lock's refusal.
 */
class StreamsAndFailuresTest {
    static final String WIN_IN_1 = "W.W...B..B.W.......B.... w 0 0";
    static final String OPENING = "........................ w 3 3";

    @TempDir
    static Path tmp;
    static Path db;

    @BeforeAll
    static void solve() {
        db = tmp.resolve("db3");
        CliRunner.Result r = CliRunner.run("solve", "--men", "3", "--db", db.toString(), "--threads", "1");
        assertEquals(0, r.status(), r.err());
    }

    static Path copy(String name) throws Exception {
        Path c = tmp.resolve(name);
        Files.createDirectories(c);
        try (var files = Files.list(db)) {
            for (Path f : files.toList()) {
                Files.copy(f, c.resolve(f.getFileName()));
            }
        }
        return c;
    }

    static void assertOneLine(CliRunner.Result r, String... words) {
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
        for (String w : words) {
            assertTrue(err.contains(w), "'" + w + "' in: " + err);
        }
    }

    @Test
    void aStreamAnswersEveryLineAndItsStatusSaysOneFailed() throws Exception {
        // good, blank, good with blanks around, malformed, a position of the nine-men game, good
        String in = WIN_IN_1 + "\n\n  " + OPENING + " \nWWWW\n........................ w 9 9\n" + WIN_IN_1 + "\n";
        CliRunner.Result r = CliRunner.withInput(in, "probe", "--db", db.toString(), "--json", "--stdin");
        assertEquals(2, r.status(), "bad input on some line: " + r.err());
        List<String> lines = r.out().strip().lines().toList();
        assertEquals(6, lines.size(), r.out());
        ObjectMapper m = new ObjectMapper();
        for (int i = 0; i < 6; i++) {
            JsonNode o = m.readTree(lines.get(i));
            boolean bad = List.of(2, 4, 5).contains(i + 1);
            assertEquals(bad, o.has("error"), lines.get(i));
            if (bad) {
                assertEquals(i + 1, o.get("line").asInt(), lines.get(i));
                assertEquals(2, o.get("status").asInt());
            } else {
                assertTrue(o.has("value"), lines.get(i));
            }
        }
        // moves knows no game size: the nine-men opening is good there, so lines 2 and 4 fail
        r = CliRunner.withInput(in, "moves", "--stdin");
        assertEquals(2, r.status());
        assertEquals(4, r.out().lines().count(), r.out());
        assertEquals(2, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("merrills moves: line 2: empty line"), r.err());
        assertTrue(r.err().contains("merrills moves: line 4: "), r.err());
        r = CliRunner.withInput(WIN_IN_1 + "\n" + OPENING + "\n", "probe", "--db", db.toString(), "--stdin");
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void movesOfASideThatHasLostIsEmpty() {
        // white to move with two men on board and none in hand has lost: no move, as perft and probe say
        String lost = "WW.......BBB............ w 0 0";
        CliRunner.Result r = CliRunner.run("moves", lost);
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.out().strip());
        assertEquals("nodes 0", CliRunner.run("perft", "--depth", "1", "--position", lost).out().strip());
    }

    @Test
    void damageIsNamedAsDamageByEveryCommand() throws Exception {
        Path d = copy("damaged");
        Path file = d.resolve("3-3-0-0.msdb");
        byte[] noise = new byte[4096];
        new Random(1).nextBytes(noise);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(4096 + 1000);
            f.write(noise); // inside the data: only the block checksum can tell
        }
        CliRunner.Result r = CliRunner.run("probe", "--db", d.toString(), WIN_IN_1);
        assertEquals(4, r.status(), r.err());
        assertOneLine(r, "3-3-0-0.msdb", "checksum mismatch in block", "merrills repair");
        r = CliRunner.run("probe", "--db", d.toString(), "--debug", WIN_IN_1);
        assertEquals(4, r.status(), r.err());
        assertTrue(r.err().contains("\tat "), "--debug prints the stack trace: " + r.err());
        r = CliRunner.run("line", "--db", d.toString(), WIN_IN_1);
        assertEquals(4, r.status());
        assertOneLine(r, "checksum mismatch in block");
        r = CliRunner.run("stats", "--db", d.toString());
        assertEquals(4, r.status());
        assertTrue(r.out().contains("DAMAGED 3-3-0-0"), r.out());
        r = CliRunner.run("verify", "--db", d.toString());
        assertEquals(4, r.status());
        assertTrue(r.out().contains("FILE 3-3-0-0"), r.out());

        Path t = copy("truncated");
        try (RandomAccessFile f = new RandomAccessFile(t.resolve("3-3-0-0.msdb").toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        Files.write(t.resolve("2-3-1-0.msdb"), new byte[0]);
        r = CliRunner.run("probe", "--db", t.toString(), WIN_IN_1);
        assertEquals(4, r.status());
        assertOneLine(r, "truncated");
        r = CliRunner.run("longest", "--db", t.toString());
        assertEquals(4, r.status(), "the list leaves the damaged sectors out, and says so: " + r.out() + r.err());
        assertTrue(r.out().contains("  1. ") && !r.out().contains("3-3-0-0"), "the sound sectors are listed: " + r.out());
        assertTrue(r.err().contains("DAMAGED 3-3-0-0") && r.err().contains("merrills repair"), r.err());
        Path opening = copy("opening-damaged");
        try (RandomAccessFile f = new RandomAccessFile(opening.resolve("0-0-3-3.msdb").toFile(), "rw")) {
            f.setLength(f.length() - 1);
        }
        r = CliRunner.withInput("hint\nquit\n", "play", "--db", opening.toString(), "--seed", "1");
        assertEquals(4, r.status(), r.err());
        assertOneLine(r, "merrills play: ", "0-0-3-3.msdb", "truncated");
        r = CliRunner.run("solve", "--men", "3", "--db", t.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("set aside 3-3-0-0.msdb.damaged-"), r.err());
        assertTrue(r.err().contains("set aside 2-3-1-0.msdb.damaged-"), r.err());
        assertTrue(r.out().contains("3-3-0-0 "), "solved again: " + r.out());
        assertEquals(0, CliRunner.run("probe", "--db", t.toString(), WIN_IN_1).status());
        try (var files = Files.list(t)) {
            assertEquals(2, files.filter(f -> f.getFileName().toString().contains(".damaged-")).count(), "kept aside");
        }
    }

    /**
     * A sound sector file of another game copied into a database: every reader refuses the mix
     * and names the way out, and {@code repair} keeps the catalogue's rules and sets the stranger
     * aside (it refused the directory before, like every other command).
     */
    @Test
    void repairSetsAsideTheFilesOfAnotherGame() throws Exception {
        Path d = copy("foreign");
        Path other = tmp.resolve("four-men-file");
        try (Database four = Database.open(other, Variant.standard(4, true).fingerprint(), true)) {
            SectorWriter w = four.create("4-4-0-0", 1000);
            w.putAll(i -> Value.DRAW);
            w.commit(SectorMeta.solved(1000, 0, 0, 1000, -1, -1, "test", 1, 1));
        }
        Files.copy(other.resolve("4-4-0-0.msdb"), d.resolve("4-4-0-0.msdb"));
        CliRunner.Result r = CliRunner.run("probe", "--db", d.toString(), WIN_IN_1);
        assertEquals(2, r.status(), r.err());
        assertOneLine(r, "mixes sectors solved under different rules", "merrills repair --db");
        r = CliRunner.run("repair", "--db", d.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("keeping standard"), r.out());
        assertTrue(r.out().contains("set aside 4-4-0-0.msdb.damaged-") && r.out().contains("men=4"), r.out());
        assertEquals(0, CliRunner.run("probe", "--db", d.toString(), WIN_IN_1).status());
        assertEquals(0, CliRunner.run("verify", "--db", d.toString()).status());
    }

    @Test
    void failuresAreOneLineWithTheirOwnStatus() throws Exception {
        Path plain = tmp.resolve("plain-file");
        Files.writeString(plain, "not a database");
        for (String cmd : List.of("probe", "stats", "verify", "solve")) {
            CliRunner.Result r = cmd.equals("probe") ? CliRunner.run(cmd, "--db", plain.toString(), OPENING)
                : cmd.equals("solve") ? CliRunner.run(cmd, "--men", "3", "--db", plain.toString())
                : CliRunner.run(cmd, "--db", plain.toString());
            assertEquals(2, r.status(), cmd + ": " + r.err());
            assertOneLine(r, "merrills " + cmd + ": ", "is a file, not a database directory");
        }
        CliRunner.Result r = CliRunner.run("merrills");
        assertEquals(2, r.status());
        assertFalse(r.err().contains("merrills merrills"), r.err());
        r = CliRunner.run("verify", "--db", db.toString(), "--threads", "0");
        assertEquals(2, r.status());
        assertOneLine(r, "--threads must be 1 to " + 4 * Runtime.getRuntime().availableProcessors());
        r = CliRunner.run("solve", "--men", "3", "--db", tmp.resolve("t").toString(), "--threads", "1000");
        assertEquals(2, r.status());
        assertFalse(Files.exists(tmp.resolve("t")), "refused before anything was written");
        r = CliRunner.run("solve", "--men", "3", "--db", "");
        assertEquals(2, r.status());
        assertOneLine(r, "--db needs a directory name");
        r = CliRunner.run("perft", "--depth", "1000");
        assertEquals(2, r.status());
        assertOneLine(r, "--depth must be 0 to 8");
        r = CliRunner.run("probe", "--db", tmp.resolve("none").toString(), OPENING);
        assertEquals(3, r.status());
        assertOneLine(r, "no database", "merrills solve");
        r = CliRunner.run("probe", "--debug", "--db", tmp.resolve("none").toString(), OPENING);
        assertEquals(3, r.status());
        assertTrue(r.err().contains("\tat "), "--debug prints the stack trace: " + r.err());
    }

    @Test
    void aSecondWriterIsRefusedAsBusy() {
        Path d = tmp.resolve("busy");
        try (Database w = Database.open(d, Variant.standard(3, true).fingerprint(), true)) {
            CliRunner.Result r = CliRunner.run("solve", "--men", "3", "--db", d.toString());
            assertEquals(5, r.status(), r.err());
            assertOneLine(r, "is already open for writing"); // another process: "is being written by another process (pid"
        }
    }

    @Test
    void aSolveThatCannotFitTheMemoryIsRefusedBeforeItStarts() {
        long max = Runtime.getRuntime().maxMemory();
        // the largest pair of the standard game, 8-9-0-0 with 9-8-0-0, has about 1.06e9 positions
        assumeTrue(max < 4_400_000_000L, "the test JVM has the heap for the whole standard game");
        Path d = tmp.resolve("nine");
        CliRunner.Result r = CliRunner.run("solve", "--men", "9", "--db", d.toString());
        assertEquals(6, r.status(), r.err());
        assertOneLine(r, "not enough memory", "needs about", "MERRILLS_JAVA_OPTS");
        assertFalse(Files.exists(d), "refused before the directory is made");
    }

    /** A solve refused before it starts leaves no new directory behind (it left an empty database). */
    @Test
    void aRefusedSolveLeavesNoDatabaseBehind() {
        Path d = tmp.resolve("never");
        CliRunner.Result r = CliRunner.run("solve", "--men", "4", "--sector", "9-9-0-0", "--db", d.toString());
        assertEquals(2, r.status(), r.err());
        assertOneLine(r, "9-9-0-0 is not in the game");
        assertFalse(Files.exists(d));
    }

    @Test
    void aReadOnlyDatabaseIsReadByEveryReader() throws Exception {
        Path ro = copy("read-only");
        assumeTrue(Shell.isRoot(), "needs root for chattr +i");
        int rc = Shell.run("chattr", "-R", "+i", ro.toString());
        assumeTrue(rc == 0, "chattr +i is not supported on " + ro + " (exit " + rc + "): skipped");
        try {
            assertThrows(Exception.class, () -> Files.writeString(ro.resolve("probe-write"), "x"), "immutable");
            CliRunner.Result r = CliRunner.run("probe", "--db", ro.toString(), WIN_IN_1);
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().startsWith(WIN_IN_1 + "  win in 1"), r.out());
            r = CliRunner.run("stats", "--db", ro.toString());
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("3-3-0-0"), r.out());
            r = CliRunner.run("verify", "--db", ro.toString());
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("verify: OK"), r.out());
            r = CliRunner.withInput("hint\nquit\n", "play", "--db", ro.toString(), "--seed", "1");
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("position: "), r.out());
            r = CliRunner.run("solve", "--men", "3", "--db", ro.toString());
            assertEquals(2, r.status());
            assertOneLine(r, "cannot write database directory", "probe, stats, verify and play do not");
        } finally {
            Shell.run("chattr", "-R", "-i", ro.toString());
        }
    }

    @Test
    void aReadOnlyMountIsReadByEveryReader() throws Exception {
        Path src = copy("to-mount");
        Path ro = tmp.resolve("mounted-read-only");
        Files.createDirectories(ro);
        assumeTrue(Shell.isRoot(), "needs root for a bind mount");
        int rc = Shell.run("mount", "--bind", src.toString(), ro.toString());
        assumeTrue(rc == 0, "cannot bind-mount here (exit " + rc + "): skipped");
        try {
            rc = Shell.run("mount", "-o", "remount,bind,ro", ro.toString());
            assumeTrue(rc == 0, "cannot remount read-only here (exit " + rc + "): skipped");
            CliRunner.Result r = CliRunner.run("probe", "--db", ro.toString(), "--json", WIN_IN_1);
            assertEquals(0, r.status(), r.err());
            assertEquals(0, CliRunner.run("stats", "--db", ro.toString()).status());
            assertEquals(0, CliRunner.run("verify", "--db", ro.toString(), "--sample", "500").status());
            assertEquals(0, CliRunner.withInput("quit\n", "play", "--db", ro.toString()).status());
            r = CliRunner.run("solve", "--men", "3", "--db", ro.toString());
            assertEquals(2, r.status(), r.err());
            assertOneLine(r, "read-only file system", "probe, stats, verify and play do not");
        } finally {
            Shell.run("umount", "-l", ro.toString());
        }
    }

    @Test
    void aSolveThatCannotFitTheDiskIsRefusedBeforeItStarts() throws Exception {
        Path small = smallDisk("small-disk", "3m");
        try {
            // the four-men game: 6,268,912 positions, one byte each, on a 3 MiB disk
            CliRunner.Result r = CliRunner.run("solve", "--men", "4", "--db", small.resolve("db4").toString());
            assertEquals(6, r.status(), r.err());
            assertOneLine(r, "not enough disk space", "need", "are free");
            assertFalse(Files.exists(small.resolve("db4")), "refused before the directory is made");
        } finally {
            Shell.run("umount", "-l", small.toString());
        }
    }

    /**
     * The check before a solve is the one its writes make: with a few KiB less than it asks for
     * the solve is refused before it starts; with what it asks for, the whole four-men game fits.
     * (With 6,476 KiB free the old check let a solve start that the disk stopped at 3-4-1-0.)
     */
    @Test
    void aSolveTheDiskCheckLetsStartFitsTheDisk() throws Exception {
        Path small = smallDisk("exact-disk", "24m");
        try {
            Path db = small.resolve("db4");
            Variant four = Variant.standard(4, true);
            long need = SolveResources.diskNeeded(db, org.merrills.index.SectorGraph.of(four).sectors(),
                org.merrills.index.Indexes.standard());
            leaveFree(small, need - (64 << 10));
            CliRunner.Result r = CliRunner.run("solve", "--men", "4", "--db", db.toString());
            assertEquals(6, r.status(), r.err());
            assertFalse(Files.exists(db));
            Files.delete(small.resolve("filler"));
            leaveFree(small, need);
            r = CliRunner.run("solve", "--men", "4", "--db", db.toString());
            assertEquals(0, r.status(), r.err());
        } finally {
            Shell.run("umount", "-l", small.toString());
        }
    }

    /**
     * On a disk too small for the five-men game's plain files (a byte per index entry at least)
     * but with room for the packed ones and one plain sector beside its packed copy, {@code solve}
     * is refused and {@code solve --pack} goes through, its files within what the check planned.
     */
    @Test
    void aSolveThatPacksFitsWhereThePlainFilesWouldNot() throws Exception {
        Path small = smallDisk("pack-disk", "96m");
        try {
            Path db = small.resolve("db5");
            var sectors = org.merrills.index.SectorGraph.of(Variant.standard(5, true)).sectors();
            long plain = SolveResources.diskNeeded(db, sectors, org.merrills.index.Indexes.standard(), false);
            long packed = SolveResources.diskNeeded(db, sectors, org.merrills.index.Indexes.standard(), true);
            long entries = 0;
            for (var sector : sectors) {
                entries += org.merrills.index.Indexes.standard().of(sector).size();
            }
            assertTrue(plain > entries, "the plain check asks for a byte per entry at least: " + plain);
            assertTrue(packed < plain, packed + " packed against " + plain + " plain");
            leaveFree(small, (plain + packed) / 2);
            CliRunner.Result r = CliRunner.run("solve", "--men", "5", "--db", db.toString());
            assertEquals(6, r.status(), r.err());
            assertOneLine(r, "not enough disk space", "--pack needs about half of that");
            r = CliRunner.run("solve", "--men", "5", "--pack", "--db", db.toString());
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("draw for white"), "the five-men game's opening is a draw: " + r.out());
            long onDisk = 0;
            try (var files = Files.list(db)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    onDisk += Files.size(f);
                }
            }
            assertTrue(onDisk < packed, onDisk + " bytes on disk, " + packed + " planned");
        } finally {
            Shell.run("umount", "-l", small.toString());
        }
    }

    /**
     * What the packed check plans for the standard game lies above what the game took packed
     * (9,986,528,376 bytes, the README's "Packed databases") and under its plain files; the
     * whole Lasker game, planned packed, fits a disk of 80 GB, where its plain files would not.
     */
    @Test
    void thePackedCheckPlansAboveWhatTheStandardGameTookAndFitsLaskerIn80Gb() {
        var indexes = org.merrills.index.Indexes.standard();
        Path db = tmp.resolve("not-made");
        var standard = org.merrills.index.SectorGraph.of(Variant.standard(9, true)).sectors();
        long packed = SolveResources.diskNeeded(db, standard, indexes, true);
        assertTrue(packed > 9_986_528_376L, packed + " planned");
        assertTrue(packed < SolveResources.diskNeeded(db, standard, indexes, false) / 2 + (2L << 30), packed + " planned");
        var lasker = org.merrills.index.SectorGraph.of(Variant.lasker(10, true)).sectors();
        assertTrue(SolveResources.diskNeeded(db, lasker, indexes, true) < 80_000_000_000L);
        assertTrue(SolveResources.diskNeeded(db, lasker, indexes, false) > 80_000_000_000L);
    }

    /**
     * The memory check sizes the units as the solver takes them. In the standard game the largest
     * is the moving pair 8-9-0-0 with 9-8-0-0; in Lasker a sector with men in hand is solved with
     * its colour swap too, and the pairs of two 8-8 boards with men in hand (1.2 x 10^9 positions)
     * outweigh that one, which a check by moving sectors alone named the largest.
     */
    @Test
    void theMemoryCheckSizesLaskersPairsWithMenInHandAsPairs() {
        var indexes = org.merrills.index.Indexes.standard();
        long eightEight = indexes.of(Sector.parse("8-8-0-0")).size();
        var standard = org.merrills.index.SectorGraph.of(Variant.standard(9, true));
        SolveResources.Unit s = SolveResources.largestUnit(standard.sectors(), indexes, standard);
        assertEquals("8-9-0-0 with 9-8-0-0", s.name());
        assertEquals(indexes.of(Sector.parse("8-9-0-0")).size() + indexes.of(Sector.parse("9-8-0-0")).size(), s.positions());
        var lasker = org.merrills.index.SectorGraph.of(Variant.lasker(10, true));
        SolveResources.Unit l = SolveResources.largestUnit(lasker.sectors(), indexes, lasker);
        assertEquals(2 * eightEight, l.positions(), l.name());
        assertTrue(l.name().matches("8-8-[0-2]-[0-2] with 8-8-[0-2]-[0-2]") && !l.name().startsWith("8-8-0-0"), l.name());
    }

    /** A tmpfs of {@code size} mounted at a new directory of the test's; the test is skipped where that cannot be. */
    private static Path smallDisk(String name, String size) throws Exception {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        assumeTrue(Shell.isRoot(), "needs root to mount a small tmpfs");
        int rc = Shell.run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
        assumeTrue(rc == 0, "cannot mount a tmpfs here (exit " + rc + "): skipped");
        return dir;
    }

    /** Fills the disk of {@code dir} with a file until {@code bytes} (to the page) are free. */
    private static void leaveFree(Path dir, long bytes) throws Exception {
        long fill = (Database.usableSpace(dir) - bytes) & ~4095L;
        assertTrue(fill > 0, "the disk is too small for the test");
        try (var out = Files.newOutputStream(dir.resolve("filler"))) {
            byte[] chunk = new byte[1 << 16];
            for (long done = 0; done < fill; done += chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, fill - done));
            }
        }
        long free = Database.usableSpace(dir);
        assertTrue(free >= bytes && free < bytes + (64 << 10), free + " bytes free, not about " + bytes);
    }

    @Test
    void solveAndVerifyGiveJsonSummaries() throws Exception {
        ObjectMapper m = new ObjectMapper();
        CliRunner.Result r = CliRunner.run("solve", "--men", "3", "--db", db.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode solve = m.readTree(r.out());
        assertEquals(0, solve.get("solved").size(), "nothing left to solve");
        assertEquals(7, solve.get("gameSectors").asInt(), "the three-men game has 7 sectors");
        assertEquals(7, solve.get("game").get("sectors").asInt());
        JsonNode game = solve.get("game");
        assertEquals(game.get("positions").asLong(),
            game.get("wins").asLong() + game.get("losses").asLong() + game.get("draws").asLong());
        CliRunner.Result probe = CliRunner.run("probe", "--db", db.toString(), "--json", OPENING);
        JsonNode opening = m.readTree(probe.out().lines().findFirst().orElseThrow());
        assertEquals(opening.get("value").asText(), solve.get("opening").get("value").asText());
        assertEquals(opening.get("distance").asInt(), solve.get("opening").get("distance").asInt());

        r = CliRunner.run("verify", "--db", db.toString(), "--json", "--sample", "300");
        assertEquals(0, r.status(), r.err());
        JsonNode verify = m.readTree(r.out());
        assertTrue(verify.get("ok").asBoolean());
        assertEquals(7, verify.get("files").asInt());
        assertEquals(7, verify.get("sectors").size());
        assertEquals(0, verify.get("damaged").size());
        assertTrue(r.err().contains("checking 3-3-0-0"), "verify shows its progress: " + r.err());
    }

    @Test
    void outOfMemoryAndAFailedMappedWriteAreOutOfResources() {
        ExitStatus.Failure oom = ExitStatus.of(new OutOfMemoryError("Java heap space"));
        assertEquals(ExitStatus.OUT_OF_RESOURCES, oom.status());
        assertTrue(oom.message().contains("MERRILLS_JAVA_OPTS=-Xmx"), oom.message());
        assertEquals(ExitStatus.OUT_OF_RESOURCES, ExitStatus.of(new InternalError("a fault occurred in an unsafe memory access")).status());
        assertEquals(ExitStatus.INTERNAL, ExitStatus.of(new NullPointerException()).status());
        assertTrue(ExitStatus.of(new NullPointerException()).message().contains("--debug"));
    }
}
