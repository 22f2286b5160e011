package org.merrills.db;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/**
 * The catalogue of a database directory: a Chronicle Map persisted in {@value #FILE_NAME}, from
 * sector name to its {@link SectorMeta} (stored as text, see {@link SectorMetaCodec}). It is an
 * index of the sector files, which are the truth: each names its sector and rules and carries its
 * checksums, so a lost or damaged catalogue is rebuilt from them ({@link DirectoryRepair}).
 *
 * <p>How no one waits on anyone: only the writer ever opens the shared file, and only a file it
 * created itself in this run. Opening a database for writing builds a fresh map under a temporary
 * name, fills it, renames it over the old one and seals it ({@link CatalogueSeal}); every update
 * after that re-seals it. Chronicle Map's own recovery, which takes the file's lock and so waits
 * for every process that has the map open, is never run on the shared file. A reader (only
 * {@code stats} wants the rows; lookups need nothing but the sector files) copies the file to a
 * private temporary file and opens the copy: it never needs write access to the directory, never
 * holds a lock a writer could wait for, and never sees the writer's half-done update, since a
 * copy that does not match the seal is not opened (a catalogue from before seals existed is
 * recovered in its private copy instead).
 */
final class Catalogue implements AutoCloseable {
    static final String FILE_NAME = "catalogue.mcat";
    private static final long MAX_SECTORS = 4096;
    /** The first bytes of every persisted Chronicle Map (its header's magic). */
    private static final byte[] CHRONICLE_MAGIC = {0x6a, 0x3b, (byte) 0x8e, 0x41, (byte) 0xf3, 0x07, (byte) 0xf5, (byte) 0xee};
    private static final long OPEN_TIMEOUT_SECONDS = 60;

    static {
        // Chronicle warns at length when it recovers a map; here that happens only to private copies.
        System.setProperty("org.slf4j.simpleLogger.log.net.openhft.chronicle.map", "error");
        System.setProperty("org.slf4j.simpleLogger.log.net.openhft.chronicle.hash", "error");
    }

    /** What reading a catalogue gave: its rows, or null and why not. */
    record Read(SortedMap<String, SectorMeta> rows, String problem) {
    }

    private final Path dir;
    private ChronicleMap<String, String> map;

    private Catalogue(Path dir, ChronicleMap<String, String> map) {
        this.dir = dir;
        this.map = map;
    }

    /** The writer's catalogue: a fresh map holding {@code rows}, renamed into place and sealed. */
    static Catalogue create(Path dir, SortedMap<String, SectorMeta> rows) {
        Path temp = dir.resolve(FILE_NAME + ".tmp-" + ProcessHandle.current().pid());
        ChronicleMap<String, String> map = null;
        try {
            Files.deleteIfExists(temp);
            map = builder().createPersistedTo(temp.toFile());
            for (Map.Entry<String, SectorMeta> e : rows.entrySet()) {
                map.put(e.getKey(), SectorMetaCodec.encode(e.getValue()));
            }
            Files.move(temp, dir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            SectorFiles.forceDirectory(dir);
            CatalogueSeal.write(dir);
            return new Catalogue(dir, map);
        } catch (IOException | RuntimeException | InternalError e) {
            if (map != null) {
                map.close();
            }
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the first error is the one to report; the next writer removes the temporary
            }
            if (e instanceof DatabaseException de) {
                throw de;
            }
            boolean full = e instanceof InternalError || DatabaseException.isNoSpace(e);
            throw new DatabaseException(full ? DatabaseException.Kind.NO_SPACE : DatabaseException.Kind.UNUSABLE,
                "cannot write the catalogue of " + dir + ": " + (full ? "the disk is full" : e.getMessage()), e);
        }
    }

