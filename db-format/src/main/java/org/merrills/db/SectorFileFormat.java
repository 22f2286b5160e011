package org.merrills.db;

import java.nio.ByteOrder;

/**
 * The layout of a sector file ({@code <sector>.msdb}), the one place it is written down. Every
 * number is <b>little-endian</b>; every offset is from the start of the file; every checksum is
 * CRC32C ({@link java.util.zip.CRC32C}) stored as an unsigned 32-bit int.
 *
 * <h2>Header: bytes 0 .. 4095 ({@link #HEADER_SIZE})</h2>
 * <pre>
 * offset size  field
 *      0    8  magic: the ASCII bytes "MERRILLS" ({@link #MAGIC})
 *      8    4  format version ({@link #VERSION}); readers accept {@link #MIN_VERSION}..{@link #VERSION}
 *              and call anything else "too old" or "too new" before reading further
 *     12    4  header size, 4096
 *     16    8  entries: the length of the value array (the sector index's size)
 *     24    4  encoding: 1 = {@link #ENCODING_BYTE_WITH_OVERFLOW}, one {@link Value} byte code per
 *              entry, code 255 resolved through the overflow table
 *     28    4  block size B in bytes: a power of two, 4 KiB .. 64 MiB (default 64 KiB)
 *     32    8  overflow count n: entries whose distance does not fit a byte
 *     40    2  sector name length S, 1 .. 62 ({@link #MAX_SECTOR_BYTES})
 *     42   62  sector name, UTF-8, zero-padded (for example "8-9-0-0")
 *    104    2  rule fingerprint length F, 1 .. 3986 ({@link #MAX_FINGERPRINT_BYTES})
 *    106 3986  rule fingerprint, UTF-8, zero-padded: every rule switch the values were solved
 *              under; a file is only ever read under the same fingerprint
 *   4092    4  CRC32C of header bytes 0 .. 4091
 * </pre>
 *
 * <h2>Body</h2>
 * <pre>
 *   D = 4096                      data: entries bytes, byte i = the code of entry i
 *   O = align8(D + entries)       overflow table: n longs, the entry indexes in ascending order,
 *                                 then n ints, their exact distances (each &gt; 253)
 *   T = align8(O + 12 n)          block table: ceil(entries / B) ints, the CRC32C of each data
 *                                 block k = data bytes [k B, min((k+1) B, entries))
 *   P = align8(T + 4 blocks)      footer, 32 bytes
 * </pre>
 * Padding bytes are zero. The file is exactly {@code P + 32} bytes long: shorter is "truncated",
 * longer is "extended", both refused.
 *
 * <h2>Footer: bytes P .. P + 31</h2>
 * <pre>
 *   P+0   8  footer magic: the ASCII bytes "SLLIRREM" ({@link #FOOTER_MAGIC})
 *   P+8   8  file length, P + 32
 *   P+16  4  CRC32C of the overflow table (bytes O .. O + 12 n - 1)
 *   P+20  4  CRC32C of the block table
 *   P+24  4  file checksum: CRC32C of every byte before it (0 .. P + 23)
 *   P+28  4  CRC32C of footer bytes P .. P + 27
 * </pre>
 *
 * <h2>Checks</h2>
 * Opening a file reads the header and the footer only: magic, version, header checksum, rules,
 * sector, exact length, footer magic and checksum, and the checksums of the two tables (both
 * small). A lookup verifies the data block it reads against the block table the first time a
 * process touches that block, so a damaged block is reported and never answered from. A full
 * check ({@link SectorReader#verifyAll()}) also recomputes the file checksum.
 *
 * <p>Size: 1 byte per entry, plus 12 bytes per overflow entry, 4 bytes per 64 KiB block and
 * 4 KiB + 32 bytes per file.
 *
 * <p>A sector file may instead be <i>packed</i>: the same header and footer around independently
 * compressed blocks, starting with the magic "MERRPACK"; its layout is in {@link PackedFileFormat}.
 * Readers tell the two apart by the magic ({@link SectorReader#open}).
 */
public final class SectorFileFormat {
    /** "MERRILLS" read as a little-endian long. */
    public static final long MAGIC = asciiLong("MERRILLS");
    /** "SLLIRREM" read as a little-endian long. */
    public static final long FOOTER_MAGIC = asciiLong("SLLIRREM");
    public static final int VERSION = 1;
    public static final int MIN_VERSION = 1;
    public static final int ENCODING_BYTE_WITH_OVERFLOW = 1;
    public static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    public static final int HEADER_SIZE = 4096;
    public static final int FOOTER_SIZE = 32;
    public static final long DATA_OFFSET = HEADER_SIZE;
    public static final int MAX_SECTOR_BYTES = 62;
    public static final int MAX_FINGERPRINT_BYTES = 3986;
    public static final int DEFAULT_BLOCK_SIZE = 1 << 16;
    public static final int MIN_BLOCK_SIZE = 1 << 12;
    public static final int MAX_BLOCK_SIZE = 1 << 26;
    /** Files are mapped whole; this bound keeps every offset far from overflow. */
    public static final long MAX_ENTRIES = 1L << 40;

    static final int OFF_MAGIC = 0;
    static final int OFF_VERSION = 8;
    static final int OFF_HEADER_SIZE = 12;
    static final int OFF_ENTRIES = 16;
    static final int OFF_ENCODING = 24;
    static final int OFF_BLOCK_SIZE = 28;
    static final int OFF_OVERFLOW_COUNT = 32;
    static final int OFF_SECTOR_LENGTH = 40;
    static final int OFF_SECTOR = 42;
    static final int OFF_FINGERPRINT_LENGTH = 104;
    static final int OFF_FINGERPRINT = 106;
    static final int OFF_HEADER_CRC = 4092;

    static final int FOOT_MAGIC = 0;
    static final int FOOT_LENGTH = 8;
    static final int FOOT_OVERFLOW_CRC = 16;
    static final int FOOT_BLOCKS_CRC = 20;
    static final int FOOT_FILE_CRC = 24;
    static final int FOOT_FOOTER_CRC = 28;

    /** File name suffix of a sector file. */
    public static final String SUFFIX = ".msdb";
    /** Marks a sector file still being written; no reader opens such a name. */
    public static final String TEMP_MARK = ".msdb.tmp-";

    private SectorFileFormat() {
    }

    /** The file name of a sector: {@code 8-9-0-0.msdb}. */
    public static String fileName(String sector) {
        return sector + SUFFIX;
    }

    static long align8(long x) {
        return (x + 7) & ~7L;
    }

    /** Where everything sits in a file of these dimensions. */
    record Layout(long entries, int blockSize, long overflowCount) {
        long dataEnd() {
            return DATA_OFFSET + entries;
        }

        long overflowOffset() {
            return align8(dataEnd());
        }

        long blockTableOffset() {
            return align8(overflowOffset() + 12 * overflowCount);
        }

        int blockCount() {
            return (int) ((entries + blockSize - 1) / blockSize);
        }

        long footerOffset() {
            return align8(blockTableOffset() + 4L * blockCount());
        }

        long fileLength() {
            return footerOffset() + FOOTER_SIZE;
        }
    }

    static long asciiLong(String eight) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | eight.charAt(i);
        }
        return v;
    }
}
