package org.merrills.db;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.merrills.db.SectorFileException.Problem;

/**
 * The values of one solved sector, read from its file mapped read-only as one mapping, plain
 * ({@link PlainSectorReader}) or packed ({@link PackedSectorReader}) as its magic says: callers
 * never need to know which. Safe for any number of threads. A damaged block throws
 * {@link SectorFileException} on every read, never a value. Do not read after {@link #close()}
 * (the mapping is gone).
 */
public abstract sealed class SectorReader implements AutoCloseable permits PlainSectorReader, PackedSectorReader {
    private final Path file;
    private final SectorHeader header;
    private final long entries;
    private final long[] overflowIndexes;
    private final int[] overflowValues;
    private final WholeFileMapping mapping;
    private volatile boolean closed;

    SectorReader(Path file, SectorHeader header, SectorFileInfo.Overflow overflow, WholeFileMapping mapping) {
        this.file = file;
        this.header = header;
        this.entries = header.entries();
        this.overflowIndexes = overflow.indexes();
        this.overflowValues = overflow.values();
        this.mapping = mapping;
    }

    /**
     * Opens {@code file}, plain or packed, checking its header, rules, sector, length, footer and
     * tables (not the data: that is checked block by block as it is read, or all at once by
     * {@link #verifyAll()}).
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
                    return kindOf(mapping) == FileKind.PACKED
                        ? new PackedSectorReader(file, PackedFileInfo.read(mapping.channel(), file, sector, ruleFingerprint),
                            mapping, BlockCache.SHARED)
                        : new PlainSectorReader(file, SectorFileInfo.read(mapping.channel(), file, sector, ruleFingerprint),
                            mapping);
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

    /** What a sector file says of itself, whatever its kind: its header and the checksum its values have. */
    record Identity(SectorHeader header, long checksum) {
    }

