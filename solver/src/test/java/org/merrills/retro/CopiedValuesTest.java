package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorWriter;
import org.merrills.db.Value;
import org.merrills.index.Sector;
import org.merrills.rules.Variant;

/** The heap copies of sector files give back every value the file holds, escaped distances included, with the file unmapped. */
class CopiedValuesTest {
    @TempDir
    Path tmp;

    @Test
    void aCopyReadsWhatTheFileHolds() {
        Sector s = Sector.parse("3-3-0-0");
        int entries = 169_626;            // the size of 3-3-0-0
        int[] written = new int[entries];
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < entries; i++) {
            int kind = rnd.nextInt(10);
            // draws, short distances, the longest a byte holds, and distances past it (escaped)
            written[i] = kind == 0 ? Value.DRAW : kind == 1 ? Value.MAX_INLINE_DISTANCE
                : kind == 2 ? Value.MAX_INLINE_DISTANCE + 1 + rnd.nextInt(5000) : rnd.nextInt(200);
        }
        try (Database db = Database.open(tmp, Variant.standard(3, true).fingerprint(), true)) {
            SectorWriter w = db.create(s.name(), entries);
            w.putAll(i -> written[(int) i]);
            w.commit(SectorMeta.solved(entries, 0, 0, 0, 0, 0, "test", 0, 1));
            CopiedValues copies = new CopiedValues(db);
            SolvedValues.SectorValues copy = copies.of(s);
            db.closeReadersExcept(Set.of());        // the copy needs the file no more
            for (int i = 0; i < entries; i++) {
                assertEquals(written[i], copy.value(i), "entry " + i);
                assertEquals(db.reader(s.name()).value(i), copy.value(i), "entry " + i);
            }
            for (int i = 0; i < entries; i += 97) {
                assertEquals(written[i], copies.value(s, i), "entry " + i + " read by sector and index");
            }
            assertSame(copy, copies.of(s), "one copy while it is kept");
            copies.keepOnly(Set.of(s.name()));
            assertSame(copy, copies.of(s));
            copies.keepOnly(Set.of());
            assertNotSame(copy, copies.of(s), "copied again once let go");
        }
    }
}
