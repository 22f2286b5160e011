package org.merrills.db;

import static org.merrills.db.SectorFileFormat.*;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.merrills.db.SectorFileException.Problem;

/**
 * A database directory: one sector file per solved sector ({@link SectorFileFormat}) and the
 * {@link Catalogue}, an index of them. Every value stored is under one rule fingerprint, and a
 * directory never mixes two. Any number of threads and processes may read; one process at a time
 * may write, holding the {@link WriterLock}.
 *
 * <p>The sector files are the truth. Each names its sector and rules and carries its checksums,
 * so a reader needs nothing else: it opens the files directly, read-only, and never the
 * catalogue. That is why reading works on a read-only directory, a read-only mount and another
 * user's files, and why no reader can make a writer wait. A writer opening the directory first
 * makes the catalogue an index of the files again ({@link DirectoryRepair}): temporaries of an
 * interrupted write are removed, files that fail their checks are set aside (renamed, never
 * deleted), files without a matching row are checked and catalogued, and the catalogue is written
 * afresh and renamed into place. A missing or damaged catalogue thus costs a recount, never a sector.
 *
 * <p>Crash safety: a sector is written to {@code <sector>.msdb.tmp-<pid>-<n>}, forced to disk,
 * verified, renamed into place (the directory forced too) and then catalogued; a crash at any
 * point leaves the directory with the old file or the new, whole one, and the next writer
 * catalogues whichever it finds.
 *
 * <p>Readers: {@link #reader} maps a sector once per Database and checks its header, footer and
 * tables then, and each data block on its first read. A reader that mapped a sector before a
 * writer replaced it keeps reading the old, whole file.
 */
public final class Database implements AutoCloseable {
    private static final AtomicInteger TEMP_COUNTER = new AtomicInteger();
    /** Room kept free beyond a new file, for the catalogue and the file system's own needs. */
    private static final long SPACE_MARGIN = 1L << 20;

    /** What {@link #survey} finds: the rows the sound files support, the damaged files, and how the rows were got. */
    public record Survey(SortedMap<String, SectorMeta> rows, SortedMap<String, String> damaged, List<String> notes) {
    }

    private final Path dir;
    private final String fingerprint;
    private final WriterLock lock;
    private final Catalogue catalogue;
    private final List<String> notes;
    private final ConcurrentHashMap<String, SectorReader> readers = new ConcurrentHashMap<>();
    /** Readers of replaced sectors: other threads may still hold them, so they are unmapped only on close. */
    private final List<SectorReader> retired = new ArrayList<>();
    private final int blockSize;
    /** A reader's catalogue, re-read only when it or a file changes; null for a writer, which holds the catalogue itself. */
    private final CatalogueView view;
    private volatile boolean closed;

    private Database(Path dir, String fingerprint, WriterLock lock, Catalogue catalogue, List<String> notes, int blockSize) {
        this.dir = dir;
        this.fingerprint = fingerprint;
        this.lock = lock;
        this.catalogue = catalogue;
        this.notes = notes;
        this.blockSize = blockSize;
        this.view = catalogue == null ? new CatalogueView(dir, fingerprint) : null;
    }

    /**
     * Opens the database in {@code dir} for values solved under {@code ruleFingerprint}.
     * {@code writable} creates the directory if missing, takes the writer lock and repairs what a
     * crashed writer or a damaged catalogue left ({@link #notes()} says what); read-only changes
     * nothing and needs no write access.
     *
     * @throws DatabaseException if another process writes the directory ({@link DatabaseException.Kind#BUSY}),
     *                           it holds sectors solved under other rules, or (read-only) it does not exist
     */
    public static Database open(Path dir, String ruleFingerprint, boolean writable) {
        return open(dir, ruleFingerprint, writable, DEFAULT_BLOCK_SIZE);
    }

    /** {@link #open(Path, String, boolean)} writing files with a given checksum block size (tests). */
    static Database open(Path dir, String ruleFingerprint, boolean writable, int blockSize) {
        if (ruleFingerprint == null || ruleFingerprint.isEmpty()) {
            throw new IllegalArgumentException("a database needs a rule fingerprint");
        }
        if (!writable) {
            requireDirectory(dir);
            for (Map.Entry<String, String> e : rulesOf(dir).entrySet()) {
                if (!e.getKey().equals(ruleFingerprint)) {
                    throw rulesMismatch(dir, e.getKey(), e.getValue(), ruleFingerprint);
                }
            }
            return new Database(dir, ruleFingerprint, null, null, List.of(), blockSize);
        }
        createDirectory(dir);
        WriterLock lock = WriterLock.acquire(dir);
        try {
            DirectoryRepair.Outcome outcome = DirectoryRepair.repair(dir, ruleFingerprint, DirectoryRepair.Depth.ON_OPEN);
            Catalogue catalogue = Catalogue.create(dir, outcome.rows());
            return new Database(dir, ruleFingerprint, lock, catalogue, outcome.notes(), blockSize);
        } catch (RuntimeException | Error e) {
            lock.close();
            throw e;
        }
    }

