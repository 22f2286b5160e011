package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.UnsafeMemory;
import org.merrills.db.SectorFileException.Problem;

/**
 * A plain sector file ({@link SectorFileFormat}) read in place: a value is one byte of the
 * mapping. The first read of each data block in a process checks that block's CRC32C.
 */
final class PlainSectorReader extends SectorReader {
    private final SectorFileInfo info;
    private final long entries;
    private final int blockShift;
    private final AtomicLongArray verified;
    private final long data;

    PlainSectorReader(Path file, SectorFileInfo info, WholeFileMapping mapping) {
        super(file, info.header(), new SectorFileInfo.Overflow(info.overflowIndexes(), info.overflowValues()), mapping);
        this.info = info;
        this.entries = info.header().entries();
        this.blockShift = Integer.numberOfTrailingZeros(info.header().blockSize());
        this.verified = new AtomicLongArray((info.blockCrcs().length + 63) >>> 6);
        this.data = mapping.address() + DATA_OFFSET;
    }

    @Override
    int code(long index) {
        int block = (int) (index >>> blockShift);
        if ((verified.get(block >>> 6) & (1L << block)) == 0) {
            verifyBlock(block);
        }
        return UnsafeMemory.MEMORY.readByte(data + index) & 0xFF;
    }

    @Override
    void readCodes(long start, byte[] dst, int length) {
        int first = (int) (start >>> blockShift);
        int last = (int) ((start + length - 1) >>> blockShift);
        for (int block = first; block <= last; block++) {
            if ((verified.get(block >>> 6) & (1L << block)) == 0) {
                verifyBlock(block);
            }
        }
        UnsafeMemory.MEMORY.readBytes(data + start, dst, 0, length);
    }

    private void verifyBlock(int block) {
        long start = (long) block << blockShift;
        long length = Math.min(1L << blockShift, entries - start);
        int actual = Checksums.of(data + start, length, new byte[(int) length]);
        int stored = info.blockCrcs()[block];
        if (actual != stored) {
            throw new SectorFileException(file(), Problem.BLOCK_CHECKSUM, String.format(
                "%d (entries %d..%d): stored %08x, the data gives %08x",
                block, start, start + length - 1, stored, actual));
        }
        long bit = 1L << block;
        verified.getAndUpdate(block >>> 6, w -> w | bit);
    }

    @Override
    void verifyAll(long[] byCode) {
        SectorFileFormat.Layout layout = info.header().layout();
        long base = mapping().address();
        CRC32C fileCrc = new CRC32C();
        byte[] buffer = new byte[Checksums.chunkSize()];
        Checksums.update(fileCrc, base, DATA_OFFSET, buffer);
        int[] blocks = new int[layout.blockCount()];
        Checksums.scanData(base, layout, blocks, fileCrc, byCode);
        for (int k = 0; k < blocks.length; k++) {
            if (blocks[k] != info.blockCrcs()[k]) {
                verifyBlock(k);
            }
        }
        long tail = layout.dataEnd();
        Checksums.update(fileCrc, base + tail, layout.footerOffset() + FOOT_FILE_CRC - tail, buffer);
        int actual = (int) fileCrc.getValue();
        if (actual != info.fileCrc()) {
            throw new SectorFileException(file(), Problem.FILE_CHECKSUM, String.format(
                "footer stores %08x, the file gives %08x", info.fileCrc(), actual));
        }
        for (int k = 0; k < blocks.length; k++) {
            long bit = 1L << k;
            verified.getAndUpdate(k >>> 6, w -> w | bit);
        }
    }

    @Override
    int plainVersion() {
        return info.header().version();
    }

    @Override
    public long fileChecksum() {
        return Integer.toUnsignedLong(info.fileCrc());
    }
}
