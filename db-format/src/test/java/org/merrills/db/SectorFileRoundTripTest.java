package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SectorFileRoundTripTest {
    static final String RULES = "morris/men=3/flying=on/test";

    @TempDir
    Path dir;

    /** Random values of every kind: draws, wins and losses, short and beyond one byte. */
    static int[] randomValues(Random rnd, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            int kind = rnd.nextInt(10);
            v[i] = kind == 0 ? Value.DRAW
                : kind == 1 ? 254 + rnd.nextInt(3000)          // needs the overflow table
                : kind == 2 ? 250 + rnd.nextInt(8)             // around the byte limit
                : rnd.nextInt(40);
        }
        return v;
    }

    static SectorMeta meta(int[] v) {
        long w = 0, l = 0, d = 0;
        int lw = -1, ll = -1;
        for (int x : v) {
            if (Value.isDraw(x)) d++;
            else if (Value.isWin(x)) { w++; lw = Math.max(lw, x); }
            else { l++; ll = Math.max(ll, x); }
        }
        return SectorMeta.solved(v.length, w, l, d, lw, ll, "test-1", 12, 2);
    }

    static void write(Database db, String sector, int[] v) {
        SectorWriter w = db.create(sector, v.length);
        for (int i = v.length - 1; i >= 0; i--) { // any order
            w.put(i, v[i]);
        }
        w.commit(meta(v));
    }

    /**
     * The room a solve asks for before it starts is what {@link Database#create} will ask for
     * file by file: the files' own lengths (no value past one byte here) and the margin once.
     * A solve's check once counted a block table of a quarter of its size, and a disk that passed
     * it refused a sector halfway.
     */
    @Test
    void theRoomASolveAsksForIsTheFilesItWritesAndOneMargin() throws Exception {
        long[] sizes = {1, 4095, 4096, 70_000, 1_000_003};
        long files = 0;
        try (Database db = Database.open(dir, RULES, true)) {
            for (long n : sizes) {
                SectorWriter w = db.create("r-" + n, n);
                w.putAll(i -> Value.DRAW);
                w.commit(SectorMeta.solved(n, 0, 0, n, -1, -1, "test-1", 1, 1));
                files += Files.size(db.file("r-" + n));
            }
        }
        assertEquals(files + (1L << 20), Database.spaceFor(sizes));
        long catalogue = Files.size(dir.resolve(Database.CATALOGUE_FILE));
        assertTrue(catalogue <= Database.CATALOGUE_BYTES, catalogue + " bytes of catalogue");
    }

    @Test
    void randomArraysOfEverySizeAroundTheBlocksComeBackExactly() {
        int block = SectorFileFormat.MIN_BLOCK_SIZE;
        int[] sizes = {0, 1, 7, block - 1, block, block + 1, 3 * block + 5, 200_000};
        Random rnd = new Random(42);
        try (Database db = Database.open(dir, RULES, true, block)) {
            for (int n : sizes) {
                write(db, "s-" + n, randomValues(rnd, n));
            }
        }
        rnd = new Random(42);
        try (Database db = Database.open(dir, RULES, false)) {
            for (int n : sizes) {
                int[] expected = randomValues(rnd, n);
                SectorReader r = db.reader("s-" + n);
                assertEquals(n, r.entries());
                for (int i = 0; i < n; i++) {
                    assertEquals(expected[i], r.value(i), "entry " + i + " of " + n);
                }
                db.verify("s-" + n);
                SectorMeta m = db.catalogue().get("s-" + n);
                assertEquals(meta(expected).wins(), m.wins());
                assertEquals(n, m.entries());
                assertEquals(RULES, m.ruleFingerprint());
                assertEquals(SectorFileFormat.VERSION, m.formatVersion());
                assertTrue(db.isComplete("s-" + n));
            }
            assertFalse(db.isComplete("s-9"));
        }
    }

    @Test
    void unwrittenEntriesAreDrawsAndTheLastPutWins() {
        try (Database db = Database.open(dir, RULES, true)) {
            SectorWriter w = db.create("a", 100);
            w.put(1, 5);
            w.put(2, 400);
            w.put(2, 6);      // overflow replaced by an inline value
            w.put(3, 8);
            w.put(3, 1001);   // inline replaced by an overflow value
            w.put(4, 300);
            w.put(4, 302);
            w.commit(SectorMeta.solved(100, 3, 2, 95, 1001, 302, "t", 0, 1));
            SectorReader r = db.reader("a");
            assertEquals(Value.DRAW, r.value(0));
            assertEquals(5, r.value(1));
            assertEquals(6, r.value(2));
            assertEquals(1001, r.value(3));
            assertEquals(302, r.value(4));
            assertEquals(Value.DRAW, r.value(99));
            assertThrows(IndexOutOfBoundsException.class, () -> r.value(100));
        }
    }

    @Test
    void theFileIsLaidOutAsDocumented() throws IOException {
        try (Database db = Database.open(dir, RULES, true, 4096)) {
            SectorWriter w = db.create("8-9-0-0", 10);
            w.put(0, 0);
            w.put(9, 999);
            w.commit(SectorMeta.solved(10, 1, 1, 8, 999, 0, "t", 0, 1));
        }
        byte[] f = Files.readAllBytes(dir.resolve("8-9-0-0.msdb"));
        // worked out by hand: data 4096..4105, overflow table at 4112 (12 bytes), block table at
        // 4128 (1 block, 4 bytes), footer at 4136 (32 bytes)
        assertEquals(4168, f.length);
        ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("MERRILLS", new String(f, 0, 8, StandardCharsets.US_ASCII));
        assertEquals(1, b.getInt(8));
        assertEquals(10, b.getLong(16));
        assertEquals(1, b.getLong(32));
        assertEquals("8-9-0-0", new String(f, 42, b.getShort(40), StandardCharsets.UTF_8));
        assertEquals(RULES, new String(f, 106, b.getShort(104), StandardCharsets.UTF_8));
        assertEquals(1, f[4096]);          // loss in 0 -> code 1
        assertEquals((byte) 255, f[4105]); // escape
        assertEquals(9, b.getLong(4112));
        assertEquals(999, b.getInt(4120));
        assertEquals("SLLIRREM", new String(f, 4136, 8, StandardCharsets.US_ASCII));
        assertEquals(4168, b.getLong(4144));
        CRC32C all = new CRC32C();
        all.update(f, 0, 4136 + 24);
        assertEquals((int) all.getValue(), b.getInt(4136 + 24));
        CRC32C data = new CRC32C();
        data.update(f, 4096, 10);
        assertEquals((int) data.getValue(), b.getInt(4128));
        try (Database db = Database.open(dir, RULES, false)) {
            assertEquals(all.getValue(), db.catalogue().get("8-9-0-0").fileChecksum());
        }
    }

    /**
     * Codes copied in whole chunks, then the escaped values put one by one, make the file that
     * putting every value makes, byte for byte, for sizes around the chunks and the blocks.
     */
    @Test
    void codesPutByChunksWriteTheSameFileAsValuesPutOneByOne() throws IOException {
        int block = SectorFileFormat.MIN_BLOCK_SIZE;
        int bits = 9; // chunks of 512 codes: several per block, and some cut by a block's end
        int[] sizes = {1, 511, 512, 513, block, 3 * block + 5, 20_000};
        Random rnd = new Random(7);
        for (int n : sizes) {
            int[] v = randomValues(rnd, n);
            byte[][] chunks = new byte[(n + (1 << bits) - 1) >> bits][];
            for (int c = 0; c < chunks.length; c++) {
                chunks[c] = new byte[Math.min(1 << bits, n - (c << bits))];
                for (int k = 0; k < chunks[c].length; k++) {
                    chunks[c][k] = (byte) Value.encode(v[(c << bits) + k]);
                }
            }
            Path one = dir.resolve("one-" + n), bulk = dir.resolve("bulk-" + n);
            try (Database a = Database.open(one, RULES, true, block); Database b = Database.open(bulk, RULES, true, block)) {
                write(a, "8-9-0-0", v);
                SectorWriter w = b.create("8-9-0-0", n);
                w.putCodes(chunks, bits);
                for (int i = 0; i < n; i++) {
                    if (Value.overflows(v[i])) {
                        w.put(i, v[i]);
                    }
                }
                w.commit(meta(v));
                assertArrayEquals(Files.readAllBytes(a.file("8-9-0-0")), Files.readAllBytes(b.file("8-9-0-0")), "n = " + n);
                for (int i = 0; i < n; i++) {
                    assertEquals(v[i], b.reader("8-9-0-0").value(i), "n = " + n + ", entry " + i);
                }
            }
        }
    }

    @Test
    void codesInChunksThatDoNotCoverTheSectorAreRefused() {
        try (Database db = Database.open(dir, RULES, true)) {
            SectorWriter w = db.create("8-9-0-0", 1000);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> w.putCodes(new byte[][] {new byte[512]}, 9));
            assertTrue(e.getMessage().contains("1 chunks of 2^9 for 1000 entries"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> w.putCodes(new byte[][] {new byte[512], new byte[400]}, 9));
            assertTrue(e.getMessage().contains("chunk 1 holds 400 codes, not 488"), e.getMessage());
            w.abort();
        }
    }
}