    /**
     * The header of {@code file} (plain or packed) and the checksum {@link #fileChecksum()} would
     * give, from its header, footer and tables only (all checked), without mapping it: what the
     * catalogue must record for it. A null fingerprint takes the file's own rules.
     */
    static Identity identify(Path file, String sector, String ruleFingerprint) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (FileKind.of(ch) == FileKind.PACKED) {
                PackedFileInfo info = PackedFileInfo.read(ch, file, sector, ruleFingerprint);
                return new Identity(info.header(), info.descriptor().plainChecksum());
            }
            SectorFileInfo info = SectorFileInfo.read(ch, file, sector, ruleFingerprint);
            return new Identity(info.header(), Integer.toUnsignedLong(info.fileCrc()));
        } catch (NoSuchFileException e) {
            throw new SectorFileException(file, Problem.IO, "no such file", e);
        } catch (IOException e) {
            throw new SectorFileException(file, Problem.IO, String.valueOf(e.getMessage()), e);
        }
    }

    /** The checksum of {@link #identify}. */
    static long checksumOf(Path file, String sector, String ruleFingerprint) {
        return identify(file, sector, ruleFingerprint).checksum();
    }

    /** Plain unless the file starts with the packed magic (a plain reader reports any other magic). */
    private static FileKind kindOf(WholeFileMapping mapping) {
        if (mapping.size() < 8) {
            return FileKind.PLAIN;
        }
        long magic = net.openhft.chronicle.core.UnsafeMemory.MEMORY.readLong(mapping.address());
        return magic == PackedFileFormat.MAGIC ? FileKind.PACKED : FileKind.PLAIN;
    }

    /** The number of entries, the length of the value array. */
    public final long entries() {
        return entries;
    }

    /**
     * The {@link Value} of entry {@code index}: {@link Value#DRAW} or the distance in plies.
     *
     * @throws SectorFileException if the block holding the entry is damaged
     */
    public final int value(long index) {
        if (index < 0 || index >= entries) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + (entries - 1) + " of " + file);
        }
        if (closed) {
            throw new IllegalStateException("sector file " + file + " is closed");
        }
        int code = code(index);
        return code == Value.CODE_ESCAPE ? overflow(index) : Value.decode(code);
    }

    /**
     * Copies the byte codes of entries {@code [start, start + length)} into {@code dst[0..length)},
     * every block they touch checked: for a caller that keeps a sector's values in its own memory.
     * A code is {@link Value#decode}d, except {@link Value#CODE_ESCAPE}, whose value is
     * {@link #value}'s (see {@link #escapedIndexes}).
     */
    public final void copyCodes(long start, byte[] dst, int length) {
        if (start < 0 || length < 0 || start + length > entries || length > dst.length) {
            throw new IndexOutOfBoundsException("entries " + start + " + " + length + " into an array of "
                + dst.length + ": outside 0.." + (entries - 1) + " of " + file);
        }
        if (closed) {
            throw new IllegalStateException("sector file " + file + " is closed");
        }
        readCodes(start, dst, length);
    }

    /** The byte code of entry {@code index} (in range), its block checked. */
    abstract int code(long index);

    /**
     * Copies the byte codes of entries {@code [start, start + length)} into {@code dst}, every
     * block they touch checked, bypassing any cache: for copying a whole sector.
     */
    abstract void readCodes(long start, byte[] dst, int length);

    private int overflow(long index) {
        int i = Arrays.binarySearch(overflowIndexes, index);
        if (i < 0) {
            throw new SectorFileException(file, Problem.BAD_TABLE, "entry " + index + " is escaped but not in the table");
        }
        return overflowValues[i];
    }

    /**
     * The full check: every block and the checksum of the whole file (of a packed file, also the
     * checksum of the plain file it unpacks to).
     *
     * @throws SectorFileException naming the first damaged block, or the file checksum
     */
    public final void verifyAll() {
        verifyAll(null);
    }

    /**
     * {@link #verifyAll}, counting the entries of each byte code into {@code byCode} (256
     * counters) on the way when it is not null: for a caller that counts a sector's values as it
     * checks them ({@link DirectoryRepair}), in the same pass over the data.
     */
    abstract void verifyAll(long[] byCode);

    /**
     * The checksum of the values' plain file (CRC32C of it, as its footer and the catalogue record
     * it), unsigned: a packed file gives the checksum of the plain file it unpacks to, so the
     * catalogue's row holds for a sector whichever kind its file is.
     */
    public abstract long fileChecksum();

    /** The plain format version of the file these values are (or unpack to). */
    abstract int plainVersion();

    /** Whether the file is packed ({@link PackedFileFormat}) rather than plain. */
    public final boolean isPacked() {
        return header.kind() == FileKind.PACKED;
    }

    /** The file's length in bytes. */
    public final long fileSize() {
        return mapping.size();
    }

    public final String sector() {
        return header.sector();
    }

    public final String ruleFingerprint() {
        return header.fingerprint();
    }

    /** The version of the file's own format (plain or packed). */
    public final int formatVersion() {
        return header.version();
    }

    public final Path file() {
        return file;
    }

    final SectorHeader header() {
        return header;
    }

    /**
     * The entries whose distance is too long for a byte code ({@link Value#CODE_ESCAPE}), in
     * ascending order, and their values in {@link #escapedValues}: copies, for a caller that
     * keeps the codes ({@link #copyCodes}) and lets the file go.
     */
    public final long[] escapedIndexes() {
        return overflowIndexes.clone();
    }

    /** The values of {@link #escapedIndexes}, in the same order. */
    public final int[] escapedValues() {
        return overflowValues.clone();
    }

    final long[] overflowIndexes() {
        return overflowIndexes;
    }

    final int[] overflowValues() {
        return overflowValues;
    }

    final WholeFileMapping mapping() {
        return mapping;
    }

    @Override
    public void close() {
        closed = true;
        mapping.close();
    }
}