    /**
     * {@code merrills repair}: takes the writer lock, checks every sector file in full, sets aside
     * the damaged ones and those solved under rules other than {@code ruleFingerprint}, removes
     * temporaries and rebuilds the catalogue; returns what it did, or that all was well.
     */
    public static List<String> repair(Path dir, String ruleFingerprint) {
        requireDirectory(dir);
        try (WriterLock lock = WriterLock.acquire(dir)) {
            DirectoryRepair.Outcome outcome = DirectoryRepair.repair(dir, ruleFingerprint, DirectoryRepair.Depth.FULL);
            Catalogue.create(dir, outcome.rows()).close();
            List<String> report = new ArrayList<>(outcome.notes());
            report.add(outcome.rows().size() + " sound sector file" + (outcome.rows().size() == 1 ? "" : "s")
                + " catalogued, " + outcome.damaged().size() + " set aside");
            return List.copyOf(report);
        }
    }

    /**
     * The rules {@link #repair} should keep in a directory whose sector files mix rules: those of
     * its catalogue if it can be read, else those of the most files; empty when neither decides.
     */
    public static java.util.Optional<String> prevailingRules(Path dir) {
        requireDirectory(dir);
        return DirectoryRepair.prevailingRules(dir);
    }

    /**
     * What a reader can learn of {@code dir} without changing it: a row for every sound sector
     * file (from the catalogue where it matches the file, else counted from the file), and the
     * damaged files with their problem. {@code full} reads every block of every file (else only
     * the files without a matching catalogue row).
     */
    public static Survey survey(Path dir, boolean full) {
        requireDirectory(dir);
        DirectoryRepair.Outcome o = DirectoryRepair.survey(dir, full);
        return new Survey(o.rows(), o.damaged(), o.notes());
    }

    /** The rows of {@link #survey}, sorted by sector name. */
    public static SortedMap<String, SectorMeta> readCatalogue(Path dir) {
        return survey(dir, false).rows();
    }

    /**
     * The rule fingerprints of the sector files of {@code dir} that have a sound header, each with
     * one sector solved under it; files that fail their checks are left out.
     */
    public static SortedMap<String, String> rulesOf(Path dir) {
        requireDirectory(dir);
        SortedMap<String, String> rules = new TreeMap<>();
        sectorsByRules(dir).forEach((fingerprint, sectors) -> rules.put(fingerprint, sectors.get(0)));
        return rules;
    }

    /** The sectors of each rule fingerprint among the sector files of {@code dir} with a sound header, in file order. */
    static SortedMap<String, List<String>> sectorsByRules(Path dir) {
        SortedMap<String, List<String>> rules = new TreeMap<>();
        for (Path f : SectorFiles.list(dir)) {
            String sector = SectorFiles.sectorOf(f.getFileName().toString());
            try {
                rules.computeIfAbsent(SectorReader.identify(f, sector, null).header().fingerprint(), k -> new ArrayList<>())
                    .add(sector);
            } catch (SectorFileException damagedOrGone) {
                // reported when the sector is read
            }
        }
        return rules;
    }

    /** The sectors of {@code dir} that have a file, sound or not, sorted by name. */
    public static List<String> sectorFiles(Path dir) {
        requireDirectory(dir);
        List<String> names = new ArrayList<>();
        for (Path f : SectorFiles.list(dir)) {
            names.add(SectorFiles.sectorOf(f.getFileName().toString()));
        }
        return names;
    }

