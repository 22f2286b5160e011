package org.merrills.db;

import static org.merrills.db.PackedFileFormat.*;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.merrills.db.SectorFileException.Problem;

/**
 * The descriptor of a packed file (layout in {@link PackedFileFormat}): how its blocks are
 * compressed and which plain file they unpack to.
 *
 * @param plainChecksum the CRC32C of the plain file this unpacks to, as an unsigned value
 */
record PackDescriptor(int codec, int blockSize, int plainVersion, long plainChecksum, long dataLength, int level) {

    ByteBuffer encode() {
        ByteBuffer b = ByteBuffer.allocate(DESCRIPTOR_SIZE).order(SectorFileFormat.ORDER);
        b.putInt(DESC_CODEC, codec)
            .putInt(DESC_BLOCK_SIZE, blockSize)
            .putInt(DESC_PLAIN_VERSION, plainVersion)
            .putInt(DESC_PLAIN_CHECKSUM, (int) plainChecksum)
            .putLong(DESC_DATA_LENGTH, dataLength)
            .putInt(DESC_LEVEL, level);
        b.putInt(DESC_CRC, SectorHeader.crc(b, 0, DESC_CRC));
        return b.position(0);
    }

    /** Reads and checks the descriptor in {@code b} (64 bytes from position 0) of {@code file}. */
    static PackDescriptor decode(Path file, ByteBuffer b, long fileSize) {
        b = b.duplicate().order(SectorFileFormat.ORDER);
        int stored = b.getInt(DESC_CRC);
        int actual = SectorHeader.crc(b, 0, DESC_CRC);
        if (stored != actual) {
            throw new SectorFileException(file, Problem.BAD_DESCRIPTOR, String.format(
                "stores CRC32C %08x, its bytes give %08x", stored, actual));
        }
        PackDescriptor d = new PackDescriptor(b.getInt(DESC_CODEC), b.getInt(DESC_BLOCK_SIZE),
            b.getInt(DESC_PLAIN_VERSION), Integer.toUnsignedLong(b.getInt(DESC_PLAIN_CHECKSUM)),
            b.getLong(DESC_DATA_LENGTH), b.getInt(DESC_LEVEL));
        String problem = d.problem(fileSize);
        if (problem != null) {
            throw new SectorFileException(file, Problem.BAD_DESCRIPTOR, problem);
        }
        return d;
    }

    /** What is wrong with these fields, or null. */
    String problem(long fileSize) {
        if (codec != CODEC_ZSTD) {
            return "unknown codec " + codec;
        }
        if (Integer.bitCount(blockSize) != 1 || blockSize < MIN_BLOCK_SIZE || blockSize > MAX_BLOCK_SIZE) {
            return "block size " + blockSize + " is not a power of two from " + MIN_BLOCK_SIZE + " to " + MAX_BLOCK_SIZE;
        }
        if (plainVersion != PLAIN_VERSION) {
            return "unpacks to plain format version " + plainVersion + ", this program writes version " + PLAIN_VERSION;
        }
        if (dataLength < 0 || dataLength > fileSize) {
            return "compressed length " + dataLength + " out of range";
        }
        return null;
    }
}
