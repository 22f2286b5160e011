package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongToIntFunction;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.UnsafeMemory;

/**
 * Writes one sector into a temporary file of the database directory, mapped whole. Entries never
 * put are draws (the file starts zeroed). {@link #put} may be called from many threads at once for
 * distinct indices; {@link #commit} must happen after all puts (for example after joining the
 * threads that made them). Nothing is visible to readers until {@link #commit} has checksummed,
 * forced, verified and renamed the file into place and catalogued it; {@link #abort} (or a crash)
 * leaves no sector.
 */
public final class SectorWriter implements AutoCloseable {
    /** Receives a finished temporary file: the database renames it and catalogues it. */
    interface Publisher {
        void publish(SectorWriter writer, SectorMeta meta);
    }

    private enum State { OPEN, FINISHING, COMMITTED, ABORTED }

    private final Path temp;
    private final String sector;
    private final String fingerprint;
    private final long entries;
    private final int blockSize;
    private final Publisher publisher;
    private final WholeFileMapping mapping;
    private final long data;
    /** The codes {@link #putAll} encodes before it writes them. */
    private static final int RUN = 1 << 16;
    /** The file's channel, for the bulk writes ({@link #copyCodes}); opened by the first. */
    private FileChannel channel;
    private long[] overflowIndexes = new long[16];
    private int[] overflowValues = new int[16];
    private int overflowPuts;
    private long fileChecksum;
    private volatile State state = State.OPEN;
    /** A plain copy of "state is OPEN" for {@link #put}'s guard, so the JIT may hoist it out of loops. */
    private boolean open = true;

    private SectorWriter(Path temp, String sector, String fingerprint, long entries, int blockSize,
                         Publisher publisher, WholeFileMapping mapping) {
        this.temp = temp;
        this.sector = sector;
        this.fingerprint = fingerprint;
        this.entries = entries;
        this.blockSize = blockSize;
        this.publisher = publisher;
        this.mapping = mapping;
        this.data = mapping.address() + DATA_OFFSET;
    }

    static SectorWriter create(Path temp, String sector, String fingerprint, long entries, int blockSize,
                               Publisher publisher) {
        SectorHeader.current(sector, fingerprint, entries, blockSize, 0); // checks the arguments
        try {
            Files.deleteIfExists(temp);
            return new SectorWriter(temp, sector, fingerprint, entries, blockSize, publisher,
                WholeFileMapping.map(temp, DATA_OFFSET + entries, false));
        } catch (IOException e) {
            if (DatabaseException.isNoSpace(e)) {
                throw new DatabaseException(DatabaseException.Kind.NO_SPACE, "cannot create " + temp + ": the disk is full", e);
            }
            throw new DatabaseException("cannot create " + temp + ": " + e.getMessage(), e);
        }
    }

    public long entries() {
        return entries;
    }

    public String sector() {
        return sector;
    }

    Path tempFile() {
        return temp;
    }

    String ruleFingerprint() {
        return fingerprint;
    }

    long fileChecksum() {
        return fileChecksum;
    }

