package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verify journal: what it keeps, what it refuses to trust, and how its evidence tells files apart. */
class VerifyJournalTest {
    static final String RULES = "standard-9-flying";

    @TempDir
    Path dir;

    @Test
    void entriesSurviveARewriteAndMatchOnlyTheirEvidence() throws IOException {
        VerifyJournal j = VerifyJournal.load(dir, RULES);
        assertNull(j.note(), "no file is no fault");
        assertTrue(j.entries().isEmpty());
        j.record(new VerifyJournal.Entry("3-3-0-0", 0xfedcba9876543210L, 169_626, 1234, 1_700_000_000_000L));
        j.record(new VerifyJournal.Entry("3-2-0-0", 42, 10, 5, 6));
        VerifyJournal back = VerifyJournal.load(dir, RULES);
        assertNull(back.note());
        assertEquals(List.of("3-3-0-0", "3-2-0-0"), List.copyOf(back.entries().keySet()));
        assertEquals(new VerifyJournal.Entry("3-3-0-0", 0xfedcba9876543210L, 169_626, 1234, 1_700_000_000_000L),
            back.verified("3-3-0-0", 0xfedcba9876543210L));
        assertNull(back.verified("3-3-0-0", 0xfedcba9876543211L), "other bytes, other evidence");
        assertNull(back.verified("4-3-0-0", 42), "never checked");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve(VerifyJournal.FILE_NAME)), files.toList(), "no temporary left behind");
        }
    }

    @Test
    void aJournalOfOtherRulesOrCutShortOrAlteredIsIgnoredWithAReason() throws IOException {
        VerifyJournal j = VerifyJournal.fresh(dir, RULES);
        j.record(new VerifyJournal.Entry("3-3-0-0", 7, 100, 1, 2));
        Path file = dir.resolve(VerifyJournal.FILE_NAME);
        String text = Files.readString(file, StandardCharsets.US_ASCII);

        VerifyJournal other = VerifyJournal.load(dir, "lasker-10-flying");
        assertTrue(other.entries().isEmpty());
        assertTrue(other.note().contains("other rules"), other.note());

        Files.writeString(file, text.substring(0, text.indexOf("end ")), StandardCharsets.US_ASCII);
        assertTrue(VerifyJournal.load(dir, RULES).note().contains("no end line"));

        Files.writeString(file, text.replace("3-3-0-0 ", "3-3-0-1 "), StandardCharsets.US_ASCII);
        VerifyJournal altered = VerifyJournal.load(dir, RULES);
        assertTrue(altered.note().contains("fails its checksum"), altered.note());
        assertTrue(altered.entries().isEmpty());

        Files.writeString(file, "garbage", StandardCharsets.US_ASCII);
        assertTrue(VerifyJournal.load(dir, RULES).entries().isEmpty());

        // The next update replaces a journal that was ignored.
        altered.record(new VerifyJournal.Entry("4-4-0-0", 9, 1, 1, 1));
        VerifyJournal replaced = VerifyJournal.load(dir, RULES);
        assertNull(replaced.note());
        assertEquals(Set.of("4-4-0-0"), replaced.entries().keySet());
    }

    @Test
    void evidenceDependsOnEveryChecksumTheirOrderAndTheirCount() {
        Set<Long> seen = new HashSet<>();
        long[][] cases = {{}, {0}, {0, 0}, {1}, {1, 2}, {2, 1}, {1, 2, 3}, {1, 2, 4}, {0xffffffffL, 2, 3}};
        for (long[] c : cases) {
            assertTrue(seen.add(VerifyJournal.evidence(c)), "distinct evidence for " + java.util.Arrays.toString(c));
        }
        assertEquals(VerifyJournal.evidence(5, 6, 7), VerifyJournal.evidence(5, 6, 7), "a function of the checksums only");
    }

    @Test
    void aDirectoryThatCannotTakeTheFileSaysSo() throws IOException {
        Path notADir = dir.resolve("file");
        Files.writeString(notADir, "x");
        VerifyJournal j = VerifyJournal.fresh(notADir, RULES);
        DatabaseException e = assertThrows(DatabaseException.class,
            () -> j.record(new VerifyJournal.Entry("3-3-0-0", 1, 1, 1, 1)));
        assertTrue(e.getMessage().contains("cannot write the verify journal"), e.getMessage());
    }
}
