package org.merrills.db;

import static org.merrills.db.SectorFileFormat.SUFFIX;
import static org.merrills.db.SectorFileFormat.TEMP_MARK;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The names in a database directory and what may be done to them. The rule is that a sector
 * file is never deleted: it is the only copy of hours of work. What fails its checks is renamed
 * aside ({@code <sector>.msdb.damaged-<time>}) for a person to look at; what is removed is only a
 * temporary file of an interrupted write ({@code *.tmp-<pid>-<n>}), which by construction no
 * reader ever opened and no catalogue row names.
 */
final class SectorFiles {
    /** Marks a file set aside because it failed its checks; never read again by the program. */
    static final String DAMAGED_MARK = ".damaged-";
    private static final Pattern SECTOR_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,61}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private SectorFiles() {
    }

    /** Whether {@code sector} is a name a sector file may have (letters, digits, '.', '-', '_', at most 62). */
    static boolean isSectorName(String sector) {
        return sector != null && SECTOR_NAME.matcher(sector).matches();
    }

    /** The sector a file name holds, or null if it is no sector file (temporary, set aside, other). */
    static String sectorOf(String fileName) {
        if (!fileName.endsWith(SUFFIX) || fileName.contains(TEMP_MARK) || fileName.contains(DAMAGED_MARK)) {
            return null;
        }
        String sector = fileName.substring(0, fileName.length() - SUFFIX.length());
        return isSectorName(sector) ? sector : null;
    }

    /** Whether a file name is a temporary of an interrupted write: a sector file, the catalogue, its seal or the verify journal. */
    static boolean isTemporary(String fileName) {
        return fileName.contains(TEMP_MARK) || fileName.startsWith(Catalogue.FILE_NAME + ".tmp-")
            || fileName.startsWith(CatalogueSeal.FILE_NAME + ".tmp-") || fileName.startsWith(VerifyJournal.FILE_NAME + ".tmp-");
    }

    /** The sector files of {@code dir}, sorted by name. */
    static List<Path> list(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                if (sectorOf(p.getFileName().toString()) != null) {
                    out.add(p);
                }
            }
        } catch (NoSuchFileException e) {
            throw new DatabaseException(DatabaseException.Kind.MISSING, "no database directory " + dir, e);
        } catch (IOException e) {
            throw new DatabaseException("cannot list database directory " + dir + ": " + e.getMessage(), e);
        }
        Collections.sort(out);
        return out;
    }

    /** Deletes the temporary files of interrupted writes (the writer lock must be held); returns their names. */
    static List<String> removeTemporaries(Path dir) {
        List<String> removed = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                if (isTemporary(name)) {
                    Files.deleteIfExists(p);
                    removed.add(name);
                }
            }
        } catch (IOException e) {
            throw new DatabaseException("cannot clean up database directory " + dir + ": " + e.getMessage(), e);
        }
        Collections.sort(removed);
        return removed;
    }

    /** Renames a file that failed its checks out of the way and returns its new name. */
    static Path setAside(Path file) {
        String base = file.getFileName() + DAMAGED_MARK + LocalDateTime.now().format(STAMP);
        Path target = file.resolveSibling(base);
        for (int n = 2; Files.exists(target); n++) {
            target = file.resolveSibling(base + "-" + n);
        }
        try {
            Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
            forceDirectory(file.getParent());
        } catch (IOException e) {
            throw new DatabaseException("cannot set aside " + file + " (it fails its checks): " + e.getMessage(), e);
        }
        return target;
    }

    /** Forces a directory's entries (a rename) to disk, where the system lets a directory be opened. */
    static void forceDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            // some systems cannot open a directory; the rename is still atomic there
        }
    }
}
