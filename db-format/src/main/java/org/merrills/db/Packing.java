package org.merrills.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import org.merrills.db.SectorFileException.Problem;

/**
 * Packing and unpacking one sector between two databases, or within one (in place): the sector's
 * file is checked in full, rewritten to a temporary name, forced, checked in full again (that its
 * values are the catalogued ones) and renamed over the old file. The catalogue row stays valid
 * throughout (a packed file records the checksum of the plain file it unpacks to), so a crash at
 * any moment leaves every sector either plain or packed, and whole.
 */
public final class Packing {
    private Packing() {
    }

    /**
     * How to pack.
     *
     * @param blockSize entries per compressed block ({@link PackedFileFormat#DEFAULT_BLOCK_SIZE})
     * @param level     zstd level, 1 .. 22 ({@link PackedFileFormat#DEFAULT_LEVEL})
     */
    public record Options(int blockSize, int level) {
        public Options {
            if (Integer.bitCount(blockSize) != 1 || blockSize < PackedFileFormat.MIN_BLOCK_SIZE
                || blockSize > PackedFileFormat.MAX_BLOCK_SIZE) {
                throw new IllegalArgumentException("block size " + blockSize + " is not a power of two from "
                    + PackedFileFormat.MIN_BLOCK_SIZE + " to " + PackedFileFormat.MAX_BLOCK_SIZE);
            }
            if (level < 1 || level > 22) {
                throw new IllegalArgumentException("zstd level " + level + " is not 1 to 22");
            }
        }

        public static Options defaults() {
            return new Options(PackedFileFormat.DEFAULT_BLOCK_SIZE, PackedFileFormat.DEFAULT_LEVEL);
        }
    }

    /**
     * What happened to one sector.
     *
     * @param rewritten false when the sector already was of the kind asked for, in place (left alone)
     * @param before    bytes of the file read
     * @param after     bytes of the file written (or left)
     * @param nanos     time taken, checks included
     */
    public record Outcome(String sector, boolean rewritten, long entries, long before, long after, long nanos) {
    }

    /** Packs {@code sector} of {@code from} into {@code to} (the same database: in place). */
    public static Outcome pack(Database from, Database to, String sector, Options options, ExecutorService pool) {
        return pack(from, to, sector, from.catalogue().get(sector), options, pool);
    }

    /**
     * Packs {@code sector}, whose row {@code row} the caller has (from {@link Database#survey}, which
     * counts a file the catalogue lacks: a read-only source with a lost catalogue still packs).
     */
    public static Outcome pack(Database from, Database to, String sector, SectorMeta row, Options options,
                               ExecutorService pool) {
        return rewrite(from, to, sector, row, true, (source, temp) ->
            PackedSectorWriter.write(source, temp, options.blockSize(), options.level(), pool));
    }

    /** Unpacks {@code sector} of {@code from} into {@code to} (the same database: in place). */
    public static Outcome unpack(Database from, Database to, String sector) {
        return unpack(from, to, sector, from.catalogue().get(sector));
    }

    /** Unpacks {@code sector}, whose row the caller has (see {@link #pack(Database, Database, String, SectorMeta, Options, ExecutorService)}). */
    public static Outcome unpack(Database from, Database to, String sector, SectorMeta row) {
        return rewrite(from, to, sector, row, false, PlainSectorUnpacker::write);
    }

    /** "native zstd 1.5.7" or the pure-Java fallback: what this process packs and decodes with. */
    public static String codec() {
        return ZstdCodec.describe();
    }

    /** Whether {@code to} holds {@code sector} already, with these values, in a file of the kind asked for. */
    private static boolean alreadyThere(Database to, String sector, SectorMeta row, boolean packed) {
        return row.equals(to.catalogue().get(sector)) && to.isComplete(sector) && to.reader(sector).isPacked() == packed;
    }

    private interface FileWriter {
        long write(SectorReader source, Path temp);
    }

    private static Outcome rewrite(Database from, Database to, String sector, SectorMeta row, boolean packed,
                                   FileWriter writer) {
        long t0 = System.nanoTime();
        if (row == null || !row.isComplete()) {
            throw new DatabaseException("sector " + sector + " is not in database " + from.directory());
        }
        if (!from.ruleFingerprint().equals(to.ruleFingerprint())) {
            throw new IllegalArgumentException("database " + to.directory() + " is for rules '" + to.ruleFingerprint()
                + "', not '" + from.ruleFingerprint() + "'");
        }
        // a reader of its own: a solve packs behind its next unit, which unmaps the shared readers
        try (SectorReader source = from.openFile(sector)) {
            long before = source.fileSize();
            boolean inPlace = from == to;
            if (inPlace ? source.isPacked() == packed : alreadyThere(to, sector, row, packed)) {
                long size = inPlace ? before : to.reader(sector).fileSize();
                return new Outcome(sector, false, source.entries(), before, size, System.nanoTime() - t0);
            }
            source.verifyAll(); // never spread a damaged value
            if (source.fileChecksum() != row.fileChecksum()) {
                throw new SectorFileException(source.file(), Problem.FILE_CHECKSUM, String.format(
                    "the catalogue records %08x, the file %08x", row.fileChecksum(), source.fileChecksum()));
            }
            Path temp = to.tempFile(sector);
            try {
                long after = writer.write(source, temp);
                to.install(sector, temp, row);
                return new Outcome(sector, true, source.entries(), before, after, System.nanoTime() - t0);
            } finally {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // the next writer's clean-up deletes it
                }
            }
        }
    }
}
