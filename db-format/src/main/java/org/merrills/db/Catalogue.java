package org.merrills.db;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import net.openhft.chronicle.map.ChronicleMap;

/**
 * The catalogue of a database directory: a Chronicle Map persisted in {@value #FILE_NAME}, from
 * sector name to its {@link SectorMeta} (stored as text, see {@link SectorMetaCodec}). Many
 * processes may read it while the one writer updates it.
 *
 * <p>Chronicle Map's recovery must not run while another process uses the map, so only the
 * writer recovers, and only when the lock file shows that the previous writer died.
 */
final class Catalogue implements AutoCloseable {
    static final String FILE_NAME = "catalogue.mcat";
    private static final long MAX_SECTORS = 4096;

    private final Path file;
    private ChronicleMap<String, String> map;
    private boolean closed;

    private Catalogue(Path file, ChronicleMap<String, String> map) {
        this.file = file;
        this.map = map;
    }

    /**
     * The writer's catalogue: created if missing; recovered (Chronicle Map's crash repair) when
     * {@code recover}, i.e. when the previous writer died while it may have been updating it.
     */
    static Catalogue openForWriting(Path dir, boolean recover) {
        Path file = dir.resolve(FILE_NAME);
        try {
            File f = file.toFile();
            ChronicleMap<String, String> map = recover && Files.exists(file)
                ? builder().recoverPersistedTo(f, true)
                : builder().createPersistedTo(f);
            return new Catalogue(file, map);
        } catch (IOException | RuntimeException e) {
            throw new DatabaseException("cannot open the catalogue " + file + ": " + e.getMessage(), e);
        }
    }

    /** A reader's catalogue: never creates the file; empty until a writer has created it. */
    static Catalogue openForReading(Path dir) {
        Catalogue c = new Catalogue(dir.resolve(FILE_NAME), null);
        c.attach();
        return c;
    }

    private static net.openhft.chronicle.map.ChronicleMapBuilder<String, String> builder() {
        return ChronicleMap.of(String.class, String.class)
            .name("merrills-catalogue")
            .entries(MAX_SECTORS)
            .averageKey("10-10-10-10")
            .averageValueSize(420);
    }

    private synchronized ChronicleMap<String, String> attach() {
        if (closed) {
            throw new IllegalStateException("the catalogue " + file + " is closed");
        }
        if (map == null && Files.exists(file)) {
            try {
                map = builder().createPersistedTo(file.toFile());
            } catch (IOException | RuntimeException e) {
                throw new DatabaseException("cannot open the catalogue " + file + ": " + e.getMessage(), e);
            }
        }
        return map;
    }

    /** The row of {@code sector}, or null. */
    SectorMeta get(String sector) {
        ChronicleMap<String, String> m = attach();
        String text = m == null ? null : m.get(sector);
        return text == null ? null : SectorMetaCodec.decode(sector, text);
    }

    void put(String sector, SectorMeta meta) {
        attach().put(sector, SectorMetaCodec.encode(meta));
    }

    void remove(String sector) {
        attach().remove(sector);
    }

    /** Every row, sorted by sector name. */
    SortedMap<String, SectorMeta> snapshot() {
        ChronicleMap<String, String> m = attach();
        if (m == null) {
            return Collections.emptySortedMap();
        }
        TreeMap<String, SectorMeta> rows = new TreeMap<>();
        for (Map.Entry<String, String> e : m.entrySet()) {
            rows.put(e.getKey(), SectorMetaCodec.decode(e.getKey(), e.getValue()));
        }
        return rows;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (map != null) {
            map.close();
            map = null;
        }
    }
}
