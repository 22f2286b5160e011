package org.merrills.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A read-only database's catalogue as it stands now, for callers that ask often (the server's
 * {@code GET /v1/database}, a probe's missing-sector messages). Reading the catalogue means
 * copying its Chronicle Map and opening the copy (see {@link CatalogueSeal} for why), tens of
 * milliseconds for the standard game, and a row counts only while its file carries the row's
 * checksum, a footer read per file. Both are kept here and redone only when they can have changed:
 * the rows when the seal's text changes (every writer re-seals after each change, by rename), a
 * file's checksum when another file stands at its path (file key, size and modification time).
 * A catalogue without a seal (an older version) is read in full every time.
 */
final class CatalogueView {
    /** The rows of one sealed state of the catalogue, before any file was checked against them. */
    private record SealedRows(CatalogueSeal seal, SortedMap<String, SectorMeta> rows) {
    }

    /** What identifies the file standing at a path: replaced by rename, it has another key. */
    private record Stamp(Object key, long size, long modifiedNanos) {
        static Stamp of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(a.fileKey(), a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS));
        }
    }

    /** A file's checksum as read from its footer while it had {@code stamp}; null if it could not be read. */
    private record Checked(Stamp stamp, Long checksum) {
    }

    private final Path dir;
    private final String fingerprint;
    private volatile SealedRows sealed;
    private final ConcurrentHashMap<String, Checked> checked = new ConcurrentHashMap<>();

    CatalogueView(Path dir, String fingerprint) {
        this.dir = dir;
        this.fingerprint = fingerprint;
    }

    /** The catalogue's rows whose sector file is in place and carries the row's checksum, sorted by sector. */
    SortedMap<String, SectorMeta> rows(Function<String, Path> fileOf) {
        SortedMap<String, SectorMeta> result = new TreeMap<>();
        catalogueRows().forEach((sector, row) -> {
            Path file;
            try {
                file = fileOf.apply(sector);
            } catch (IllegalArgumentException notASectorName) {
                return; // a damaged row; no file of this directory can match it
            }
            Long sum = checksum(sector, file);
            if (sum != null && sum == row.fileChecksum()) {
                result.put(sector, row);
            }
        });
        return result;
    }

    private SortedMap<String, SectorMeta> catalogueRows() {
        CatalogueSeal before = CatalogueSeal.read(dir);
        SealedRows known = sealed;
        if (before != null && known != null && known.seal.equals(before)) {
            return known.rows;
        }
        Catalogue.Read read = Catalogue.readCopy(dir);
        SortedMap<String, SectorMeta> rows = read.rows() == null ? new TreeMap<>() : read.rows();
        CatalogueSeal after = CatalogueSeal.read(dir);
        if (read.rows() != null && before != null && before.equals(after)) {
            sealed = new SealedRows(after, rows); // no writer sealed in between: the copy is of this seal
        }
        return rows;
    }

    /** The checksum of the sector file at {@code file}, read again only if another file stands there; null if none can be read. */
    private Long checksum(String sector, Path file) {
        Stamp stamp;
        try {
            stamp = Stamp.of(file);
        } catch (NoSuchFileException e) {
            checked.remove(sector);
            return null;
        } catch (IOException e) {
            return null;
        }
        Checked known = checked.get(sector);
        if (known != null && known.stamp.equals(stamp) && stamp.key != null) {
            return known.checksum;
        }
        Long sum;
        try {
            sum = SectorReader.checksumOf(file, sector, fingerprint);
        } catch (RuntimeException unreadable) {
            sum = null; // not a file of this sector and these rules: no row of this directory
        }
        checked.put(sector, new Checked(stamp, sum));
        return sum;
    }
}
