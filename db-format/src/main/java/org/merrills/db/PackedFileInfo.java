package org.merrills.db;

import static org.merrills.db.SectorFileFormat.FOOT_BLOCKS_CRC;
import static org.merrills.db.SectorFileFormat.FOOT_FILE_CRC;
import static org.merrills.db.SectorFileFormat.FOOT_OVERFLOW_CRC;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.merrills.db.SectorFileException.Problem;

/**
 * What opening a packed sector file learns from its header, descriptor, footer and tables after
 * checking them all (see {@link PackedFileFormat}, "Checks"); never the blocks themselves.
 *
 * @param offsets    blocks + 1 offsets of the compressed blocks from the start of the data
 * @param packedCrcs the CRC32C of each block's compressed bytes
 * @param blockCrcs  the CRC32C of each block's decoded bytes
 */
record PackedFileInfo(SectorHeader header, PackDescriptor descriptor, PackedFileFormat.Layout layout, int fileCrc,
                      long[] offsets, int[] packedCrcs, int[] blockCrcs, SectorFileInfo.Overflow overflow) {

    /** Reads and checks everything but the blocks of {@code file}; throws naming the first problem. */
    static PackedFileInfo read(FileChannel ch, Path file, String sector, String fingerprint) {
        try {
            return check(ch, file, sector, fingerprint);
        } catch (IOException e) {
            throw new SectorFileException(file, Problem.IO, String.valueOf(e.getMessage()), e);
        }
    }

    private static PackedFileInfo check(FileChannel ch, Path file, String sector, String fingerprint) throws IOException {
        SectorHeader header = SectorFileInfo.readHeader(ch, file, sector, fingerprint);
        if (header.kind() != FileKind.PACKED) {
            throw new IllegalStateException(file + " is " + header.kind() + ", not a packed sector file");
        }
        long size = ch.size();
        if (size < PackedFileFormat.DATA_OFFSET) {
            throw new SectorFileException(file, Problem.TRUNCATED, "the file is " + size
                + " bytes, shorter than its header and descriptor (" + PackedFileFormat.DATA_OFFSET + ")");
        }
        PackDescriptor d = PackDescriptor.decode(file,
            SectorFileInfo.readFully(ch, PackedFileFormat.DESCRIPTOR_OFFSET, PackedFileFormat.DESCRIPTOR_SIZE), size);
        PackedFileFormat.Layout layout = new PackedFileFormat.Layout(header.entries(), d.blockSize(),
            header.overflowCount(), d.dataLength());
        ByteBuffer footer = SectorFileInfo.readFooter(ch, file, layout.footerOffset(), layout.fileLength());

        int blocks = layout.blockCount();
        ByteBuffer table = SectorFileInfo.readFully(ch, layout.blockTableOffset(), layout.blockTableLength());
        SectorFileInfo.checkTable(file, "block table", table, footer.getInt(FOOT_BLOCKS_CRC));
        long[] offsets = new long[blocks + 1];
        table.asLongBuffer().get(offsets);
        int[] crcs = new int[2 * blocks];
        table.position(8 * (blocks + 1)).slice().order(SectorFileFormat.ORDER).asIntBuffer().get(crcs);
        int[] packedCrcs = new int[blocks];
        int[] blockCrcs = new int[blocks];
        for (int k = 0; k < blocks; k++) {
            packedCrcs[k] = crcs[2 * k];
            blockCrcs[k] = crcs[2 * k + 1];
        }
        checkOffsets(file, offsets, d.dataLength());

        SectorFileInfo.Overflow overflow = SectorFileInfo.readOverflow(ch, file, header, layout.overflowOffset(),
            footer.getInt(FOOT_OVERFLOW_CRC));
        return new PackedFileInfo(header, d, layout, footer.getInt(FOOT_FILE_CRC), offsets, packedCrcs, blockCrcs,
            overflow);
    }

    /** Every block must lie inside the compressed data, in order, and the last end where the data ends. */
    private static void checkOffsets(Path file, long[] offsets, long dataLength) {
        int blocks = offsets.length - 1;
        if (offsets[0] != 0) {
            throw new SectorFileException(file, Problem.BAD_BLOCK_TABLE, "block 0 starts at " + offsets[0] + ", not 0");
        }
        for (int k = 0; k < blocks; k++) {
            if (offsets[k + 1] < offsets[k] || offsets[k + 1] > dataLength) {
                throw new SectorFileException(file, Problem.BAD_BLOCK_TABLE, String.format(
                    "block %d: offsets %d..%d outside the %d bytes of compressed data", k, offsets[k], offsets[k + 1],
                    dataLength));
            }
        }
        if (offsets[blocks] != dataLength) {
            throw new SectorFileException(file, Problem.BAD_BLOCK_TABLE, "the blocks end at " + offsets[blocks]
                + ", the compressed data at " + dataLength);
        }
    }

    /** The compressed length of block {@code k}. */
    int packedLength(int k) {
        return Math.toIntExact(offsets[k + 1] - offsets[k]);
    }
}
