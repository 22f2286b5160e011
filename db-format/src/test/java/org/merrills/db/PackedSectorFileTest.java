package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Packs and unpacks sectors of random values (draws, wins and losses, distances beyond one byte)
 * and checks every value against the values written, and the unpacked file against the original
 * bytes.
 */
class PackedSectorFileTest {
    static final String RULES = "morris/men=4/flying=on";

    @TempDir
    Path dir;
    @TempDir
    Path out;
    final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    /** Writes sector {@code name} of {@code values} (plain, 4 KiB checksum blocks); returns the file's bytes. */
    static byte[] writePlain(Database db, String name, int[] values) throws IOException {
        SectorWriter w = db.create(name, values.length);
        for (int i = 0; i < values.length; i++) {
            w.put(i, values[i]);
        }
        w.commit(SectorFileRoundTripTest.meta(values));
        return Files.readAllBytes(db.file(name));
    }

    static void assertValues(int[] expected, SectorReader r) {
        assertEquals(expected.length, r.entries());
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != r.value(i)) {
                fail(r.file() + " entry " + i + ": expected " + expected[i] + ", read " + r.value(i));
            }
        }
    }

    @Test
    void packingInPlaceKeepsEveryValueAndUnpackingGivesBackTheSameBytes() throws IOException {
        int[] values = SectorFileRoundTripTest.randomValues(new Random(11), 5 * 4096 + 77);
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            byte[] original = writePlain(db, "a", values);
            SectorMeta row = db.catalogue().get("a");
            Packing.Outcome o = Packing.pack(db, db, "a", new Packing.Options(4096, 3), pool);
            assertTrue(o.rewritten());
            assertEquals(original.length, o.before());
            assertEquals(Files.size(db.file("a")), o.after());
            assertEquals(FileKind.PACKED, FileKind.of(db.file("a")));
            assertEquals(row, db.catalogue().get("a"), "the row stays: the values are the same");
            assertTrue(db.isComplete("a"));
            db.verify("a");
            SectorReader r = db.reader("a");
            assertTrue(r.isPacked());
            assertValues(values, r);
            assertFalse(Packing.pack(db, db, "a", Packing.Options.defaults(), pool).rewritten(), "already packed");

            Packing.unpack(db, db, "a");
            assertArrayEquals(original, Files.readAllBytes(db.file("a")));
            assertFalse(db.reader("a").isPacked());
            assertFalse(Packing.unpack(db, db, "a").rewritten(), "already plain");
        }
        try (Database db = Database.open(dir, RULES, false)) {
            assertValues(values, db.reader("a"));
        }
    }

    @Test
    void packingIntoAnotherDatabaseCopiesTheRowAndLeavesTheSourceAlone() throws IOException {
        int[] values = SectorFileRoundTripTest.randomValues(new Random(12), 70_000);
        try (Database db = Database.open(dir, RULES, true, 4096); Database to = Database.open(out, RULES, true)) {
            byte[] original = writePlain(db, "b", values);
            Packing.pack(db, to, "b", new Packing.Options(1 << 14, 9), pool);
            assertArrayEquals(original, Files.readAllBytes(db.file("b")));
            assertEquals(db.catalogue().get("b"), to.catalogue().get("b"));
            assertValues(values, to.reader("b"));
            to.verify("b");
            try (Database back = Database.open(dir.resolve("back"), RULES, true)) {
                Packing.unpack(to, back, "b");
                assertArrayEquals(original, Files.readAllBytes(back.file("b")));
            }
        }
    }

    /**
     * A packing task that fails (here out of memory, on the third of 16) is reported as itself, so
     * that the command's exit status says what went wrong; when the call returns, no other task
     * still reads the source that the caller then unmaps; the temporary file is gone and the plain
     * file is as it was.
     */
    @Test
    void aFailedPackingTaskIsRaisedAsItselfOnceNoOtherTaskStillRuns() throws IOException {
        int[] values = SectorFileRoundTripTest.randomValues(new Random(13), 16 * 8 * 4096);
        AtomicInteger started = new AtomicInteger();
        AtomicInteger running = new AtomicInteger();
        ExecutorService failing = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>()) {
            @Override
            protected <T> RunnableFuture<T> newTaskFor(Callable<T> task) {
                return super.newTaskFor(() -> {
                    running.incrementAndGet();
                    try {
                        if (started.incrementAndGet() == 3) {
                            throw new OutOfMemoryError("test: the third task");
                        }
                        Thread.sleep(20);
                        return task.call();
                    } finally {
                        running.decrementAndGet();
                    }
                });
            }
        };
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            byte[] original = writePlain(db, "f", values);
            List<Path> before = listing(dir);
            OutOfMemoryError e = assertThrows(OutOfMemoryError.class,
                () -> Packing.pack(db, db, "f", new Packing.Options(4096, 3), failing));
            assertEquals("test: the third task", e.getMessage());
            assertEquals(0, running.get(), "tasks still running when the failure was raised");
            assertEquals(before, listing(dir), "files left behind or lost");
            assertArrayEquals(original, Files.readAllBytes(db.file("f")));
            assertTrue(Packing.pack(db, db, "f", new Packing.Options(4096, 3), pool).rewritten());
            assertValues(values, db.reader("f"));
        } finally {
            failing.shutdownNow();
        }
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(Path::getFileName).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void blockSizesFromOneBlockToManyAndAnEmptySectorRoundTrip() throws IOException {
        Random rnd = new Random(13);
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            int[][] cases = {new int[0], SectorFileRoundTripTest.randomValues(rnd, 1),
                SectorFileRoundTripTest.randomValues(rnd, 4096), SectorFileRoundTripTest.randomValues(rnd, 4097),
                SectorFileRoundTripTest.randomValues(rnd, 100_000)};
            for (int c = 0; c < cases.length; c++) {
                for (int blockSize : new int[] {4096, PackedFileFormat.DEFAULT_BLOCK_SIZE, 1 << 16}) {
                    String name = "c" + c;
                    byte[] original = writePlain(db, name, cases[c]);
                    Packing.pack(db, db, name, new Packing.Options(blockSize, 1), pool);
                    db.verify(name);
                    assertValues(cases[c], db.reader(name));
                    Packing.unpack(db, db, name);
                    assertArrayEquals(original, Files.readAllBytes(db.file(name)), name + " block size " + blockSize);
                }
            }
        }
    }

    @Test
    void thePureJavaDecoderReadsWhatNativeZstdWrote() throws IOException {
        int[] values = SectorFileRoundTripTest.randomValues(new Random(14), 9 * 4096 + 5);
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            writePlain(db, "j", values);
            Packing.pack(db, db, "j", new Packing.Options(4096, 19), pool);
            PackedSectorReader r = (PackedSectorReader) db.reader("j");
            byte[] plain = Files.readAllBytes(db.file("j")); // the packed bytes, for the frames
            PackedFileInfo info;
            try (var ch = java.nio.channels.FileChannel.open(db.file("j"))) {
                info = PackedFileInfo.read(ch, db.file("j"), "j", RULES);
            }
            for (int k = 0; k < info.layout().blockCount(); k++) {
                int from = (int) (PackedFileFormat.DATA_OFFSET + info.offsets()[k]);
                byte[] frame = java.util.Arrays.copyOfRange(plain, from, from + info.packedLength(k));
                byte[] decoded = new byte[info.layout().blockLength(k)];
                assertNull(ZstdCodec.decompressJava(frame, frame.length, decoded, decoded.length));
                assertArrayEquals(r.decode(k), decoded, "block " + k);
                for (int i = 0; i < decoded.length; i++) {
                    assertEquals(Value.encode(values[k * 4096 + i]), decoded[i] & 0xFF);
                }
            }
        }
    }

    @Test
    void framesOfThePureJavaCompressorDecodeWithEitherDecoder() {
        int[] values = SectorFileRoundTripTest.randomValues(new Random(15), 4096);
        byte[] codes = new byte[values.length];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = (byte) Value.encode(values[i]);
        }
        byte[] frame = ZstdCodec.compressJava(codes, codes.length);
        byte[] a = new byte[codes.length];
        byte[] b = new byte[codes.length];
        assertNull(ZstdCodec.decompressNative(frame, frame.length, a, a.length));
        assertNull(ZstdCodec.decompressJava(frame, frame.length, b, b.length));
        assertArrayEquals(codes, a);
        assertArrayEquals(codes, b);
    }

    @Test
    void theLayoutIsTheOneWorkedOutFromTheFormat() throws IOException {
        // 3 blocks of 4096 entries plus 100: 4 packed blocks; overflow 2 entries (24 bytes);
        // block table 5 offsets + 4 pairs of checksums = 72 bytes; footer 32 bytes.
        int[] values = new int[3 * 4096 + 100];
        values[10] = 1001;
        values[9000] = 5000;
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            writePlain(db, "l", values);
            Packing.pack(db, db, "l", new Packing.Options(4096, 3), pool);
            try (var ch = java.nio.channels.FileChannel.open(db.file("l"))) {
                PackedFileInfo info = PackedFileInfo.read(ch, db.file("l"), "l", RULES);
                long l = info.descriptor().dataLength();
                long o = (4160 + l + 7) / 8 * 8;
                long t = (o + 24 + 7) / 8 * 8;
                long p = (t + 72 + 7) / 8 * 8;
                assertEquals(p + 32, Files.size(db.file("l")));
                assertEquals(4, info.layout().blockCount());
                assertEquals(100, info.layout().blockLength(3));
                assertArrayEquals(new long[] {10, 9000}, info.overflow().indexes());
            }
            assertEquals(5000, db.reader("l").value(9000));
            assertEquals(Value.loss(0), db.reader("l").value(9001), "an int[] starts as losses in 0");
        }
    }

    @Test
    void theCacheHoldsNoMoreThanItsBudget() {
        BlockCache cache = new BlockCache(4 * 4096, 4096);
        for (int b = 0; b < 1000; b++) {
            cache.put(1, b, new byte[4096]);
            assertTrue(cache.heldBytes() <= 4 * 4096, "held " + cache.heldBytes());
        }
        assertNull(cache.get(3, 7), "another file's block is never answered");
    }

    @Test
    void aFewHundredBlocksAllStayInACacheWithRoomForThem() {
        // 256 random blocks of several files in a cache of 4096 slots of 8 ways: a set would
        // need 9 of them to evict one, which these do not reach (checked: every block is found)
        BlockCache cache = new BlockCache(4096L * 4096, 4096);
        Random rnd = new Random(3);
        long[] files = new long[256];
        int[] blocks = new int[256];
        byte[][] data = new byte[256][];
        for (int i = 0; i < 256; i++) {
            files[i] = 1 + rnd.nextInt(5);
            blocks[i] = rnd.nextInt(1 << 20);
            data[i] = new byte[16];
            cache.put(files[i], blocks[i], data[i]);
        }
        for (int i = 0; i < 256; i++) {
            byte[] found = cache.get(files[i], blocks[i]);
            assertTrue(found != null, "block " + i + " evicted");
        }
    }
}
