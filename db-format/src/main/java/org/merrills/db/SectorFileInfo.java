package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.merrills.db.SectorFileException.Problem;

/**
 * What opening a sector file learns from its header, footer and tables, after checking them all
 * (see {@link SectorFileFormat}, "Checks"): never the data itself, so it costs a few reads
 * whatever the file's size.
 */
record SectorFileInfo(SectorHeader header, long fileLength, int fileCrc, int[] blockCrcs,
                      long[] overflowIndexes, int[] overflowValues) {

    /**
     * Reads and checks everything but the data of {@code file}; throws naming the first problem.
     * A null {@code fingerprint} accepts any rules (the caller compares {@code header().fingerprint()}).
     */
    static SectorFileInfo read(Path file, String sector, String fingerprint) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return check(ch, file, sector, fingerprint);
        } catch (NoSuchFileException e) {
            throw new SectorFileException(file, Problem.IO, "no such file", e);
        } catch (IOException e) {
            throw new SectorFileException(file, Problem.IO, String.valueOf(e.getMessage()), e);
        }
    }

    /** The same, from an open channel of {@code file}. */
    static SectorFileInfo read(FileChannel ch, Path file, String sector, String fingerprint) {
        try {
            return check(ch, file, sector, fingerprint);
        } catch (IOException e) {
            throw new SectorFileException(file, Problem.IO, String.valueOf(e.getMessage()), e);
        }
    }

    private static SectorFileInfo check(FileChannel ch, Path file, String sector, String fingerprint) throws IOException {
        long size = ch.size();
        if (size < HEADER_SIZE) {
            throw new SectorFileException(file, Problem.TRUNCATED,
                "the file is " + size + " bytes, shorter than its " + HEADER_SIZE + "-byte header");
        }
        SectorHeader header = SectorHeader.decode(file, readFully(ch, 0, HEADER_SIZE));
        header.checkIdentity(file, sector, fingerprint == null ? header.fingerprint() : fingerprint);
        Layout layout = header.layout();
        long expected = layout.fileLength();
        if (size < expected) {
            throw new SectorFileException(file, Problem.TRUNCATED, "the file is " + size
                + " bytes, its header says " + expected + " (" + (expected - size) + " missing)");
        }
        if (size > expected) {
            throw new SectorFileException(file, Problem.EXTENDED, "the file is " + size
                + " bytes, its header says " + expected + " (" + (size - expected) + " extra)");
        }
        ByteBuffer footer = readFully(ch, layout.footerOffset(), FOOTER_SIZE);
        long footerMagic = footer.getLong(FOOT_MAGIC);
        if (footerMagic != FOOTER_MAGIC) {
            throw new SectorFileException(file, Problem.BAD_FOOTER, String.format(
                "footer magic 0x%016x, expected 0x%016x (\"SLLIRREM\")", footerMagic, FOOTER_MAGIC));
        }
        int footerCrc = SectorHeader.crc(footer, 0, FOOT_FOOTER_CRC);
        if (footer.getInt(FOOT_FOOTER_CRC) != footerCrc) {
            throw new SectorFileException(file, Problem.BAD_FOOTER, String.format(
                "footer checksum mismatch: stored %08x, its bytes give %08x", footer.getInt(FOOT_FOOTER_CRC), footerCrc));
        }
        if (footer.getLong(FOOT_LENGTH) != expected) {
            throw new SectorFileException(file, Problem.BAD_FOOTER,
                "footer says " + footer.getLong(FOOT_LENGTH) + " bytes, the header " + expected);
        }

        int blocks = layout.blockCount();
        ByteBuffer blockTable = readFully(ch, layout.blockTableOffset(), 4L * blocks);
        checkTable(file, "block table", blockTable, footer.getInt(FOOT_BLOCKS_CRC));
        int[] blockCrcs = new int[blocks];
        blockTable.asIntBuffer().get(blockCrcs);

        int n = Math.toIntExact(header.overflowCount());
        ByteBuffer overflow = readFully(ch, layout.overflowOffset(), 12L * n);
        checkTable(file, "overflow table", overflow, footer.getInt(FOOT_OVERFLOW_CRC));
        long[] indexes = new long[n];
        int[] values = new int[n];
        overflow.asLongBuffer().get(indexes);
        overflow.position(8 * n).slice().order(ORDER).asIntBuffer().get(values);
        for (int i = 0; i < n; i++) {
            if (indexes[i] < 0 || indexes[i] >= header.entries() || (i > 0 && indexes[i] <= indexes[i - 1])
                || values[i] <= Value.MAX_INLINE_DISTANCE) {
                throw new SectorFileException(file, Problem.BAD_TABLE,
                    "entry " + i + " (index " + indexes[i] + ", distance " + values[i] + ")");
            }
        }
        return new SectorFileInfo(header, expected, footer.getInt(FOOT_FILE_CRC), blockCrcs, indexes, values);
    }

    private static void checkTable(Path file, String name, ByteBuffer table, int stored) {
        int actual = SectorHeader.crc(table, 0, table.limit());
        if (actual != stored) {
            throw new SectorFileException(file, Problem.TABLE_CHECKSUM, String.format(
                "%s: footer stores %08x, the table gives %08x", name, stored, actual));
        }
    }

    private static ByteBuffer readFully(FileChannel ch, long position, long length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(length)).order(ORDER);
        while (b.hasRemaining()) {
            if (ch.read(b, position + b.position()) < 0) {
                throw new IOException("unexpected end of file at " + (position + b.position()));
            }
        }
        return b.flip().order(ORDER);
    }
}
