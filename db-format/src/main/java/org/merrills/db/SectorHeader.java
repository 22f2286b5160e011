package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.merrills.db.SectorFileException.Problem;

/**
 * The header of a sector file (layout in {@link SectorFileFormat}): what the file holds and under
 * which rules. Decoding checks the fields in the order that gives the most useful message: magic,
 * version, size, checksum, then the values themselves.
 */
record SectorHeader(FileKind kind, int version, long entries, int encoding, int blockSize, long overflowCount,
                    String sector, String fingerprint) {

    /** A plain header of the current version for a file about to be written. */
    static SectorHeader current(String sector, String fingerprint, long entries, int blockSize, long overflowCount) {
        return current(FileKind.PLAIN, sector, fingerprint, entries, blockSize, overflowCount);
    }

    /**
     * A header of {@code kind}'s current version; for a packed file, {@code blockSize} is that of
     * the plain file it unpacks to.
     */
    static SectorHeader current(FileKind kind, String sector, String fingerprint, long entries, int blockSize,
                                long overflowCount) {
        SectorHeader h = new SectorHeader(kind, kind.version, entries, ENCODING_BYTE_WITH_OVERFLOW, blockSize, overflowCount,
            sector, fingerprint);
        h.checkFields(null);
        return h;
    }

    /** This header as the plain file's it unpacks to (itself, for a plain one). */
    SectorHeader asPlain(int plainVersion) {
        return new SectorHeader(FileKind.PLAIN, plainVersion, entries, encoding, blockSize, overflowCount, sector, fingerprint);
    }

    SectorFileFormat.Layout layout() {
        return new SectorFileFormat.Layout(entries, blockSize, overflowCount);
    }

    /** The 4096 header bytes, checksum included, positioned at 0. */
    ByteBuffer encode() {
        ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE).order(ORDER);
        byte[] s = sector.getBytes(StandardCharsets.UTF_8);
        byte[] f = fingerprint.getBytes(StandardCharsets.UTF_8);
        b.putLong(OFF_MAGIC, kind.magic)
            .putInt(OFF_VERSION, version)
            .putInt(OFF_HEADER_SIZE, HEADER_SIZE)
            .putLong(OFF_ENTRIES, entries)
            .putInt(OFF_ENCODING, encoding)
            .putInt(OFF_BLOCK_SIZE, blockSize)
            .putLong(OFF_OVERFLOW_COUNT, overflowCount)
            .putShort(OFF_SECTOR_LENGTH, (short) s.length)
            .putShort(OFF_FINGERPRINT_LENGTH, (short) f.length);
        b.put(OFF_SECTOR, s).put(OFF_FINGERPRINT, f);
        b.putInt(OFF_HEADER_CRC, crc(b, 0, OFF_HEADER_CRC));
        return b.position(0);
    }

    /** Reads and checks the header in {@code b} (4096 bytes, from position 0) of {@code file}. */
    static SectorHeader decode(Path file, ByteBuffer b) {
        b = b.duplicate().order(ORDER);
        long magic = b.getLong(OFF_MAGIC);
        FileKind kind = FileKind.ofMagic(magic);
        if (kind == null) {
            throw new SectorFileException(file, Problem.WRONG_MAGIC, String.format(
                "found 0x%016x, a Merrills sector file starts with \"MERRILLS\" (0x%016x) or \"MERRPACK\" (0x%016x)",
                magic, MAGIC, PackedFileFormat.MAGIC));
        }
        int version = b.getInt(OFF_VERSION);
        String which = kind == FileKind.PACKED ? "packed format versions " : "versions ";
        if (version < kind.minVersion) {
            throw new SectorFileException(file, Problem.UNSUPPORTED_VERSION, "version " + version
                + " is too old, this program reads " + which + kind.minVersion + " to " + kind.version);
        }
        if (version > kind.version) {
            throw new SectorFileException(file, Problem.UNSUPPORTED_VERSION, "version " + version
                + " is too new, this program reads " + which + kind.minVersion + " to " + kind.version
                + "; use a newer Merrills");
        }
        int headerSize = b.getInt(OFF_HEADER_SIZE);
        if (headerSize != HEADER_SIZE) {
            throw new SectorFileException(file, Problem.BAD_HEADER, "header size " + headerSize + ", expected " + HEADER_SIZE);
        }
        int stored = b.getInt(OFF_HEADER_CRC);
        int actual = crc(b, 0, OFF_HEADER_CRC);
        if (stored != actual) {
            throw new SectorFileException(file, Problem.HEADER_CHECKSUM, String.format(
                "header stores CRC32C %08x, its bytes give %08x", stored, actual));
        }
        int sl = b.getShort(OFF_SECTOR_LENGTH);
        int fl = b.getShort(OFF_FINGERPRINT_LENGTH);
        if (sl < 1 || sl > MAX_SECTOR_BYTES || fl < 1 || fl > MAX_FINGERPRINT_BYTES) {
            throw new SectorFileException(file, Problem.BAD_HEADER, "name lengths " + sl + " and " + fl + " out of range");
        }
        SectorHeader h = new SectorHeader(kind, version, b.getLong(OFF_ENTRIES), b.getInt(OFF_ENCODING),
            b.getInt(OFF_BLOCK_SIZE), b.getLong(OFF_OVERFLOW_COUNT), utf8(b, OFF_SECTOR, sl), utf8(b, OFF_FINGERPRINT, fl));
        h.checkFields(file);
        return h;
    }

    /** Refuses a file holding another sector or solved under other rules, naming both. */
    void checkIdentity(Path file, String expectedSector, String expectedFingerprint) {
        if (!fingerprint.equals(expectedFingerprint)) {
            throw new SectorFileException(file, Problem.RULES_MISMATCH, "the file was solved under rules '"
                + fingerprint + "', this database uses rules '" + expectedFingerprint + "'");
        }
        if (!sector.equals(expectedSector)) {
            throw new SectorFileException(file, Problem.SECTOR_MISMATCH, "the file holds sector " + sector
                + ", expected " + expectedSector);
        }
    }

    private void checkFields(Path file) {
        String problem = null;
        if (encoding != ENCODING_BYTE_WITH_OVERFLOW) {
            problem = "unknown encoding " + encoding;
        } else if (entries < 0 || entries > MAX_ENTRIES) {
            problem = "entry count " + entries + " out of range";
        } else if (Integer.bitCount(blockSize) != 1 || blockSize < MIN_BLOCK_SIZE || blockSize > MAX_BLOCK_SIZE) {
            problem = "block size " + blockSize + " is not a power of two from " + MIN_BLOCK_SIZE + " to " + MAX_BLOCK_SIZE;
        } else if (overflowCount < 0 || overflowCount > entries) {
            problem = "overflow count " + overflowCount + " out of range";
        } else if (sector.isEmpty() || sector.getBytes(StandardCharsets.UTF_8).length > MAX_SECTOR_BYTES) {
            problem = "sector name '" + sector + "' must be 1 to " + MAX_SECTOR_BYTES + " bytes";
        } else if (fingerprint.isEmpty() || fingerprint.getBytes(StandardCharsets.UTF_8).length > MAX_FINGERPRINT_BYTES) {
            problem = "rule fingerprint must be 1 to " + MAX_FINGERPRINT_BYTES + " bytes";
        }
        if (problem != null) {
            if (file == null) {
                throw new IllegalArgumentException(problem);
            }
            throw new SectorFileException(file, Problem.BAD_HEADER, problem);
        }
    }

    private static String utf8(ByteBuffer b, int offset, int length) {
        byte[] bytes = new byte[length];
        b.get(offset, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static int crc(ByteBuffer b, int from, int to) {
        CRC32C c = new CRC32C();
        c.update(b.duplicate().position(from).limit(to));
        return (int) c.getValue();
    }
}
