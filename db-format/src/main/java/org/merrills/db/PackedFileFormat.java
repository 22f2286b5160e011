package org.merrills.db;

import static org.merrills.db.SectorFileFormat.FOOTER_SIZE;
import static org.merrills.db.SectorFileFormat.HEADER_SIZE;
import static org.merrills.db.SectorFileFormat.align8;

/**
 * The layout of a <i>packed</i> sector file, the one place it is written down: the values of a
 * plain sector file ({@link SectorFileFormat}) in blocks compressed independently with zstd, so
 * that reading one value costs one block decode, and so that unpacking gives back the plain file
 * byte for byte. Same file name ({@code <sector>.msdb}), same conventions: little-endian, offsets
 * from the start of the file, CRC32C checksums stored as unsigned 32-bit ints.
 *
 * <h2>Header: bytes 0 .. 4095</h2>
 * The plain header's layout and checks, field for field, with these meanings:
 * <pre>
 *      0    8  magic: the ASCII bytes "MERRPACK" ({@link #MAGIC})
 *      8    4  packed format version ({@link #VERSION}); readers accept {@link #MIN_VERSION}..{@link #VERSION}
 *     28    4  the block size of the PLAIN file this unpacks to (its checksum blocks)
 *  the rest    as in a plain header: entries, encoding of the values (1: one byte code per entry,
 *              see {@link Value}), overflow count, sector, rule fingerprint, header CRC32C
 * </pre>
 *
 * <h2>Descriptor: bytes 4096 .. 4159</h2>
 * <pre>
 *   +0   4  codec: 1 = {@link #CODEC_ZSTD}, each block one zstd frame of the block's byte codes
 *   +4   4  packed block size Bp in entries: a power of two, 4 KiB .. 4 MiB; block k holds
 *           entries [k Bp, min((k+1) Bp, entries)) (the last may be shorter)
 *   +8   4  the plain format version this file unpacks to (1)
 *   +12  4  the plain file's checksum: CRC32C of the whole plain file this unpacks to (its footer's
 *           file checksum), the checksum the catalogue records, so a sector keeps its catalogue
 *           row whether it is plain or packed
 *   +16  8  L: total length of the compressed blocks in bytes
 *   +24  4  the zstd level the blocks were compressed with (informational)
 *   +28 32  zero
 *   +60  4  CRC32C of descriptor bytes +0 .. +59
 * </pre>
 *
 * <h2>Body</h2>
 * <pre>
 *   D = 4160                     the compressed blocks, back to back, L bytes
 *   O = align8(D + L)            overflow table, exactly as in the plain file (n longs, n ints)
 *   T = align8(O + 12 n)         block table: blocks + 1 longs, the offset of each block from D
 *                                (offset[0] = 0, offset[blocks] = L, never decreasing), then for
 *                                each block two ints: the CRC32C of its compressed bytes and the
 *                                CRC32C of its decoded bytes
 *   P = align8(T + 8 (blocks+1) + 8 blocks)   footer, 32 bytes, as in a plain file
 * </pre>
 * Padding bytes are zero; the file is exactly {@code P + 32} bytes long.
 *
 * <h2>Checks</h2>
 * Opening checks what opening a plain file checks (magic, version, header, rules, sector, exact
 * length, footer, the checksums of both tables) plus the descriptor's checksum and fields and that
 * every block offset lies in 0..L in order. Decoding a block checks the CRC32C of its compressed
 * bytes first (a damaged block never reaches the decoder), then that the decoder gave exactly the
 * block's length and the CRC32C of the decoded bytes (a decoder fault is never a value). A full
 * check ({@link SectorReader#verifyAll()}) also recomputes this file's checksum and the checksum
 * of the plain file it unpacks to.
 */
public final class PackedFileFormat {
    /** "MERRPACK" read as a little-endian long. */
    public static final long MAGIC = SectorFileFormat.asciiLong("MERRPACK");
    public static final int VERSION = 1;
    public static final int MIN_VERSION = 1;
    public static final int CODEC_ZSTD = 1;
    /** The plain format version packed files of this version unpack to. */
    public static final int PLAIN_VERSION = 1;

    /**
     * 32 Ki entries, measured on the standard game (README, "Packed databases"): its 498 sectors
     * take 9.99 GB in blocks of 32 Ki entries, 10.03 GB in blocks of 64 Ki and 10.33 GB in blocks
     * of 16 Ki, and a probe that decodes its block takes about 45 us against 80 us with 64 Ki
     * (30 to 40 us with 16 Ki). On the six-men game 32 Ki take 0.4 % more bytes than 64 Ki; on
     * the five-men game, mostly draws, 11 % more of its 0.7 MB.
     */
    public static final int DEFAULT_BLOCK_SIZE = 1 << 15;
    public static final int MIN_BLOCK_SIZE = 1 << 12;
    public static final int MAX_BLOCK_SIZE = 1 << 22;
    /**
     * zstd level 3 for {@code merrills pack} unless told otherwise: about 100 MB/s of input on two
     * cores; level 9 saves 7 % at a quarter of the speed, 19 another 8 % at 1 MB/s per core
     * (measured on the six-men game, README "Packed databases").
     */
    public static final int DEFAULT_LEVEL = 3;

    static final long DESCRIPTOR_OFFSET = HEADER_SIZE;
    static final int DESCRIPTOR_SIZE = 64;
    static final long DATA_OFFSET = DESCRIPTOR_OFFSET + DESCRIPTOR_SIZE;

    static final int DESC_CODEC = 0;
    static final int DESC_BLOCK_SIZE = 4;
    static final int DESC_PLAIN_VERSION = 8;
    static final int DESC_PLAIN_CHECKSUM = 12;
    static final int DESC_DATA_LENGTH = 16;
    static final int DESC_LEVEL = 24;
    static final int DESC_CRC = 60;

    private PackedFileFormat() {
    }

    /** Where everything sits in a packed file of these dimensions. */
    record Layout(long entries, int blockSize, long overflowCount, long dataLength) {
        int blockCount() {
            return (int) ((entries + blockSize - 1) / blockSize);
        }

        long overflowOffset() {
            return align8(DATA_OFFSET + dataLength);
        }

        long blockTableOffset() {
            return align8(overflowOffset() + 12 * overflowCount);
        }

        long blockTableLength() {
            return 8L * (blockCount() + 1) + 8L * blockCount();
        }

        long footerOffset() {
            return align8(blockTableOffset() + blockTableLength());
        }

        long fileLength() {
            return footerOffset() + FOOTER_SIZE;
        }

        /** The number of entries in block {@code k}. */
        int blockLength(int k) {
            return (int) Math.min(blockSize, entries - (long) k * blockSize);
        }
    }
}