    private static void requireDirectory(Path dir) {
        if (!Files.exists(dir)) {
            throw new DatabaseException(DatabaseException.Kind.MISSING, "no database directory " + dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new DatabaseException(dir + " is a file, not a database directory");
        }
    }

    private static void createDirectory(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new DatabaseException(dir + " is a file, not a database directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (AccessDeniedException e) {
            throw new DatabaseException("cannot create database directory " + dir + ": permission denied", e);
        } catch (FileSystemException e) {
            throw new DatabaseException("cannot create database directory " + dir + ": "
                + (e.getReason() == null ? e.getMessage() : e.getReason()), e);
        } catch (IOException e) {
            throw new DatabaseException("cannot create database directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private static DatabaseException rulesMismatch(Path dir, String found, String example, String wanted) {
        return new DatabaseException("rules mismatch: database " + dir + " holds sectors solved under rules '"
            + found + "' (for example " + example + "), not under rules '" + wanted + "'; use another directory");
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

    /** What a writable open found and did (temporaries removed, files set aside, the catalogue rebuilt). */
    public List<String> notes() {
        return notes;
    }

    /** The path of a sector's file. */
    public Path file(String sector) {
        return dir.resolve(fileName(checkName(sector)));
    }

    /**
     * Whether {@code sector} is in the database: its file is present with a sound header and footer
     * (and, for the writer, catalogued with the same checksum).
     */
    public boolean isComplete(String sector) {
        ensureOpen();
        try {
            long checksum = SectorReader.checksumOf(file(sector), sector, fingerprint);
            if (catalogue == null) {
                return true;
            }
            SectorMeta meta = catalogue.get(sector);
            return meta != null && meta.isComplete() && checksum == meta.fileChecksum();
        } catch (SectorFileException e) {
            return false;
        }
    }

    /**
     * The values of a complete sector, mapped once and shared by all threads of this process.
     *
     * @throws DatabaseException of kind {@link DatabaseException.Kind#MISSING} if the sector is not in the database
     * @throws SectorFileException if its file fails a check
     */
    public SectorReader reader(String sector) {
        ensureOpen();
        SectorReader r = readers.get(sector);
        return r != null ? r : readers.computeIfAbsent(checkName(sector), this::openReader);
    }

    /**
     * A reader of a complete sector opened as {@link #reader} opens it, but the caller's own: not
     * shared, closed by the caller. For a reader that must decide itself when to unmap, such as a
     * long-lived probe that follows a file a pack replaces.
     *
     * @throws DatabaseException of kind {@link DatabaseException.Kind#MISSING} if the sector is not in the database
     * @throws SectorFileException if its file fails a check
     */
    public SectorReader ownReader(String sector) {
        ensureOpen();
        return openReader(checkName(sector));
    }

    private SectorReader openReader(String sector) {
        if (catalogue == null) {
            return openFile(sector);
        }
        for (int attempt = 0; ; attempt++) {
            SectorMeta meta = requireRow(sector);
            SectorReader r = openFile(sector);
            if (r.fileChecksum() == meta.fileChecksum()) {
                return r;
            }
            r.close();
            if (attempt == 3) { // not this process replacing the sector under us: they disagree
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

    /**
     * The one place a sector file is opened for reading. The reader is the caller's own, closed
     * by the caller, never shared through {@link #reader}: {@link #closeReadersExcept} on another
     * thread cannot unmap it under its user (a solve packs each unit's file behind the next
     * unit's solve, which closes the shared readers it no longer needs).
     */
    SectorReader openFile(String sector) {
        Path f = file(sector);
        if (!Files.exists(f)) {
            throw missing(sector);
        }
        return SectorReader.open(f, sector, fingerprint);
    }

    private DatabaseException missing(String sector) {
        return new DatabaseException(DatabaseException.Kind.MISSING, "sector " + sector + " is not in database " + dir
            + " (not solved yet?)");
    }

    private SectorMeta requireRow(String sector) {
        SectorMeta meta = catalogue.get(sector);
        if (meta == null || !meta.isComplete()) {
            throw missing(sector);
        }
        return meta;
    }

    /**
     * Unmaps the reader of {@code sector} if it is open (as {@link #closeReadersExcept} does for
     * all but some): for a caller that has copied what it needs out of the file.
     */
    public synchronized void closeReader(String sector) {
        ensureOpen();
        SectorReader r = readers.remove(sector);
        if (r != null) {
            r.close();
        }
    }

    /**
     * Unmaps the readers of every sector not in {@code keep}; a later {@link #reader} maps its
     * sector again (and checks each block again on its first read). For a run that reads each
     * sector for a while and then no more, such as a solve of the whole game: without it every
     * sector ever read stays mapped and resident. Only for a caller that holds no reader or
     * value source of those sectors any more, in any thread.
     */
    public synchronized void closeReadersExcept(Set<String> keep) {
        ensureOpen();
        for (String name : List.copyOf(readers.keySet())) {
            if (!keep.contains(name)) {
                SectorReader r = readers.remove(name);
                if (r != null) {
                    r.close();
                }
            }
        }
        retired.forEach(SectorReader::close);
        retired.clear();
    }

    /**
     * The full check of a sector's file: header, footer, tables, every block and the file checksum,
     * which must also be the one catalogued (for the writer).
     *
     * @return the file checksum, which names these bytes (see {@link VerifyJournal#evidence})
     */
    public long verify(String sector) {
        ensureOpen();
        SectorMeta meta = catalogue == null ? null : requireRow(checkName(sector));
        try (SectorReader r = openFile(checkName(sector))) {
            r.verifyAll();
            if (meta != null && r.fileChecksum() != meta.fileChecksum()) {
                throw new SectorFileException(r.file(), Problem.FILE_CHECKSUM, String.format(
                    "the catalogue records %08x, the file %08x", meta.fileChecksum(), r.fileChecksum()));
            }
            return r.fileChecksum();
        }
    }

    /** The catalogue's file name in a database directory. */
    public static final String CATALOGUE_FILE = Catalogue.FILE_NAME;
    /**
     * The disk a new database's catalogue takes, with room: a fresh one is 2,375,680 bytes (its
     * map sized for every sector of the biggest game; measured 2026-12-05, held by a test).
     */
    public static final long CATALOGUE_BYTES = 3L << 20;

    /**
     * The disk a solve of sectors of these entry counts needs, as {@link #create} will ask for it
     * file by file: every plain file with no overflow table, and the margin kept free beside the
     * last (a solve checks this before it starts, so that it is not refused halfway).
     */
    public static long spaceFor(long[] entriesOfEachFile) {
        long bytes = SPACE_MARGIN;
        for (long entries : entriesOfEachFile) {
            bytes += new Layout(entries, DEFAULT_BLOCK_SIZE, 0).fileLength();
        }
        return bytes;
    }

    /**
     * Starts writing a sector of {@code entries} values into a temporary file.
     *
     * @throws DatabaseException of kind {@link DatabaseException.Kind#NO_SPACE} if the disk has not room for the file
     */
    public SectorWriter create(String sector, long entries) {
        ensureOpen();
        if (lock == null) {
            throw new IllegalStateException("database " + dir + " was opened read-only");
        }
        long needed = new Layout(entries, blockSize, 0).fileLength() + SPACE_MARGIN;
        long free = usableSpace(dir);
        if (free < needed) {
            throw new DatabaseException(DatabaseException.Kind.NO_SPACE, String.format(
                "not enough disk space for sector %s in %s: it needs %,d bytes, %,d are free", sector, dir, needed, free));
        }
        return SectorWriter.create(tempFile(sector), sector, fingerprint, entries, blockSize, this::publish);
    }

    /** A new temporary name for a file of {@code sector}: cleaned up by the next writer if left behind. */
    Path tempFile(String sector) {
        return dir.resolve(fileName(checkName(sector)) + ".tmp-" + ProcessHandle.current().pid() + "-"
            + TEMP_COUNTER.incrementAndGet());
    }

    /** Bytes free for this user on the file system of {@code dir}. */
    public static long usableSpace(Path dir) {
        try {
            Path existing = dir.toAbsolutePath();
            while (!Files.exists(existing) && existing.getParent() != null) { // a directory not made yet: its disk
                existing = existing.getParent();
            }
            return Files.getFileStore(existing).getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE; // unknown: let the write itself find out
        }
    }

    /**
     * Every catalogued sector, sorted by name. For a reader: the rows of the catalogue that match
     * their files (no file is counted; see {@link #survey} for that).
     */
    public SortedMap<String, SectorMeta> catalogue() {
        ensureOpen();
        if (catalogue != null) {
            return catalogue.snapshot();
        }
        return view.rows(this::file);
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
            SectorFiles.forceDirectory(dir);
        } catch (AtomicMoveNotSupportedException e) {
            throw new DatabaseException("the file system of " + dir + " cannot rename atomically", e);
        } catch (IOException e) {
            throw new DatabaseException("cannot rename " + temp + " to " + target + ": " + e.getMessage(), e);
        }
        if (!row.equals(current)) {
            catalogue.put(sector, row);
        }
    }

    private static String checkName(String sector) {
        if (!SectorFiles.isSectorName(sector)) {
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
        try {
            if (catalogue != null) {
                catalogue.close();
            }
        } finally {
            if (lock != null) {
                lock.close();
            }
        }
    }
}
