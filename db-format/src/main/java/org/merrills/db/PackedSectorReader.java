package org.merrills.db;

import static org.merrills.db.SectorFileFormat.FOOT_FILE_CRC;

import java.nio.file.Path;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.UnsafeMemory;
import org.merrills.db.SectorFileException.Problem;

/**
 * A packed sector file ({@link PackedFileFormat}) read in place: a value costs the decode of its
 * block, unless the {@link BlockCache} holds the block already. Every decode checks the block's
 * compressed bytes before decoding and the decoded bytes after (see "Checks" there).
 */
final class PackedSectorReader extends SectorReader {
    private final PackedFileInfo info;
    private final BlockCache cache;
    private final long cacheId = BlockCache.newFileId();
    private final long data;
    private final int blockShift;
    private final int blockMask;

    PackedSectorReader(Path file, PackedFileInfo info, WholeFileMapping mapping, BlockCache cache) {
        super(file, info.header(), info.overflow(), mapping);
        this.info = info;
        this.cache = cache;
        this.data = mapping.address() + PackedFileFormat.DATA_OFFSET;
        this.blockShift = Integer.numberOfTrailingZeros(info.descriptor().blockSize());
        this.blockMask = info.descriptor().blockSize() - 1;
    }

    @Override
    int code(long index) {
        int block = (int) (index >>> blockShift);
        byte[] codes = cache.get(cacheId, block);
        if (codes == null) {
            codes = decode(block);
            cache.put(cacheId, block, codes);
        }
        return codes[(int) index & blockMask] & 0xFF;
    }

    @Override
    void readCodes(long start, byte[] dst, int length) {
        int blockSize = info.descriptor().blockSize();
        for (int done = 0; done < length; ) {
            long at = start + done;
            int block = (int) (at >>> blockShift);
            byte[] codes = cache.get(cacheId, block);
            if (codes == null) {
                codes = decode(block);
            }
            int from = (int) (at & blockMask);
            int n = Math.min(length - done, Math.min(codes.length, blockSize) - from);
            System.arraycopy(codes, from, dst, done, n);
            done += n;
        }
    }

    /** Block {@code k} decoded and checked; never a block whose checksums disagree. */
    byte[] decode(int k) {
        int packedLength = info.packedLength(k);
        byte[] packed = new byte[packedLength];
        UnsafeMemory.MEMORY.readBytes(data + info.offsets()[k], packed, 0, packedLength);
        int actual = crc(packed, packedLength);
        if (actual != info.packedCrcs()[k]) {
            throw new SectorFileException(file(), Problem.BLOCK_CHECKSUM, String.format(
                "%d (%s): the compressed bytes store %08x, they give %08x",
                k, entriesOf(k), info.packedCrcs()[k], actual));
        }
        int length = info.layout().blockLength(k);
        byte[] codes = new byte[length];
        String problem = ZstdCodec.decompress(packed, packedLength, codes, length);
        if (problem != null) {
            throw new SectorFileException(file(), Problem.BLOCK_DECODE, k + " (" + entriesOf(k) + "): " + problem);
        }
        int decoded = crc(codes, length);
        if (decoded != info.blockCrcs()[k]) {
            throw new SectorFileException(file(), Problem.BLOCK_DECODE, String.format(
                "%d (%s): the decoded bytes give %08x, the table stores %08x", k, entriesOf(k), decoded,
                info.blockCrcs()[k]));
        }
        return codes;
    }

    private String entriesOf(int k) {
        long start = (long) k << blockShift;
        return "entries " + start + ".." + (start + info.layout().blockLength(k) - 1);
    }

    private static int crc(byte[] b, int length) {
        CRC32C c = new CRC32C();
        c.update(b, 0, length);
        return (int) c.getValue();
    }

    /**
     * Checks this file's own checksum, every block (both checksums), and that the plain file it
     * unpacks to has the checksum the descriptor records.
     */
    @Override
    void verifyAll(long[] byCode) {
        long base = mapping().address();
        CRC32C fileCrc = new CRC32C();
        Checksums.update(fileCrc, base, info.layout().footerOffset() + FOOT_FILE_CRC, new byte[Checksums.chunkSize()]);
        int actual = (int) fileCrc.getValue();
        PlainImage plain = new PlainImage(info.header().asPlain(info.descriptor().plainVersion()),
            overflowIndexes(), overflowValues());
        for (int k = 0; k < info.layout().blockCount(); k++) {
            byte[] codes = decode(k);
            plain.add(codes, codes.length);
            if (byCode != null) {
                Checksums.countCodes(codes, codes.length, byCode);
            }
        }
        if (actual != info.fileCrc()) {
            throw new SectorFileException(file(), Problem.FILE_CHECKSUM, String.format(
                "footer stores %08x, the file gives %08x", info.fileCrc(), actual));
        }
        plain.finish();
        if (plain.fileChecksum() != info.descriptor().plainChecksum()) {
            throw new SectorFileException(file(), Problem.FILE_CHECKSUM, String.format(
                "the descriptor records the plain file's checksum %08x, the values unpack to %08x",
                info.descriptor().plainChecksum(), plain.fileChecksum()));
        }
    }

    @Override
    int plainVersion() {
        return info.descriptor().plainVersion();
    }

    @Override
    public long fileChecksum() {
        return info.descriptor().plainChecksum();
    }

    /** The packed block size in entries. */
    int packedBlockSize() {
        return info.descriptor().blockSize();
    }

    /** The zstd level the file was packed with. */
    int level() {
        return info.descriptor().level();
    }
}
