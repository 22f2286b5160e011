package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The plain sector file ({@link SectorFileFormat}) of a sector's values, built as the byte codes
 * stream past in order: the header, the block checksums, the tail (overflow table, block table,
 * footer) and the file checksum. The one place a plain file's bytes are composed: the writer
 * finishes its files with {@link #tail}, unpacking writes {@link #headerBytes}, the data and
 * {@link #finish}'s tail, and checking a packed file compares {@link #finish}'s checksum.
 */
final class PlainImage {
    private final Layout layout;
    private final long[] overflowIndexes;
    private final int[] overflowValues;
    private final byte[] headerBytes;
    private final CRC32C fileCrc = new CRC32C();
    private final CRC32C blockCrc = new CRC32C();
    private final int[] blockCrcs;
    private int block;
    private int inBlock;
    private long added;

    /** The image of a plain file with {@code header} (of kind PLAIN) and this overflow table. */
    PlainImage(SectorHeader header, long[] overflowIndexes, int[] overflowValues) {
        if (header.kind() != FileKind.PLAIN || overflowIndexes.length != header.overflowCount()) {
            throw new IllegalArgumentException("not a plain header of " + overflowIndexes.length + " overflows: " + header);
        }
        this.layout = header.layout();
        this.overflowIndexes = overflowIndexes;
        this.overflowValues = overflowValues;
        this.headerBytes = header.encode().array();
        this.blockCrcs = new int[layout.blockCount()];
        fileCrc.update(headerBytes);
    }

    byte[] headerBytes() {
        return headerBytes.clone();
    }

    /** The next {@code length} byte codes of the data, in order. */
    void add(byte[] codes, int length) {
        fileCrc.update(codes, 0, length);
        int blockSize = layout.blockSize();
        for (int off = 0; off < length; ) {
            int take = Math.min(length - off, blockSize - inBlock);
            blockCrc.update(codes, off, take);
            off += take;
            inBlock += take;
            if (inBlock == blockSize) {
                endBlock();
            }
        }
        added += length;
    }

    private void endBlock() {
        blockCrcs[block++] = (int) blockCrc.getValue();
        blockCrc.reset();
        inBlock = 0;
    }

    /**
     * The tail once every code has been added: overflow table, block table and footer, the file
     * checksum in the footer. Then {@link #fileChecksum()} holds.
     */
    ByteBuffer finish() {
        if (added != layout.entries()) {
            throw new IllegalStateException(added + " codes added, the file holds " + layout.entries());
        }
        if (inBlock > 0) {
            endBlock();
        }
        return tail(layout, overflowIndexes, overflowValues, blockCrcs, fileCrc);
    }

    /** The file checksum, after {@link #finish()}. */
    long fileChecksum() {
        return fileCrc.getValue();
    }

    /**
     * The bytes from the end of the data to the end of a plain file, positioned at 0; adds them
     * (up to the file checksum) to {@code fileCrc}, which holds the header and the data, and
     * stores its value in the footer.
     */
    static ByteBuffer tail(Layout layout, long[] overflowIndexes, int[] overflowValues, int[] blockCrcs, CRC32C fileCrc) {
        long tailStart = layout.dataEnd();
        int n = overflowIndexes.length;
        ByteBuffer tail = ByteBuffer.allocate(Math.toIntExact(layout.fileLength() - tailStart)).order(ORDER);
        int o = (int) (layout.overflowOffset() - tailStart);
        int t = (int) (layout.blockTableOffset() - tailStart);
        int f = (int) (layout.footerOffset() - tailStart);
        for (int i = 0; i < n; i++) {
            tail.putLong(o + 8 * i, overflowIndexes[i]);
            tail.putInt(o + 8 * n + 4 * i, overflowValues[i]);
        }
        for (int k = 0; k < blockCrcs.length; k++) {
            tail.putInt(t + 4 * k, blockCrcs[k]);
        }
        tail.putLong(f + FOOT_MAGIC, FOOTER_MAGIC)
            .putLong(f + FOOT_LENGTH, layout.fileLength())
            .putInt(f + FOOT_OVERFLOW_CRC, SectorHeader.crc(tail, o, o + 12 * n))
            .putInt(f + FOOT_BLOCKS_CRC, SectorHeader.crc(tail, t, t + 4 * blockCrcs.length));
        fileCrc.update(tail.duplicate().position(0).limit(f + FOOT_FILE_CRC));
        tail.putInt(f + FOOT_FILE_CRC, (int) fileCrc.getValue());
        tail.putInt(f + FOOT_FOOTER_CRC, SectorHeader.crc(tail, f, f + FOOT_FOOTER_CRC));
        return tail.position(0);
    }
}
