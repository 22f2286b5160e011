package org.merrills.db;

import java.util.zip.CRC32C;
import net.openhft.chronicle.core.UnsafeMemory;

/** CRC32C over mapped memory, shared by the writer (to store the sums) and the reader (to check them). */
final class Checksums {
    private static final int CHUNK = 1 << 20;

    private Checksums() {
    }

    /** Adds {@code length} bytes at {@code address} to {@code crc}. */
    static void update(CRC32C crc, long address, long length, byte[] buffer) {
        for (long done = 0; done < length; ) {
            int n = (int) Math.min(buffer.length, length - done);
            UnsafeMemory.MEMORY.readBytes(address + done, buffer, 0, n);
            crc.update(buffer, 0, n);
            done += n;
        }
    }

    /** The CRC32C of {@code length} bytes at {@code address}, as stored in a file. */
    static int of(long address, long length, byte[] buffer) {
        CRC32C crc = new CRC32C();
        update(crc, address, length, buffer);
        return (int) crc.getValue();
    }

    /**
     * One pass over the data of a sector file mapped at {@code fileAddress}: the CRC32C of each
     * block into {@code blockCrcs}, the same bytes added to {@code fileCrc}, and the number of
     * escape codes (255) returned; with {@code byCode} not null, the entries of each code counted
     * into it too.
     */
    static long scanData(long fileAddress, SectorFileFormat.Layout layout, int[] blockCrcs, CRC32C fileCrc,
                         long[] byCode) {
        int blockSize = layout.blockSize();
        byte[] buffer = new byte[Math.max(blockSize, CHUNK)];
        long data = fileAddress + SectorFileFormat.DATA_OFFSET;
        long entries = layout.entries();
        long escapes = 0;
        CRC32C block = new CRC32C();
        for (long start = 0; start < entries; start += buffer.length) {
            int n = (int) Math.min(buffer.length, entries - start);
            UnsafeMemory.MEMORY.readBytes(data + start, buffer, 0, n);
            fileCrc.update(buffer, 0, n);
            for (int off = 0; off < n; off += blockSize) {
                int len = Math.min(blockSize, n - off);
                block.reset();
                block.update(buffer, off, len);
                blockCrcs[(int) ((start + off) / blockSize)] = (int) block.getValue();
            }
            if (byCode == null) {
                for (int i = 0; i < n; i++) {
                    escapes += (buffer[i] == (byte) Value.CODE_ESCAPE) ? 1 : 0;
                }
            } else {
                long before = byCode[Value.CODE_ESCAPE];
                countCodes(buffer, n, byCode);
                escapes += byCode[Value.CODE_ESCAPE] - before;
            }
        }
        return escapes;
    }

    /** Adds the entries of each byte code among {@code codes[0..length)} to {@code byCode}. */
    static void countCodes(byte[] codes, int length, long[] byCode) {
        for (int i = 0; i < length; i++) {
            byCode[codes[i] & 0xFF]++;
        }
    }

    static int chunkSize() {
        return CHUNK;
    }
}
