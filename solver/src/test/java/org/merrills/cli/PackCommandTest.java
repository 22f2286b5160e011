package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.merrills.db.Database;
import org.merrills.db.FileKind;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorReader;
import org.merrills.rules.Variant;

/**
 * {@code pack} and {@code unpack} through the command line on a database solved here (four men
 * each; five and six with {@code -Pslow}): every value of the packed database equals the plain
 * one's, verify, probe, play and stats work on it, and unpacking gives back the plain files byte
 * for byte.
 */
class PackCommandTest {
    @TempDir
    static Path tmp;
    static Path plain;

    @BeforeAll
    static void solve() {
        plain = tmp.resolve("db4");
        CliRunner.Result r = CliRunner.run("solve", "--men", "4", "--db", plain.toString());
        assertEquals(0, r.status(), r.err());
    }

    static Path copy(Path from, String name) throws IOException {
        Path to = tmp.resolve(name);
        Files.createDirectories(to);
        for (Path f : sectorFiles(from)) {
            Files.copy(f, to.resolve(f.getFileName()));
        }
        Files.copy(from.resolve("catalogue.mcat"), to.resolve("catalogue.mcat"));
        return to;
    }

    static List<Path> sectorFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".msdb")).sorted().collect(Collectors.toList());
        }
    }

    /** Every value of every sector of {@code packed} equals the one in {@code reference}; returns the entries compared. */
    static long assertSameValues(Path reference, Path packed) {
        SortedMap<String, SectorMeta> rows = Database.readCatalogue(reference);
        String rules = rows.values().iterator().next().ruleFingerprint();
        long compared = 0;
        try (Database a = Database.open(reference, rules, false); Database b = Database.open(packed, rules, false)) {
            assertEquals(rows.keySet(), b.catalogue().keySet());
            for (String sector : rows.keySet()) {
                SectorReader x = a.reader(sector);
                SectorReader y = b.reader(sector);
                assertFalse(x.isPacked());
                assertTrue(y.isPacked(), sector);
                assertEquals(x.entries(), y.entries());
                for (long i = 0; i < x.entries(); i++) {
                    if (x.value(i) != y.value(i)) {
                        fail(sector + " entry " + i + ": plain " + x.value(i) + ", packed " + y.value(i));
                    }
                }
                compared += x.entries();
            }
        }
        return compared;
    }

    static void assertSameBytes(Path expected, Path actual) throws IOException {
        List<Path> files = sectorFiles(expected);
        assertEquals(files.stream().map(Path::getFileName).collect(Collectors.toList()),
            sectorFiles(actual).stream().map(Path::getFileName).collect(Collectors.toList()));
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(actual.resolve(f.getFileName())), f.toString());
        }
    }

    @Test
    void packingInPlaceKeepsEveryValueAndUnpackingGivesBackTheSolvedFiles() throws IOException {
        Path db = copy(plain, "in-place");
        CliRunner.Result r = CliRunner.run("pack", "--db", db.toString(), "--level", "3");
        assertEquals(0, r.status(), r.err());
        int sectors = Database.readCatalogue(plain).size();
        assertTrue(r.out().contains("pack: " + sectors + " of " + sectors + " sectors rewritten"), r.out());
        for (Path f : sectorFiles(db)) {
            assertEquals(FileKind.PACKED, FileKind.of(f), f.toString());
        }
        assertTrue(assertSameValues(plain, db) > 0);

        r = CliRunner.run("pack", "--db", db.toString());
        assertTrue(r.out().contains("pack: 0 of " + sectors + " sectors rewritten"), "a second run has nothing to do");

        r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("verify: OK"), r.out());

        r = CliRunner.run("stats", "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("packed"), r.out());

        r = CliRunner.run("unpack", "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertSameBytes(plain, db);
    }

    @Test
    void probeAndPlayAnswerTheSameFromAPackedCopy() throws IOException {
        Path db = tmp.resolve("packed-copy");
        CliRunner.Result r = CliRunner.run("pack", "--db", plain.toString(), "--out", db.toString());
        assertEquals(0, r.status(), r.err());
        for (Path f : sectorFiles(plain)) {
            assertEquals(FileKind.PLAIN, FileKind.of(f), "the source stays plain: " + f);
        }
        String[] positions = {"........................ w 4 4", "W.W...B..B.W.......B.... w 0 0",
            "WW.W...B.......B...B.... b 0 1", "W..W....B......B.....W.B w 1 1"};
        for (String p : positions) {
            CliRunner.Result a = CliRunner.run("probe", "--db", plain.toString(), "--json", p);
            CliRunner.Result b = CliRunner.run("probe", "--db", db.toString(), "--json", p);
            assertEquals(a.status(), b.status(), p);
            assertEquals(a.out(), b.out(), p);
        }
        String moves = "d7\na7\ng7\nb6\nd6\nf6\nquit\n";
        CliRunner.Result a = CliRunner.withInput(moves, "play", "--db", plain.toString(), "--seed", "3");
        CliRunner.Result b = CliRunner.withInput(moves, "play", "--db", db.toString(), "--seed", "3");
        assertEquals(0, b.status(), b.err());
        assertEquals(a.out().replace(plain.toString(), "DB"), b.out().replace(db.toString(), "DB"));

        Path back = tmp.resolve("unpacked-copy");
        r = CliRunner.run("unpack", "--db", db.toString(), "--out", back.toString());
        assertEquals(0, r.status(), r.err());
        assertSameBytes(plain, back);
    }

    /**
     * {@code solve --pack} packs each file as it is written: the same values as the plain solve,
     * and unpacked, the plain solve's files byte for byte.
     */
    @Test
    void aSolveThatPacksWritesThePackedFilesOfThePlainSolve() throws IOException {
        Path db = tmp.resolve("solved-packed");
        CliRunner.Result r = CliRunner.run("solve", "--men", "4", "--pack", "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        for (Path f : sectorFiles(db)) {
            assertEquals(FileKind.PACKED, FileKind.of(f), f.toString());
        }
        long packedBytes = 0;
        for (Path f : sectorFiles(db)) {
            packedBytes += Files.size(f);
        }
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "%,d bytes on disk (packed)", packedBytes)), r.out());
        SortedMap<String, SectorMeta> expected = Database.readCatalogue(plain);
        SortedMap<String, SectorMeta> rows = Database.readCatalogue(db);
        assertEquals(expected.keySet(), rows.keySet());
        for (String sector : expected.keySet()) { // the plain file's checksum: what the packed file unpacks to
            assertEquals(expected.get(sector).fileChecksum(), rows.get(sector).fileChecksum(), sector);
        }
        assertTrue(assertSameValues(plain, db) > 0);
        assertEquals(0, CliRunner.run("verify", "--db", db.toString()).status());
        r = CliRunner.run("unpack", "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertSameBytes(plain, db);
    }

    /**
     * A packing run that resumes a plain one (or one stopped between a write and its packing)
     * packs the plain files it finds first, and says so: the database ends packed, with the
     * whole game's values.
     */
    @Test
    void aPackingRunOverAPlainStartPacksThePlainFilesFirst() throws IOException {
        Path db = tmp.resolve("half-plain");
        assertEquals(0, CliRunner.run("solve", "--men", "4", "--sector", "3-3-0-0", "--db", db.toString()).status());
        int plainBefore = sectorFiles(db).size();
        CliRunner.Result r = CliRunner.run("solve", "--men", "4", "--pack", "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("packing the " + plainBefore + " sectors the database holds as plain files first"),
            r.err());
        assertTrue(r.err().contains("packed " + plainBefore + " sectors: "), r.err());
        for (Path f : sectorFiles(db)) {
            assertEquals(FileKind.PACKED, FileKind.of(f), f.toString());
        }
        assertSameValues(plain, db);
        r = CliRunner.run("solve", "--men", "4", "--pack", "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertFalse(r.err().contains("packing the"), "nothing left to pack: " + r.err());
    }

    @Test
    void badOptionsAreRefusedWithOneLine() {
        CliRunner.Result r = CliRunner.run("pack", "--db", plain.toString(), "--level", "30");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("zstd level 30 is not 1 to 22"), r.err());
        r = CliRunner.run("pack", "--db", plain.toString(), "--block-size", "5000");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("block size 5000 is not a power of two"), r.err());
        r = CliRunner.run("unpack", "--db", tmp.resolve("nothing-here").toString());
        assertEquals(3, r.status(), "missing data, as for every other command");
        assertTrue(r.err().contains("no database at"), r.err());
    }

    /**
     * The database's own failures keep their exit statuses (they were all 1, "a bug"): another
     * writer is 5, an output directory for other rules is 2.
     */
    @Test
    void packAndUnpackFailuresHaveTheStatusesOfTheirKind() throws IOException {
        Path db = copy(plain, "busy");
        try (Database w = Database.open(db, Variant.standard(4, true).fingerprint(), true)) {
            for (String command : new String[] {"pack", "unpack"}) {
                CliRunner.Result r = CliRunner.run(command, "--db", db.toString());
                assertEquals(5, r.status(), r.err());
                assertTrue(r.err().contains("open for writing"), r.err());
            }
        }
        Path other = tmp.resolve("other-rules");
        assertEquals(0, CliRunner.run("solve", "--men", "3", "--db", other.toString()).status());
        CliRunner.Result r = CliRunner.run("pack", "--db", db.toString(), "--out", other.toString());
        assertEquals(2, r.status(), r.err());
    }

    /**
     * The sector files are the truth: with the catalogue lost, a copy packed into another
     * directory (the source opened read-only, so not rebuilt) still holds every sector.
     */
    @Test
    void aSourceWithoutItsCatalogueStillPacksIntoAnotherDirectory() throws IOException {
        Path db = copy(plain, "no-catalogue");
        Files.delete(db.resolve("catalogue.mcat"));
        Files.deleteIfExists(db.resolve("catalogue.seal"));
        Path out = tmp.resolve("packed-without-catalogue");
        CliRunner.Result r = CliRunner.run("pack", "--db", db.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(sectorFiles(plain).size(), sectorFiles(out).size());
        assertSameValues(plain, out);
    }

    @Tag("slow")
    @ParameterizedTest
    @ValueSource(ints = {5, 6})
    void theFiveAndSixMenGamesPackedKeepEveryValue(int men) throws IOException {
        Path db = tmp.resolve("big" + men);
        CliRunner.Result r = CliRunner.run("solve", "--men", String.valueOf(men), "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        Path packed = tmp.resolve("big" + men + "-packed");
        r = CliRunner.run("pack", "--db", db.toString(), "--out", packed.toString());
        assertEquals(0, r.status(), r.err());
        long positions = Database.readCatalogue(db).values().stream().mapToLong(SectorMeta::entries).sum();
        assertEquals(positions, assertSameValues(db, packed));
        r = CliRunner.run("unpack", "--db", packed.toString());
        assertEquals(0, r.status(), r.err());
        assertSameBytes(db, packed);
        for (Map.Entry<String, SectorMeta> e : Database.readCatalogue(db).entrySet()) {
            assertEquals(e.getValue(), Database.readCatalogue(packed).get(e.getKey()));
        }
    }
}
