package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.zip.CRC32C;

/**
 * Writes the packed file ({@link PackedFileFormat}) of a sector's values into a temporary file:
 * blocks compressed in parallel, written in order, then the tables and the footer, forced to disk.
 * It does not check what it wrote: the database opens the result and checks it in full (that it
 * unpacks to the catalogued plain file) before renaming it into place.
 */
final class PackedSectorWriter {
    private static final int BLOCKS_PER_TASK = 8;

    private PackedSectorWriter() {
    }

    /** Packs {@code source} into {@code temp} (replaced); returns the packed file's length. */
    static long write(SectorReader source, Path temp, int blockSize, int level, ExecutorService pool) {
        SectorHeader plain = source.header();
        SectorHeader header = SectorHeader.current(FileKind.PACKED, plain.sector(), plain.fingerprint(), plain.entries(),
            plain.blockSize(), plain.overflowCount());
        long entries = plain.entries();
        int blocks = (int) ((entries + blockSize - 1) / blockSize);
        long[] offsets = new long[blocks + 1];
        int[] packedCrcs = new int[blocks];
        int[] blockCrcs = new int[blocks];
        List<Future<byte[][]>> pending = new ArrayList<>();
        try {
            Files.deleteIfExists(temp);
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
                long at = PackedFileFormat.DATA_OFFSET;
                int window = Math.max(2, 4 * Runtime.getRuntime().availableProcessors());
                int nextTask = 0;
                int tasks = (blocks + BLOCKS_PER_TASK - 1) / BLOCKS_PER_TASK;
                for (int written = 0; written < tasks; written++) {
                    while (nextTask < tasks && pending.size() < window) {
                        int first = nextTask++ * BLOCKS_PER_TASK;
                        pending.add(pool.submit(() -> compress(source, first, Math.min(blocks, first + BLOCKS_PER_TASK),
                            blockSize, level, blockCrcs)));
                    }
                    byte[][] packed = pending.remove(0).get();
                    int first = written * BLOCKS_PER_TASK;
                    for (int i = 0; i < packed.length; i++) {
                        int k = first + i;
                        offsets[k] = at - PackedFileFormat.DATA_OFFSET;
                        packedCrcs[k] = crc(packed[i]);
                        writeFully(ch, ByteBuffer.wrap(packed[i]), at);
                        at += packed[i].length;
                    }
                }
                long dataLength = at - PackedFileFormat.DATA_OFFSET;
                offsets[blocks] = dataLength;
                PackDescriptor d = new PackDescriptor(PackedFileFormat.CODEC_ZSTD, blockSize, source.plainVersion(),
                    source.fileChecksum(), dataLength, level);
                PackedFileFormat.Layout layout = new PackedFileFormat.Layout(entries, blockSize, plain.overflowCount(),
                    dataLength);
                writeFully(ch, header.encode(), 0);
                writeFully(ch, d.encode(), PackedFileFormat.DESCRIPTOR_OFFSET);
                ByteBuffer tail = tail(layout, source, offsets, packedCrcs, blockCrcs);
                writeFully(ch, tail.duplicate().limit(tail.limit() - FOOTER_SIZE + FOOT_FILE_CRC), layout.overflowOffset());
                int fileCrc = crcOf(ch, layout.footerOffset() + FOOT_FILE_CRC);
                int f = tail.limit() - FOOTER_SIZE;
                tail.putInt(f + FOOT_FILE_CRC, fileCrc);
                tail.putInt(f + FOOT_FOOTER_CRC, SectorHeader.crc(tail, f, f + FOOT_FOOTER_CRC));
                writeFully(ch, tail.duplicate().position(f), layout.footerOffset());
                ch.force(true);
                return layout.fileLength();
            }
        } catch (IOException e) {
            throw DatabaseException.cannotWrite(temp, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted while packing " + temp, e);
        } catch (ExecutionException e) {
            throw TaskFailures.rethrow(e);
        } finally {
            settle(pending);
        }
    }

    /**
     * After a failure, the tasks still in flight are waited for (a few blocks each): they read the
     * source, which the caller closes, and so unmaps, as soon as this returns. Cancelling would not
     * do, since a cancelled task that has started runs on.
     */
    private static void settle(List<Future<byte[][]>> pending) {
        boolean interrupted = false;
        for (Future<byte[][]> f : pending) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    break; // the first failure is the one reported
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static byte[][] compress(SectorReader source, int first, int end, int blockSize, int level, int[] blockCrcs) {
        byte[][] out = new byte[end - first][];
        byte[] codes = new byte[blockSize];
        for (int k = first; k < end; k++) {
            long start = (long) k * blockSize;
            int length = (int) Math.min(blockSize, source.entries() - start);
            source.readCodes(start, codes, length);
            CRC32C c = new CRC32C();
            c.update(codes, 0, length);
            blockCrcs[k] = (int) c.getValue();
            out[k - first] = ZstdCodec.compress(codes, length, level);
        }
        return out;
    }

    /** Overflow table, block table and footer (its file checksum and own checksum still zero), from O on. */
    private static ByteBuffer tail(PackedFileFormat.Layout layout, SectorReader source, long[] offsets, int[] packedCrcs,
                                   int[] blockCrcs) {
        long start = layout.overflowOffset();
        ByteBuffer tail = ByteBuffer.allocate(Math.toIntExact(layout.fileLength() - start)).order(ORDER);
        long[] indexes = source.overflowIndexes();
        int[] values = source.overflowValues();
        int n = indexes.length;
        for (int i = 0; i < n; i++) {
            tail.putLong(8 * i, indexes[i]);
            tail.putInt(8 * n + 4 * i, values[i]);
        }
        int t = (int) (layout.blockTableOffset() - start);
        for (int k = 0; k < offsets.length; k++) {
            tail.putLong(t + 8 * k, offsets[k]);
        }
        int c = t + 8 * offsets.length;
        for (int k = 0; k < packedCrcs.length; k++) {
            tail.putInt(c + 8 * k, packedCrcs[k]);
            tail.putInt(c + 8 * k + 4, blockCrcs[k]);
        }
        int f = (int) (layout.footerOffset() - start);
        tail.putLong(f + FOOT_MAGIC, FOOTER_MAGIC)
            .putLong(f + FOOT_LENGTH, layout.fileLength())
            .putInt(f + FOOT_OVERFLOW_CRC, SectorHeader.crc(tail, 0, 12 * n))
            .putInt(f + FOOT_BLOCKS_CRC, SectorHeader.crc(tail, t, t + (int) layout.blockTableLength()));
        return tail.position(0);
    }

    private static int crc(byte[] b) {
        CRC32C c = new CRC32C();
        c.update(b);
        return (int) c.getValue();
    }

    /** The CRC32C of the file's first {@code length} bytes, read back. */
    private static int crcOf(FileChannel ch, long length) throws IOException {
        CRC32C c = new CRC32C();
        ByteBuffer b = ByteBuffer.allocate(1 << 20);
        for (long at = 0; at < length; ) {
            b.clear().limit((int) Math.min(b.capacity(), length - at));
            int n = ch.read(b, at);
            if (n < 0) {
                throw new IOException("unexpected end of file at " + at);
            }
            c.update(b.flip());
            at += n;
        }
        return (int) c.getValue();
    }

    static void writeFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        b = b.duplicate();
        long at = position;
        while (b.hasRemaining()) {
            at += ch.write(b, at);
        }
    }
}
