package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorReader;
import org.merrills.db.SectorWriter;
import org.merrills.db.Value;
import org.merrills.db.VerifyJournal;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * {@code verify} goes on where an earlier run stopped: the sectors found right are journalled with
 * the checksums of the files they were checked against, a later run skips exactly those, and a
 * change to the values of any of those files makes them count for nothing.
 */
class VerifyResumeTest {
    @TempDir
    static Path tmp;
    static Path solved;
    static int sectors;

    @BeforeAll
    static void solve() {
        solved = tmp.resolve("db3");
        CliRunner.Result r = CliRunner.run("solve", "--men", "3", "--db", solved.toString());
        assertEquals(0, r.status(), r.err());
        sectors = Database.sectorFiles(solved).size();
        // One sector per placing ply, 0-0-3-3 to 2-3-1-0, and 3-3-0-0: a capture leaves two men and ends the game.
        assertEquals(7, sectors, "the sectors of the game with three men each");
    }

    static Path copy(String name) throws IOException {
        Path to = tmp.resolve(name);
        Files.createDirectories(to);
        for (String f : new String[] {"catalogue.mcat", "catalogue.seal"}) {
            Files.copy(solved.resolve(f), to.resolve(f));
        }
        for (String s : Database.sectorFiles(solved)) {
            Files.copy(solved.resolve(s + ".msdb"), to.resolve(s + ".msdb"));
        }
        return to;
    }

    static VerifyJournal journalOf(Path db) {
        return VerifyJournal.load(db, Variant.standard(3, true).fingerprint());
    }

    @Test
    void aSecondRunSkipsWhatTheFirstFoundRightAndFreshChecksAll() throws IOException {
        Path db = copy("again");
        CliRunner.Result r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertFalse(r.out().contains("resuming"), r.out());
        long bytes = 0;
        for (String s : Database.sectorFiles(db)) {
            bytes += Files.size(db.resolve(s + ".msdb"));
        }
        assertTrue(r.err().contains(String.format(java.util.Locale.ROOT, "checking %d files in full (%,d bytes) with ",
            sectors, bytes)), "the files' check says what it reads before it starts: " + r.err());
        assertTrue(r.err().contains("files checked in "), r.err());
        VerifyJournal journal = journalOf(db);
        assertNull(journal.note());
        assertEquals(sectors, journal.entries().size(), "every sector found right is entered");
        long positions = journal.entries().values().stream().mapToLong(VerifyJournal.Entry::positions).sum();
        long catalogued = Database.readCatalogue(db).values().stream().mapToLong(m -> m.positions()).sum();
        assertEquals(catalogued, positions, "the journal counts every position of the game, holes aside");

        r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("resuming: " + sectors + " sectors"), r.out());
        assertTrue(r.out().contains("verify: OK (0 sectors checked now, " + sectors + " by an earlier run)"), r.out());
        assertFalse(r.out().contains("positions checked"), "nothing is checked twice: " + r.out());

