package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.SectorFileException.Problem;

/**
 * Damages a packed file in one place at a time and checks that the damage is found, with the
 * right problem and a message naming the file and the block, and that no damaged block ever
 * answers a value. The file: 6 blocks of 4096 entries plus 300, packed in 4096-entry blocks.
 */
class PackedFileCorruptionTest {
    static final String RULES = "morris/men=4/flying=on";
    static final String SECTOR = "4-4-0-0";

    @TempDir
    Path dir;
    Path file;
    int[] values;
    PackedFileInfo info;
    final ExecutorService pool = Executors.newSingleThreadExecutor();

    @BeforeEach
    void writeAndPack() throws IOException {
        values = SectorFileRoundTripTest.randomValues(new Random(21), 6 * 4096 + 300);
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            PackedSectorFileTest.writePlain(db, SECTOR, values);
            Packing.pack(db, db, SECTOR, new Packing.Options(4096, 3), pool);
            file = db.file(SECTOR);
        }
        try (FileChannel ch = FileChannel.open(file)) {
            info = PackedFileInfo.read(ch, file, SECTOR, RULES);
        }
    }

    @AfterEach
    void stop() {
        pool.shutdown();
    }

    private long blockStart(int k) {
        return PackedFileFormat.DATA_OFFSET + info.offsets()[k];
    }

    @Test
    void aFlippedByteInACompressedBlockIsNamedWithItsBlockAndTheOtherBlocksStillRead() throws IOException {
        flip(blockStart(2) + info.packedLength(2) / 2);
        try (Database db = Database.open(dir, RULES, false)) {
            SectorReader r = db.reader(SECTOR); // opening reads no block
            for (int attempt = 0; attempt < 2; attempt++) { // every read, not only the first
                SectorFileException e = assertThrows(SectorFileException.class, () -> r.value(2 * 4096 + 5));
                assertEquals(Problem.BLOCK_CHECKSUM, e.problem());
                assertTrue(e.getMessage().startsWith("sector file " + file + ": checksum mismatch in block 2 (entries 8192..12287)"),
                    e.getMessage());
            }
            assertEquals(values[5], r.value(5));
            assertEquals(values[3 * 4096], r.value(3 * 4096));
            SectorFileException full = assertThrows(SectorFileException.class, () -> db.verify(SECTOR));
            assertEquals(Problem.BLOCK_CHECKSUM, full.problem());
            assertTrue(full.getMessage().contains("block 2 "), full.getMessage());
        }
    }

    @Test
    void aBlockWhoseChecksumWasForgedIsADecodeErrorNeverAValue() throws IOException {
        // damage block 4 AND store the damaged bytes' checksum: only the decoder and the decoded
        // bytes' checksum stand between the damage and a value
        for (int at = 1; at < info.packedLength(4); at += 3) {
            flip(blockStart(4) + at);
        }
        byte[] damaged = read(blockStart(4), info.packedLength(4));
        rewriteBlockTable(b -> b.putInt(tableOffset() + 8 * info.offsets().length + 8 * 4, crc(damaged)));
        try (Database db = Database.open(dir, RULES, false)) {
            SectorReader r = db.reader(SECTOR);
            SectorFileException e = assertThrows(SectorFileException.class, () -> r.value(4 * 4096 + 1));
            assertEquals(Problem.BLOCK_DECODE, e.problem());
            assertTrue(e.getMessage().contains("cannot decode block 4 (entries 16384..20479)"), e.getMessage());
            assertEquals(values[0], r.value(0));
        }
    }

    @Test
    void bothDecodersReportADamagedFrameAsAProblemNotAnException() {
        byte[] garbage = new byte[64];
        new Random(5).nextBytes(garbage);
        byte[] dst = new byte[4096];
        assertNotNull(ZstdCodec.decompressNative(garbage, garbage.length, dst, dst.length));
        assertNotNull(ZstdCodec.decompressJava(garbage, garbage.length, dst, dst.length));
        byte[] frame = ZstdCodec.compress(new byte[5000], 5000, 3);
        assertTrue(ZstdCodec.decompressJava(frame, frame.length, dst, dst.length) != null, "too long for the block");
        assertTrue(ZstdCodec.decompressNative(frame, frame.length, dst, dst.length) != null, "too long for the block");
    }

    @Test
    void aTruncatedBlockTableIsTruncated() throws IOException {
        long cut = tableOffset() + 20; // inside the offsets
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(cut);
        }
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, SECTOR, RULES));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("missing"), e.getMessage());
    }

    @Test
    void aBlockOffsetOutOfRangeIsNamedWithItsBlock() throws IOException {
        long length = info.descriptor().dataLength();
        rewriteBlockTable(b -> b.putLong(tableOffset() + 8 * 3, length + 4096)); // block 2 ends, block 3 starts past the data
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, SECTOR, RULES));
        assertEquals(Problem.BAD_BLOCK_TABLE, e.problem());
        assertTrue(e.getMessage().contains(file + ": bad block table: block 2: offsets"), e.getMessage());
        assertTrue(e.getMessage().contains("outside the " + length + " bytes"), e.getMessage());
        try (Database db = Database.open(dir, RULES, false)) {
            assertFalse(db.isComplete(SECTOR));
        }
    }

    @Test
    void aDamagedBlockTableWithoutAForgedChecksumIsATableChecksumMismatch() throws IOException {
        flip(tableOffset() + 8 * 2);
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, SECTOR, RULES));
        assertEquals(Problem.TABLE_CHECKSUM, e.problem());
        assertTrue(e.getMessage().contains("block table"), e.getMessage());
    }

    @Test
    void aDamagedDescriptorIsRefusedOnOpen() throws IOException {
        flip(PackedFileFormat.DESCRIPTOR_OFFSET + PackedFileFormat.DESC_BLOCK_SIZE);
        SectorFileException e = assertThrows(SectorFileException.class, () -> SectorReader.open(file, SECTOR, RULES));
        assertEquals(Problem.BAD_DESCRIPTOR, e.problem());
    }

    @Test
    void aForgedPlainChecksumIsFoundByTheCatalogueAndByTheFullCheck() throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int d = (int) PackedFileFormat.DESCRIPTOR_OFFSET;
        b.putInt(d + PackedFileFormat.DESC_PLAIN_CHECKSUM, b.getInt(d + PackedFileFormat.DESC_PLAIN_CHECKSUM) ^ 1);
        b.putInt(d + PackedFileFormat.DESC_CRC, crcOf(b.array(), d, PackedFileFormat.DESC_CRC));
        int p = (int) info.layout().footerOffset();
        b.putInt(p + 24, crcOf(b.array(), 0, p + 24));
        b.putInt(p + 28, crcOf(b.array(), p, 28));
        Files.write(file, b.array());
        try (SectorReader r = SectorReader.open(file, SECTOR, RULES)) {
            SectorFileException e = assertThrows(SectorFileException.class, r::verifyAll);
            assertEquals(Problem.FILE_CHECKSUM, e.problem());
            assertTrue(e.getMessage().contains("the values unpack to"), e.getMessage());
        }
        // A reader checks the blocks it reads (sound here: only the recorded identity is forged),
        // not the catalogue; the writer, which keeps the catalogue, sets the file aside.
        try (Database db = Database.open(dir, RULES, true)) {
            // The writer's catalogue row does not match the forged checksum: the file is checked,
            // found damaged and set aside, so the sector is not in the database.
            assertFalse(db.isComplete(SECTOR));
        }
    }

    @Test
    void aPackedFileOfOtherRulesOrAnotherSectorIsRefused() {
        assertEquals(Problem.RULES_MISMATCH, assertThrows(SectorFileException.class,
            () -> SectorReader.open(file, SECTOR, "morris/men=5/flying=on")).problem());
        assertEquals(Problem.SECTOR_MISMATCH, assertThrows(SectorFileException.class,
            () -> SectorReader.open(file, "4-3-0-0", RULES)).problem());
    }

    private int tableOffset() {
        return (int) info.layout().blockTableOffset();
    }

    private interface Edit {
        void apply(ByteBuffer whole);
    }

    /** Edits the block table and stores the checksums a consistent writer would: table, file, footer. */
    private void rewriteBlockTable(Edit edit) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        edit.apply(b);
        int t = tableOffset();
        int p = (int) info.layout().footerOffset();
        b.putInt(p + 20, crcOf(b.array(), t, (int) info.layout().blockTableLength()));
        b.putInt(p + 24, crcOf(b.array(), 0, p + 24));
        b.putInt(p + 28, crcOf(b.array(), p, 28));
        Files.write(file, b.array());
    }

    private static int crc(byte[] b) {
        return crcOf(b, 0, b.length);
    }

    private static int crcOf(byte[] b, int from, int length) {
        CRC32C c = new CRC32C();
        c.update(b, from, length);
        return (int) c.getValue();
    }

    private byte[] read(long at, int length) throws IOException {
        byte[] b = new byte[length];
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            f.seek(at);
            f.readFully(b);
        }
        return b;
    }

    private void flip(long at) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
    }
}