    /** Stores the {@link Value} of entry {@code index}. Thread-safe for distinct indices. */
    public void put(long index, int value) {
        if (index < 0 || index >= entries) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + (entries - 1) + " of sector " + sector);
        }
        if (!open) { // the mapping is gone: writing would crash the JVM
            throw new IllegalStateException("writer of sector " + sector + " is already " + state.name().toLowerCase());
        }
        int code = Value.encode(value);
        if (code == Value.CODE_ESCAPE) {
            recordOverflow(index, value);
        }
        UnsafeMemory.MEMORY.writeByte(data + index, (byte) code);
    }

    /**
     * Puts the value of every entry {@code 0 .. entries-1} from one thread, a run of codes at a
     * time ({@link #putCodes}).
     */
    public void putAll(LongToIntFunction values) {
        byte[] run = new byte[(int) Math.min(entries, RUN)];
        for (long start = 0; start < entries; start += run.length) {
            int n = (int) Math.min(run.length, entries - start);
            for (int k = 0; k < n; k++) {
                int value = values.applyAsInt(start + k);
                int code = Value.encode(value);
                if (code == Value.CODE_ESCAPE) {
                    recordOverflow(start + k, value);
                }
                run[k] = (byte) code;
            }
            copyCodes(start, run, n);
        }
    }

    /**
     * Puts every entry's byte code at once from {@code chunks}, each of {@code 2^chunkBits}
     * codes but the last, as {@link Value#encode} gives them: for a caller that holds the codes
     * already (the solver's own copy of a sector it just solved), a copy of whole runs instead
     * of a call per entry. Each {@link Value#CODE_ESCAPE} among them must then be {@link #put}
     * with its value. From one thread.
     */
    public void putCodes(byte[][] chunks, int chunkBits) {
        long chunk = 1L << chunkBits;
        if (chunks.length != (entries + chunk - 1) >>> chunkBits) {
            throw new IllegalArgumentException(chunks.length + " chunks of 2^" + chunkBits + " for " + entries
                + " entries of sector " + sector);
        }
        for (int c = 0; c < chunks.length; c++) {
            long start = c * chunk;
            int length = (int) Math.min(chunk, entries - start);
            if (chunks[c].length != length) {
                throw new IllegalArgumentException("chunk " + c + " holds " + chunks[c].length + " codes, not " + length);
            }
            copyCodes(start, chunks[c], length);
        }
    }

    /**
     * Writes {@code length} codes into the file from entry {@code start}, by the file's channel
     * rather than its mapping: a disk that fills up then fails the write there and then
     * ({@code ENOSPC}), which aborts the sector (its temporary file is deleted, the database stays
     * as it was) and throws {@link DatabaseException.Kind#NO_SPACE}. A mapped store that finds no
     * room is a fault that Java raises as an {@link InternalError} at some later safepoint poll,
     * which may lie outside any handler here (2026-12-05: one run in eight of {@code
     * DiskFullTest} saw the error escape a loop of {@link #put}s), so bulk writes never go
     * through the mapping.
     */
    private void copyCodes(long start, byte[] codes, int length) {
        ensureOpen();
        try {
            if (channel == null) {
                channel = FileChannel.open(temp, StandardOpenOption.WRITE);
            }
            ByteBuffer b = ByteBuffer.wrap(codes, 0, length);
            while (b.hasRemaining()) {
                channel.write(b, DATA_OFFSET + start + b.position());
            }
        } catch (IOException e) {
            abort();
            if (DatabaseException.isNoSpace(e)) {
                throw diskFull(e);
            }
            throw new DatabaseException("cannot write " + temp + ": " + e.getMessage(), e);
        }
    }

    private DatabaseException diskFull(Throwable e) {
        return new DatabaseException(DatabaseException.Kind.NO_SPACE, "the disk of " + temp.getParent()
            + " is full: sector " + sector + " needs " + new Layout(entries, blockSize, 0).fileLength()
            + " bytes; the unfinished file was removed and the database is as it was", e);
    }

    private synchronized void recordOverflow(long index, int value) {
        if (overflowPuts == overflowIndexes.length) {
            overflowIndexes = Arrays.copyOf(overflowIndexes, 2 * overflowPuts);
            overflowValues = Arrays.copyOf(overflowValues, 2 * overflowPuts);
        }
        overflowIndexes[overflowPuts] = index;
        overflowValues[overflowPuts++] = value;
    }

    /**
     * Finishes the file (header, overflow table, block checksums, footer), forces it to disk,
     * verifies it, renames it into place and catalogues {@code meta} (completed with the rules,
     * entry count, checksum and format version). On failure the temporary file is deleted.
     */
    public synchronized void commit(SectorMeta meta) {
        ensureOpen();
        try {
            state = State.FINISHING; // no put from now on: the mapping is about to go
            open = false;
            finishFile();
            publisher.publish(this, meta);
            state = State.COMMITTED;
        } catch (RuntimeException e) {
            abort();
            throw e;
        } catch (InternalError e) {
            abort();
            throw diskFull(e);
        }
    }

    /** Drops the sector: unmaps and deletes the temporary file. Does nothing after a commit. */
    public synchronized void abort() {
        if (state == State.COMMITTED) {
            return;
        }
        state = State.ABORTED;
        open = false;
        mapping.close();
        try {
            closeChannel();
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            throw new DatabaseException("cannot delete " + temp + ": " + e.getMessage(), e);
        }
    }

    private void closeChannel() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    /** Aborts unless committed. */
    @Override
    public void close() {
        abort();
    }

    private void ensureOpen() {
        if (state != State.OPEN) {
            throw new IllegalStateException("writer of sector " + sector + " is already " + state.name().toLowerCase());
        }
    }

    private void finishFile() {
        TreeMap<Long, Integer> overflow = new TreeMap<>();
        for (int i = 0; i < overflowPuts; i++) { // in put order: the last put of an index wins
            long index = overflowIndexes[i];
            if ((UnsafeMemory.MEMORY.readByte(data + index) & 0xFF) == Value.CODE_ESCAPE) {
                overflow.put(index, overflowValues[i]);
            }
        }
        int n = overflow.size();
        SectorHeader header = SectorHeader.current(sector, fingerprint, entries, blockSize, n);
        Layout layout = header.layout();
        byte[] headerBytes = header.encode().array();
        UnsafeMemory.MEMORY.copyMemory(headerBytes, 0, mapping.address(), headerBytes.length);

        CRC32C fileCrc = new CRC32C();
        fileCrc.update(headerBytes);
        int[] blockCrcs = new int[layout.blockCount()];
        long escapes = Checksums.scanData(mapping.address(), layout, blockCrcs, fileCrc, null);
        if (escapes != n) {
            throw new IllegalStateException("sector " + sector + ": " + escapes + " escape codes but " + n
                + " overflow values; were puts still running during commit?");
        }

        long[] indexes = new long[n];
        int[] values = new int[n];
        int i = 0;
        for (Map.Entry<Long, Integer> e : overflow.entrySet()) {
            indexes[i] = e.getKey();
            values[i++] = e.getValue();
        }
        long tailStart = layout.dataEnd();
        ByteBuffer tail = PlainImage.tail(layout, indexes, values, blockCrcs, fileCrc);
        fileChecksum = fileCrc.getValue();

        mapping.close();
        try {
            if (channel == null) { // no bulk write opened it
                channel = FileChannel.open(temp, StandardOpenOption.WRITE);
            }
            tail.position(0);
            while (tail.hasRemaining()) {
                channel.write(tail, tailStart + tail.position());
            }
            channel.truncate(layout.fileLength());
            channel.force(true);
            closeChannel();
        } catch (IOException e) {
            if (DatabaseException.isNoSpace(e)) {
                throw diskFull(e);
            }
            throw new DatabaseException("cannot finish " + temp + ": " + e.getMessage(), e);
        }
    }
}
