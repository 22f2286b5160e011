package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.SectorFileException.Problem;

/**
 * Damages a committed file in one place at a time and checks that the damage is found, with the
 * right problem and a message naming the file. The file: 3 blocks of 4096 entries plus 100, two
 * overflow values. Offsets, worked out by hand: data 4096..16483, overflow table at 16488 (24
 * bytes), block table at 16512 (4 blocks), footer at 16528, length 16560.
 */
class SectorFileCorruptionTest {
    static final String RULES = "morris/men=4/flying=on";
    static final String SECTOR = "4-3-0-0";
    static final int ENTRIES = 3 * 4096 + 100;
    static final long FOOTER = 16528;

    @TempDir
    Path dir;
    Path file;
    int[] values;

    @BeforeEach
    void writeSector() {
        values = SectorFileRoundTripTest.randomValues(new Random(7), ENTRIES);
        values[10] = 1001;
        values[4096 * 2 + 3] = 5000;
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            SectorWriter w = db.create(SECTOR, ENTRIES);
            for (int i = 0; i < ENTRIES; i++) {
                w.put(i, Math.min(values[i], i == 10 || i == 4096 * 2 + 3 ? values[i] : 253));
            }
            w.commit(SectorMeta.solved(ENTRIES, 0, 0, 0, -1, -1, "t", 0, 1));
        }
        for (int i = 0; i < ENTRIES; i++) {
            values[i] = Math.min(values[i], i == 10 || i == 4096 * 2 + 3 ? values[i] : 253);
        }
        file = dir.resolve(SECTOR + ".msdb");
    }

    @Test
    void theUndamagedFileHasTheLengthWorkedOutByHand() throws IOException {
        assertEquals(FOOTER + 32, Files.size(file));
        try (Database db = Database.open(dir, RULES, false)) {
            db.verify(SECTOR);
            assertEquals(5000, db.reader(SECTOR).value(4096 * 2 + 3));
        }
    }

    @Test
    void aFlippedByteInTheMagicIsAWrongMagic() throws IOException {
        flip(0);
        expectOnOpen(Problem.WRONG_MAGIC, "wrong magic");
    }

    @Test
    void aFlippedByteInTheHeaderIsAHeaderChecksumMismatch() throws IOException {
        for (long at : new long[] {17, 44, 200, 4093}) { // entries, sector name, fingerprint padding, the CRC itself
            flip(at);
            expectOnOpen(Problem.HEADER_CHECKSUM, "header checksum mismatch");
            flip(at);
        }
    }

    @Test
    void aFlippedByteInTheDataIsReportedForItsBlockOnlyAndNeverAnswered() throws IOException {
        flip(4096 + 4096 + 77); // entry 4173: block 1
        try (Database db = Database.open(dir, RULES, false)) {
            assertTrue(db.isComplete(SECTOR), "the header and footer are sound");
            SectorReader r = db.reader(SECTOR);
            assertEquals(values[5], r.value(5));
            SectorFileException e = assertThrows(SectorFileException.class, () -> r.value(4173));
            assertEquals(Problem.BLOCK_CHECKSUM, e.problem());
            assertTrue(e.getMessage().contains("checksum mismatch in block 1"), e.getMessage());
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertThrows(SectorFileException.class, () -> r.value(4096), "every read of the block fails, not just the first");
            assertEquals(values[3 * 4096 + 1], r.value(3 * 4096 + 1));
            SectorFileException full = assertThrows(SectorFileException.class, () -> db.verify(SECTOR));
            assertTrue(full.getMessage().contains("block 1"), full.getMessage());
        }
    }

    @Test
    void aFlippedByteInEveryFooterFieldIsFoundOnOpen() throws IOException {
        for (long at = FOOTER; at < FOOTER + 32; at++) {
            flip(at);
            Problem p = expectOnOpen(null, "bad footer");
            assertEquals(Problem.BAD_FOOTER, p, "byte " + at);
            flip(at);
        }
    }

    @Test
    void damagedTablesAreFoundOnOpen() throws IOException {
        flip(16488 + 2); // an overflow index
        expectOnOpen(Problem.TABLE_CHECKSUM, "overflow table");
        flip(16488 + 2);
        flip(16512 + 5); // block 1's checksum
        expectOnOpen(Problem.TABLE_CHECKSUM, "block table");
    }

    @Test
    void damageOnlyTheFileChecksumSeesIsFoundByTheFullCheck() throws IOException {
        flip(16485); // padding between the data and the overflow table
        try (Database db = Database.open(dir, RULES, false)) {
            assertTrue(db.isComplete(SECTOR));
            SectorFileException e = assertThrows(SectorFileException.class, () -> db.verify(SECTOR));
            assertEquals(Problem.FILE_CHECKSUM, e.problem());
            assertTrue(e.getMessage().contains("file checksum mismatch"), e.getMessage());
        }
    }

    @Test
    void oneByteShortIsTruncated() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(f.length() - 1);
        }
        String m = expectOnOpenMessage(Problem.TRUNCATED);
        assertTrue(m.contains("truncated: the file is 16559 bytes, its header says 16560"), m);
    }

    @Test
    void aFileCutInsideItsHeaderOrEmptyIsTruncated() throws IOException {
        for (long length : new long[] {100, 0}) {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(length);
            }
            String m = expectOnOpenMessage(Problem.TRUNCATED);
            assertTrue(m.contains("the file is " + length + " bytes, shorter than its 4096-byte header"), m);
        }
    }

    @Test
    void oneByteTooManyIsExtended() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(f.length() + 1);
        }
        String m = expectOnOpenMessage(Problem.EXTENDED);
        assertTrue(m.contains("extended: the file is 16561 bytes, its header says 16560 (1 extra)"), m);
    }

    @Test
    void aNewerOrOlderVersionIsRefusedAsSuch() throws IOException {
        setVersion(2);
        assertTrue(expectOnOpenMessage(Problem.UNSUPPORTED_VERSION).contains("version 2 is too new"));
        setVersion(0);
        assertTrue(expectOnOpenMessage(Problem.UNSUPPORTED_VERSION).contains("version 0 is too old"));
    }

    @Test
    void aFileOfOtherRulesIsRefusedNamingBoth() {
        SectorFileException e = assertThrows(SectorFileException.class,
            () -> SectorReader.open(file, SECTOR, "morris/men=4/flying=off"));
        assertEquals(Problem.RULES_MISMATCH, e.problem());
        assertTrue(e.getMessage().contains("'" + RULES + "'") && e.getMessage().contains("'morris/men=4/flying=off'"),
            e.getMessage());
        DatabaseException d = assertThrows(DatabaseException.class,
            () -> Database.open(dir, "morris/men=4/flying=off", false));
        assertTrue(d.getMessage().contains("rules mismatch") && d.getMessage().contains(RULES), d.getMessage());
    }

    @Test
    void aFileOfAnotherSectorIsRefused() throws IOException {
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, "4-4-0-0", RULES));
        assertEquals(Problem.SECTOR_MISMATCH, e.problem());
    }

    /** Sets the version field and recomputes the header checksum, as a real other-version file has. */
    private void setVersion(int version) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] h = new byte[4096];
            f.readFully(h);
            ByteBuffer b = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(8, version);
            CRC32C c = new CRC32C();
            c.update(h, 0, 4092);
            b.putInt(4092, (int) c.getValue());
            f.seek(0);
            f.write(h);
        }
    }

    private void flip(long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
    }

    private String expectOnOpenMessage(Problem problem) {
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, SECTOR, RULES));
        assertEquals(problem, e.problem(), e.getMessage());
        assertTrue(e.getMessage().startsWith("sector file " + file + ": "), e.getMessage());
        try (Database db = Database.open(dir, RULES, false)) {
            assertFalse(db.isComplete(SECTOR));
            SectorFileException viaDb = assertThrows(SectorFileException.class, () -> db.reader(SECTOR));
            assertEquals(problem, viaDb.problem());
        }
        return e.getMessage();
    }

    /** Checks the open fails with {@code problem} (if not null) and a message containing {@code words}. */
    private Problem expectOnOpen(Problem problem, String words) {
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, SECTOR, RULES));
        if (problem != null) {
            assertEquals(problem, e.problem(), e.getMessage());
        }
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        return e.problem();
    }
}