        r = CliRunner.run("verify", "--db", db.toString(), "--fresh");
        assertEquals(0, r.status(), r.out() + r.err());
        assertFalse(r.out().contains("resuming"), r.out());
        assertEquals(sectors, r.out().lines().filter(l -> l.contains("positions checked, 0 wrong")).count(), r.out());
    }

    @Test
    void anInterruptedRunResumesWithTheSectorsItDidNotFinish() throws IOException {
        Path db = copy("interrupted");
        assertEquals(0, CliRunner.run("verify", "--db", db.toString()).status());
        // A run cut short: keep the journal's first few entries only, as the run would have left it.
        Map<String, VerifyJournal.Entry> all = journalOf(db).entries();
        VerifyJournal cut = VerifyJournal.fresh(db, Variant.standard(3, true).fingerprint());
        int kept = 0;
        for (VerifyJournal.Entry e : all.values()) {
            if (kept++ < 4) {
                cut.record(e);
            }
        }
        CliRunner.Result r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("resuming: 4 sectors"), r.out());
        assertEquals(sectors - 4, r.out().lines().filter(l -> l.contains("positions checked, 0 wrong")).count(), r.out());
        for (String s : all.keySet().stream().limit(4).toList()) {
            assertFalse(r.out().contains(s + " "), s + " was not checked again: " + r.out());
        }
        assertEquals(sectors, journalOf(db).entries().size());
    }

    /**
     * A sector rewritten with one value wrong after a verify found it right: it and every sector
     * that reads it are checked again, the wrong value is found, and the rest is not checked.
     * (Packing keeps the values and so the evidence: a packed file names its plain file's checksum.)
     */
    @Test
    void aSectorRewrittenWithOtherValuesAndItsParentsAreCheckedAgain() throws IOException {
        Path db = copy("rewritten");
        assertEquals(0, CliRunner.run("verify", "--db", db.toString()).status());
        String altered = "3-3-0-0";
        long changed;
        try (Database d = Database.open(db, Variant.standard(3, true).fingerprint(), true)) {
            SectorMeta row = d.catalogue().get(altered);
            SectorReader r = d.reader(altered);
            long at = 0;
            while (r.value(at) == Value.DRAW) {
                at++;
            }
            changed = at;
            int[] values = new int[(int) r.entries()];
            for (int i = 0; i < values.length; i++) {
                values[i] = i == at ? Value.DRAW : r.value(i);
            }
            try (SectorWriter w = d.create(altered, values.length)) {
                w.putAll(i -> values[(int) i]);
                w.commit(row);
            }
        }
        SectorGraph graph = SectorGraph.of(Variant.standard(3, true));
        Set<String> readers = new TreeSet<>();
        for (Sector s : graph.sectors()) {
            if (graph.successors(s).contains(Sector.parse(altered))) {
                readers.add(s.name());
            }
        }
        readers.add(altered);
        assertTrue(readers.size() < sectors, "some sectors do not read " + altered + ": " + readers);

        CliRunner.Result r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(4, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("resuming: " + (sectors - readers.size()) + " sectors"), r.out());
        assertTrue(r.out().contains("WRONG " + altered + " index " + changed + " "), r.out());
        Set<String> checked = new TreeSet<>();
        r.out().lines().filter(l -> l.contains("positions checked")).forEach(l -> checked.add(l.split(" ")[0]));
        assertEquals(readers, checked);

        r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(4, r.status(), "a sector found wrong is not entered, so it is checked again");
        assertTrue(r.out().contains("WRONG " + altered + " index " + changed + " "), r.out());
    }

    @Test
    void aDamagedJournalIsNamedAndIgnored() throws IOException {
        Path db = copy("damaged-journal");
        assertEquals(0, CliRunner.run("verify", "--db", db.toString()).status());
        Path file = db.resolve(VerifyJournal.FILE_NAME);
        String text = Files.readString(file);
        // One hex digit of the first entry's evidence changed: a journal edited or decayed on disk.
        int at = text.indexOf(' ', text.indexOf('\n', text.indexOf('\n') + 1)) + 1;
        char digit = text.charAt(at);
        Files.writeString(file, text.substring(0, at) + (digit == '0' ? '1' : '0') + text.substring(at + 1));
        CliRunner.Result r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("fails its checksum") && r.err().contains("every sector is checked again"), r.err());
        assertFalse(r.out().contains("resuming"), r.out());
        assertEquals(sectors, journalOf(db).entries().size(), "and replaced by a whole one");
    }

    @Test
    void aSampleNeitherUsesNorWritesTheJournal() throws IOException {
        Path db = copy("sample");
        CliRunner.Result r = CliRunner.run("verify", "--db", db.toString(), "--sample", "50");
        assertEquals(0, r.status(), r.out() + r.err());
        assertFalse(Files.exists(db.resolve(VerifyJournal.FILE_NAME)), "a sample proves nothing of a whole sector");
        assertEquals(0, CliRunner.run("verify", "--db", db.toString()).status());
        r = CliRunner.run("verify", "--db", db.toString(), "--sample", "50");
        assertFalse(r.out().contains("resuming"), "a sample looks again: " + r.out());
    }
}
