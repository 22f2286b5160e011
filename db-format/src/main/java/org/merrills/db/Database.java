package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.merrills.db.SectorFileException.Problem;

/**
 * A database directory: one sector file per solved sector ({@link SectorFileFormat}) and the
 * {@link Catalogue}. Every value stored is under one rule fingerprint, and a directory never mixes
 * two. Any number of threads and processes may read; one process at a time may write, holding
 * the {@link WriterLock}.
 *
 * <p>Crash safety: a sector is written to {@code <sector>.msdb.tmp-<pid>-<n>}, forced to disk,
 * verified, renamed into place (the directory forced too) and only then catalogued; a replaced
 * sector is uncatalogued first. A sector counts only when its catalogue row and its file agree
 * (same checksum), so a crash at any point leaves the directory with the old state or the new
 * one. A writer opening the directory deletes temporary files and uncatalogued sector files.
 *
 * <p>Readers: {@link #reader} maps a sector once per Database and checks its header, footer and
 * tables then, and each data block on its first read. A reader that mapped a sector before a
 * writer replaced it keeps reading the old, whole file. The catalogue is a Chronicle Map, whose
 * first use in a process compiles a class at run time (about a second, more on a busy machine).
 */
public final class Database implements AutoCloseable {
    private static final Pattern SECTOR_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,61}");
    private static final AtomicInteger TEMP_COUNTER = new AtomicInteger();

    private final Path dir;
    private final String fingerprint;
    private final WriterLock lock;
    private final Catalogue catalogue;
    private final List<String> cleanedUp;
    private final ConcurrentHashMap<String, SectorReader> readers = new ConcurrentHashMap<>();
    /** Readers of replaced sectors: other threads may still hold them, so they are unmapped only on close. */
    private final List<SectorReader> retired = new ArrayList<>();
    private final int blockSize;
    private volatile boolean closed;

    private Database(Path dir, String fingerprint, WriterLock lock, Catalogue catalogue, List<String> cleanedUp, int blockSize) {
        this.dir = dir;
        this.fingerprint = fingerprint;
        this.lock = lock;
        this.catalogue = catalogue;
        this.cleanedUp = cleanedUp;
        this.blockSize = blockSize;
    }

    /**
     * Opens the database in {@code dir} (created if missing) for values solved under
     * {@code ruleFingerprint}. {@code writable} takes the writer lock and cleans up what a crashed
     * writer left.
     *
     * @throws DatabaseException if another process writes the directory, or it holds sectors
     *                           solved under other rules
     */
    public static Database open(Path dir, String ruleFingerprint, boolean writable) {
        return open(dir, ruleFingerprint, writable, DEFAULT_BLOCK_SIZE);
    }

    /** {@link #open(Path, String, boolean)} writing files with a given checksum block size (tests). */
    static Database open(Path dir, String ruleFingerprint, boolean writable, int blockSize) {
        if (ruleFingerprint == null || ruleFingerprint.isEmpty()) {
            throw new IllegalArgumentException("a database needs a rule fingerprint");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new DatabaseException("cannot create database directory " + dir + ": " + e.getMessage(), e);
        }
        WriterLock lock = writable ? WriterLock.acquire(dir) : null;
        Catalogue catalogue = null;
        try {
            catalogue = writable ? Catalogue.openForWriting(dir, lock.previousWriterDied()) : Catalogue.openForReading(dir);
            checkRules(dir, catalogue, ruleFingerprint);
            List<String> cleaned = writable ? cleanUp(dir, catalogue) : List.of();
            return new Database(dir, ruleFingerprint, lock, catalogue, cleaned, blockSize);
        } catch (RuntimeException e) {
            if (catalogue != null) {
                catalogue.close();
            }
            if (lock != null) {
                lock.close();
            }
            throw e;
        }
    }

    /**
     * The catalogue of {@code dir} whatever its rules, sorted by sector name, read without
     * taking any lock (for {@code merrills stats}).
     *
     * @throws DatabaseException if {@code dir} is not a directory
     */
    public static SortedMap<String, SectorMeta> readCatalogue(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new DatabaseException("no database directory " + dir);
        }
        try (Catalogue c = Catalogue.openForReading(dir)) {
            return c.snapshot();
        }
    }

    private static void checkRules(Path dir, Catalogue catalogue, String fingerprint) {
        for (Map.Entry<String, SectorMeta> e : catalogue.snapshot().entrySet()) {
            if (!e.getValue().ruleFingerprint().equals(fingerprint)) {
                throw new DatabaseException("rules mismatch: database " + dir + " holds sectors solved under rules '"
                    + e.getValue().ruleFingerprint() + "' (for example " + e.getKey() + "), not under rules '"
                    + fingerprint + "'; use another directory");
            }
        }
    }

    /** Deletes temporary files and sector files without a catalogue row; returns their names. */
    private static List<String> cleanUp(Path dir, Catalogue catalogue) {
        SortedMap<String, SectorMeta> rows = catalogue.snapshot();
        List<String> deleted = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                boolean temp = name.contains(TEMP_MARK);
                boolean orphan = !temp && name.endsWith(SUFFIX)
                    && !rows.containsKey(name.substring(0, name.length() - SUFFIX.length()));
                if (temp || orphan) {
                    Files.deleteIfExists(p);
                    deleted.add(name);
                }
            }
        } catch (IOException e) {
            throw new DatabaseException("cannot clean up database directory " + dir + ": " + e.getMessage(), e);
        }
        Collections.sort(deleted);
        return List.copyOf(deleted);
    }

    public Path directory() {
        return dir;
    }

    public String ruleFingerprint() {
        return fingerprint;
    }

    public boolean isWritable() {
        return lock != null;
    }

    /** The files a writable open deleted: leftovers of a crashed writer. */
    public List<String> cleanedUp() {
        return cleanedUp;
    }

    /** The path of a sector's file. */
    public Path file(String sector) {
        return dir.resolve(fileName(checkName(sector)));
    }

    /** Whether {@code sector} is catalogued as complete and its file is present with a sound header and footer. */
    public boolean isComplete(String sector) {
        ensureOpen();
        SectorMeta meta = catalogue.get(checkName(sector));
        if (meta == null || !meta.isComplete() || !meta.ruleFingerprint().equals(fingerprint)) {
            return false;
        }
        try {
            return SectorReader.checksumOf(file(sector), sector, fingerprint) == meta.fileChecksum();
        } catch (SectorFileException e) {
            return false;
        }
    }

    /**
     * The values of a complete sector, mapped once and shared by all threads of this process.
     *
     * @throws DatabaseException if the sector is not in the database
     * @throws SectorFileException if its file fails a check
     */
    public SectorReader reader(String sector) {
        ensureOpen();
        SectorReader r = readers.get(sector);
        return r != null ? r : readers.computeIfAbsent(checkName(sector), this::openReader);
    }

    private SectorReader openReader(String sector) {
        for (int attempt = 0; ; attempt++) {
            SectorMeta meta = requireRow(sector);
            SectorReader r = SectorReader.open(file(sector), sector, fingerprint);
            if (r.fileChecksum() == meta.fileChecksum()) {
                return r;
            }
            r.close();
            if (attempt == 3) { // not a writer replacing the sector under us: they disagree
                throw new SectorFileException(r.file(), Problem.FILE_CHECKSUM, String.format(
                    "the catalogue records %08x, the file's footer %08x", meta.fileChecksum(), r.fileChecksum()));
            }
            try {
                Thread.sleep(20L << attempt);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DatabaseException("interrupted while opening sector " + sector, e);
            }
        }
    }

    private SectorMeta requireRow(String sector) {
        SectorMeta meta = catalogue.get(sector);
        if (meta == null || !meta.isComplete()) {
            throw new DatabaseException("sector " + sector + " is not in database " + dir + " (not solved yet?)");
        }
        return meta;
    }

    /**
     * The full check of a sector's file: header, footer, tables, every block and the file checksum,
     * which must also be the one catalogued.
     */
    public void verify(String sector) {
        ensureOpen();
        SectorMeta meta = requireRow(checkName(sector));
        try (SectorReader r = SectorReader.open(file(sector), sector, fingerprint)) {
            r.verifyAll();
            if (r.fileChecksum() != meta.fileChecksum()) {
                throw new SectorFileException(r.file(), Problem.FILE_CHECKSUM, String.format(
                    "the catalogue records %08x, the file %08x", meta.fileChecksum(), r.fileChecksum()));
            }
        }
    }

    /** Starts writing a sector of {@code entries} values into a temporary file. */
    public SectorWriter create(String sector, long entries) {
        ensureOpen();
        if (lock == null) {
            throw new IllegalStateException("database " + dir + " was opened read-only");
        }
        return SectorWriter.create(tempFile(sector), sector, fingerprint, entries, blockSize, this::publish);
    }

    /** A new temporary name for a file of {@code sector}: cleaned up by the next writer if left behind. */
    Path tempFile(String sector) {
        return dir.resolve(fileName(checkName(sector)) + ".tmp-" + ProcessHandle.current().pid() + "-"
            + TEMP_COUNTER.incrementAndGet());
    }

    /** Every catalogued sector, sorted by name. */
    public SortedMap<String, SectorMeta> catalogue() {
        ensureOpen();
        return catalogue.snapshot();
    }

    private synchronized void publish(SectorWriter w, SectorMeta meta) {
        ensureOpen();
        String sector = w.sector();
        try (SectorReader check = SectorReader.open(w.tempFile(), sector, fingerprint)) {
            check.verifyAll();
        }
        moveIntoPlace(sector, w.tempFile(), meta.committed(fingerprint, w.entries(), w.fileChecksum(), VERSION));
    }

    /**
     * Puts a finished file of {@code sector} (packed or unpacked by {@code pack}/{@code unpack},
     * or copied) in place, catalogued with {@code row}: checked in full first, and refused unless
     * its values are the ones {@code row} records (same checksum).
     */
    synchronized void install(String sector, Path temp, SectorMeta row) {
        ensureOpen();
        if (lock == null) {
            throw new IllegalStateException("database " + dir + " was opened read-only");
        }
        try (SectorReader check = SectorReader.open(temp, sector, fingerprint)) {
            check.verifyAll();
            if (check.fileChecksum() != row.fileChecksum()) {
                throw new SectorFileException(temp, Problem.FILE_CHECKSUM, String.format(
                    "the new file holds values of checksum %08x, the catalogue row %08x", check.fileChecksum(),
                    row.fileChecksum()));
            }
        }
        moveIntoPlace(sector, temp, row);
    }

    /**
     * Renames {@code temp} over the sector's file and catalogues {@code row}. A row that records
     * other values is removed first, so that a crash never pairs it with the new file; a row
     * recording the same values (a file packed or unpacked in place) stays, valid throughout.
     */
    private void moveIntoPlace(String sector, Path temp, SectorMeta row) {
        Path target = file(sector);
        SectorMeta current = catalogue.get(sector);
        if (current != null && current.fileChecksum() != row.fileChecksum()) {
            catalogue.remove(sector);
        }
        SectorReader old = readers.remove(sector);
        if (old != null) {
            retired.add(old);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceDirectory();
        } catch (AtomicMoveNotSupportedException e) {
            throw new DatabaseException("the file system of " + dir + " cannot rename atomically", e);
        } catch (IOException e) {
            throw new DatabaseException("cannot rename " + temp + " to " + target + ": " + e.getMessage(), e);
        }
        if (!row.equals(current)) {
            catalogue.put(sector, row);
        }
    }

    private void forceDirectory() throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            // some systems cannot open a directory; the rename is still atomic there
        }
    }

    private static String checkName(String sector) {
        if (sector == null || !SECTOR_NAME.matcher(sector).matches()) {
            throw new IllegalArgumentException("bad sector name '" + sector
                + "': use letters, digits, '.', '-' and '_', at most 62, for example 8-9-0-0");
        }
        return sector;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("database " + dir + " is closed");
        }
    }

    /** Unmaps every reader, closes the catalogue and releases the writer lock. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        readers.values().forEach(SectorReader::close);
        readers.clear();
        retired.forEach(SectorReader::close);
        retired.clear();
        catalogue.close();
        if (lock != null) {
            lock.close();
        }
    }
}