    /**
     * The rows of {@code dir}'s catalogue from a private copy, never touching the file itself:
     * opened as it is when it matches its seal, recovered when it has no seal but a sound header,
     * and not opened at all otherwise (the problem says why).
     */
    static Read readCopy(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        Path copy = null;
        try {
            if (!Files.exists(file)) {
                return new Read(null, "missing");
            }
            if (Files.size(file) == 0) {
                return new Read(null, "empty");
            }
            if (!hasChronicleHeader(file)) {
                return new Read(null, "not a Chronicle Map (zeroed, truncated or overwritten)");
            }
            CatalogueSeal seal = CatalogueSeal.read(dir);
            copy = Files.createTempFile("merrills-catalogue-", ".mcat");
            boolean sealed = false;
            for (int attempt = 0; attempt < 3 && seal != null && !sealed; attempt++) {
                sealed = CatalogueSeal.of(file, copy).equals(seal); // a writer may be re-sealing: try again
                if (!sealed) {
                    seal = CatalogueSeal.read(dir);
                }
            }
            if (seal != null && !sealed) {
                return new Read(null, "damaged (its bytes do not match its seal)");
            }
            if (seal == null) {
                CatalogueSeal.of(file, copy);
            }
            SortedMap<String, SectorMeta> rows = openCopy(copy, !sealed);
            return new Read(rows, null);
        } catch (TimeoutException e) {
            return new Read(null, "unreadable within " + OPEN_TIMEOUT_SECONDS + " s (damaged)");
        } catch (IOException | RuntimeException | InternalError | ExecutionException e) {
            return new Read(null, "unreadable (" + (e.getMessage() == null ? e.getClass().getSimpleName()
                : e.getMessage()) + ")");
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    // a private temporary file; nothing depends on it
                }
            }
        }
    }

    /** Opens a private copy in a watchdog thread, so that a damaged copy cannot hang the caller for ever. */
    private static SortedMap<String, SectorMeta> openCopy(Path copy, boolean recover)
            throws ExecutionException, TimeoutException {
        FutureTask<SortedMap<String, SectorMeta>> task = new FutureTask<>(() -> {
            try (ChronicleMap<String, String> m = recover ? builder().recoverPersistedTo(copy.toFile(), true)
                : builder().createPersistedTo(copy.toFile())) {
                return snapshot(m);
            }
        });
        Thread t = new Thread(task, "merrills-catalogue-reader");
        t.setDaemon(true);
        t.start();
        try {
            return task.get(OPEN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted while reading the catalogue", e);
        }
    }

    private static boolean hasChronicleHeader(Path file) throws IOException {
        byte[] head = new byte[12];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, head.length) < head.length) {
                return false;
            }
        } catch (NoSuchFileException e) {
            return false;
        }
        int word = (head[8] & 0xFF) | (head[9] & 0xFF) << 8 | (head[10] & 0xFF) << 16 | (head[11] & 0xFF) << 24;
        // the header's length word: complete (top bit clear) and not empty
        return Arrays.equals(Arrays.copyOf(head, 8), CHRONICLE_MAGIC) && word > 0 && (word & 0x3FFFFFFF) < Files.size(file);
    }

    private static ChronicleMapBuilder<String, String> builder() {
        return ChronicleMap.of(String.class, String.class)
            .name("merrills-catalogue")
            .entries(MAX_SECTORS)
            .averageKey("10-10-10-10")
            .averageValueSize(420);
    }

    /** The row of {@code sector}, or null. */
    SectorMeta get(String sector) {
        String text = map.get(sector);
        return text == null ? null : SectorMetaCodec.decode(sector, text);
    }

    void put(String sector, SectorMeta meta) {
        update(() -> map.put(sector, SectorMetaCodec.encode(meta)));
    }

    void remove(String sector) {
        update(() -> map.remove(sector));
    }

    private void update(Runnable change) {
        try {
            change.run();
        } catch (InternalError e) {
            throw new DatabaseException(DatabaseException.Kind.NO_SPACE, "cannot update the catalogue of " + dir
                + ": the disk is full", e);
        }
        CatalogueSeal.write(dir);
    }

    /** Every row, sorted by sector name. */
    SortedMap<String, SectorMeta> snapshot() {
        return map == null ? Collections.emptySortedMap() : snapshot(map);
    }

    private static SortedMap<String, SectorMeta> snapshot(ChronicleMap<String, String> m) {
        TreeMap<String, SectorMeta> rows = new TreeMap<>();
        for (Map.Entry<String, String> e : m.entrySet()) {
            rows.put(e.getKey(), SectorMetaCodec.decode(e.getKey(), e.getValue()));
        }
        return rows;
    }

    @Override
    public synchronized void close() {
        if (map != null) {
            map.close();
            map = null;
            CatalogueSeal.write(dir);
        }
    }
}
