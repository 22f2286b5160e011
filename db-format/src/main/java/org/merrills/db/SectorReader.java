package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.UnsafeMemory;
import org.merrills.db.SectorFileException.Problem;

/**
 * The values of one solved sector, read from its file mapped read-only as one mapping. Safe for
 * any number of threads. The first read of each data block in a process checks that block's
 * CRC32C; a damaged block throws {@link SectorFileException} on every read, never a value.
 * Do not read after {@link #close()} (the mapping is gone).
 */
public final class SectorReader implements AutoCloseable {
    private final Path file;
    private final SectorFileInfo info;
    private final long entries;
    private final int blockShift;
    private final AtomicLongArray verified;
    private final WholeFileMapping mapping;
    private final long data;
    private volatile boolean closed;

    private SectorReader(Path file, SectorFileInfo info, WholeFileMapping mapping) {
        this.file = file;
        this.info = info;
        this.entries = info.header().entries();
        this.blockShift = Integer.numberOfTrailingZeros(info.header().blockSize());
        this.verified = new AtomicLongArray((info.blockCrcs().length + 63) >>> 6);
        this.mapping = mapping;
        this.data = mapping.address() + DATA_OFFSET;
    }

    /**
     * Opens {@code file}, checking its header, rules, sector, length, footer and tables (not the
     * data: that is checked block by block as it is read, or all at once by {@link #verifyAll()}).
     */
    public static SectorReader open(Path file, String sector, String ruleFingerprint) {
        // Map first, then check the file through the mapping's own channel: a writer may rename a
        // new file over the path at any moment, and header, tables and data must be of one file.
        try {
            long size = Files.size(file);
            for (int attempt = 0; ; attempt++) {
                WholeFileMapping mapping = WholeFileMapping.map(file, size, true);
                try {
                    long actual = mapping.channel().size();
                    if (actual != size) { // replaced between the size and the mapping: map the new one
                        mapping.close();
                        if (attempt == 3) {
                            throw new SectorFileException(file, Problem.IO, "the file keeps changing while it is opened");
                        }
                        size = actual;
                        continue;
                    }
                    SectorFileInfo info = SectorFileInfo.read(mapping.channel(), file, sector, ruleFingerprint);
                    return new SectorReader(file, info, mapping);
                } catch (RuntimeException e) {
                    mapping.close();
                    throw e;
                }
            }
        } catch (NoSuchFileException e) {
            throw new SectorFileException(file, Problem.IO, "no such file", e);
        } catch (IOException e) {
            throw new SectorFileException(file, Problem.IO, "cannot map: " + e.getMessage(), e);
        }
    }

    /** The number of entries, the length of the value array. */
    public long entries() {
        return entries;
    }

    /**
     * The {@link Value} of entry {@code index}: {@link Value#DRAW} or the distance in plies.
     *
     * @throws SectorFileException if the block holding the entry is damaged
     */
    public int value(long index) {
        if (index < 0 || index >= entries) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + (entries - 1) + " of " + file);
        }
        if (closed) {
            throw new IllegalStateException("sector file " + file + " is closed");
        }
        int block = (int) (index >>> blockShift);
        if ((verified.get(block >>> 6) & (1L << block)) == 0) {
            verifyBlock(block);
        }
        int code = UnsafeMemory.MEMORY.readByte(data + index) & 0xFF;
        return code == Value.CODE_ESCAPE ? overflow(index) : Value.decode(code);
    }

    private int overflow(long index) {
        int i = Arrays.binarySearch(info.overflowIndexes(), index);
        if (i < 0) {
            throw new SectorFileException(file, Problem.BAD_TABLE, "entry " + index + " is escaped but not in the table");
        }
        return info.overflowValues()[i];
    }

    private void verifyBlock(int block) {
        long start = (long) block << blockShift;
        long length = Math.min(1L << blockShift, entries - start);
        int actual = Checksums.of(data + start, length, new byte[(int) length]);
        int stored = info.blockCrcs()[block];
        if (actual != stored) {
            throw new SectorFileException(file, Problem.BLOCK_CHECKSUM, String.format(
                "%d (entries %d..%d): stored %08x, the data gives %08x",
                block, start, start + length - 1, stored, actual));
        }
        long bit = 1L << block;
        verified.getAndUpdate(block >>> 6, w -> w | bit);
    }

    /**
     * The full check: every block and the checksum of the whole file.
     *
     * @throws SectorFileException naming the first damaged block, or the file checksum
     */
    public void verifyAll() {
        SectorFileFormat.Layout layout = info.header().layout();
        long base = mapping.address();
        CRC32C fileCrc = new CRC32C();
        byte[] buffer = new byte[Checksums.chunkSize()];
        Checksums.update(fileCrc, base, DATA_OFFSET, buffer);
        int[] blocks = new int[layout.blockCount()];
        Checksums.scanData(base, layout, blocks, fileCrc);
        for (int k = 0; k < blocks.length; k++) {
            if (blocks[k] != info.blockCrcs()[k]) {
                verifyBlock(k);
            }
        }
        long tail = layout.dataEnd();
        Checksums.update(fileCrc, base + tail, layout.footerOffset() + FOOT_FILE_CRC - tail, buffer);
        int actual = (int) fileCrc.getValue();
        if (actual != info.fileCrc()) {
            throw new SectorFileException(file, Problem.FILE_CHECKSUM, String.format(
                "footer stores %08x, the file gives %08x", info.fileCrc(), actual));
        }
        for (int k = 0; k < blocks.length; k++) {
            long bit = 1L << k;
            verified.getAndUpdate(k >>> 6, w -> w | bit);
        }
    }

    /** The file checksum stored in the footer (CRC32C of everything before it), unsigned. */
    public long fileChecksum() {
        return Integer.toUnsignedLong(info.fileCrc());
    }

    public String sector() {
        return info.header().sector();
    }

    public String ruleFingerprint() {
        return info.header().fingerprint();
    }

    public int formatVersion() {
        return info.header().version();
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        closed = true;
        mapping.close();
    }
}
