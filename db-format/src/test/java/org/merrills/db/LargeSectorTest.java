package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sector file beyond 2 GiB (the standard game's largest sectors are about 6 x 10^8 entries;
 * this one has 2^31 + 12345) is written and read through one mapping: values at indices past
 * 2^31 come back, and the full check passes. The file is sparse, so it costs little disk.
 */
@Tag("slow")
class LargeSectorTest {
    @TempDir
    Path dir;

    @Test
    void aFileLargerThan2GiBIsOneMappingAndReadsBackExactly() throws IOException {
        long entries = (1L << 31) + 12345;
        Random rnd = new Random(3);
        long[] at = new long[2000];
        int[] value = new int[at.length];
        for (int k = 0; k < at.length; k++) {
            at[k] = k < 1000 ? (1L << 31) + rnd.nextInt(12345) : (long) (rnd.nextDouble() * entries);
            value[k] = rnd.nextInt(600) - 1;
        }
        try (Database db = Database.open(dir, "big", true)) {
            SectorWriter w = db.create("big", entries);
            for (int k = 0; k < at.length; k++) {
                w.put(at[k], value[k]);
            }
            w.commit(SectorMeta.solved(entries, 0, 0, 0, -1, -1, "t", 0, 1));
        }
        assertTrue(Files.size(dir.resolve("big.msdb")) > entries);
        try (Database db = Database.open(dir, "big", false)) {
            SectorReader r = db.reader("big");
            assertEquals(entries, r.entries());
            for (int k = at.length - 1; k >= 0; k--) {   // the last put of an index wins
                boolean later = false;
                for (int j = k + 1; j < at.length; j++) {
                    later |= at[j] == at[k];
                }
                if (!later) {
                    assertEquals(value[k], r.value(at[k]), "entry " + at[k]);
                }
            }
            db.verify("big");
        }
    }
}
