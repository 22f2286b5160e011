package org.merrills.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Function;
import org.merrills.db.SectorReader;
import org.merrills.index.Sector;

/**
 * The sector files a database probe reads, one mapped reader per sector, each following its file.
 * {@code merrills pack} (and {@code solve --pack}, behind the next unit) renames a packed file
 * over a sector's plain one; a reader that kept the old mapping would keep the old file's disk
 * space, deleted but whole, for as long as the process runs: a server left open beside a pack of
 * the standard game could hold most of its 27 GB and fill the disk the pack was meant to free. So
 * a watcher looks at each open sector's file once a second and, when another file stands at its
 * path, opens that one for the reads that follow and unmaps the old one as soon as no read is
 * inside it. The values are the same (a packed file unpacks to the plain one's checksum); only
 * the disk comes back.
 *
 * <p>A read announces itself in a counter of its own stripe before it looks whether its reader
 * was replaced, and the watcher marks a reader replaced before it sums the counters: of two
 * threads each writing first and reading after, at least one sees the other's write, so either
 * the watcher sees the read and waits, or the read sees the mark and takes the new reader. The
 * stripes (one cache line per stripe, picked by thread) keep the threads of a server off one
 * another's line.
 */
final class OpenSectors implements AutoCloseable {
    /** How often the watcher looks at the open sectors' files. */
    static final long WATCH_MILLIS = 1000;
    /** Ints per stripe: one 64-byte cache line. */
    private static final int PAD = 16;

    /** One file's reader, and the reads inside it now. */
    private static final class Open {
        final SectorReader reader;
        /** What names the file that was mapped ({@link #identity}); another file at the path has another. */
        final Object identity;
        final AtomicIntegerArray reads;
        volatile boolean replaced;

        Open(SectorReader reader, Object identity, int stripes) {
            this.reader = reader;
            this.identity = identity;
            this.reads = new AtomicIntegerArray(stripes * PAD);
        }

        boolean idle() {
            for (int i = 0; i < reads.length(); i += PAD) {
                if (reads.get(i) != 0) {
                    return false;
                }
            }
            return true;
        }
    }

    private final Function<Sector, SectorReader> opener;
    private final Function<Sector, Path> fileOf;
    private final ConcurrentHashMap<Sector, Open> open = new ConcurrentHashMap<>();
    /** Readers replaced while reads may still be inside them: unmapped by the watcher once idle. */
    private final List<Open> retired = new CopyOnWriteArrayList<>();
    private final int stripeMask;
    private final ScheduledExecutorService watcher;

    /**
     * @param opener opens a sector's file for reading (throwing what a probe of a missing sector
     *     throws); each reader it returns is this object's own, closed here
     * @param fileOf the path of a sector's file
     */
    OpenSectors(Function<Sector, SectorReader> opener, Function<Sector, Path> fileOf) {
        this.opener = opener;
        this.fileOf = fileOf;
        int threads = 2 * Runtime.getRuntime().availableProcessors();
        this.stripeMask = Math.min(64, Integer.highestOneBit(Math.max(1, threads - 1)) << 1) - 1;
        this.watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "merrills-sector-files");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::watch, WATCH_MILLIS, WATCH_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** The stored value at {@code index} of {@code sector}. */
    int value(Sector sector, long index) {
        int stripe = (Thread.currentThread().hashCode() & stripeMask) * PAD;
        for (;;) {
            Open o = open.get(sector);
            if (o == null) {
                o = open.computeIfAbsent(sector, this::openSector);
            }
            o.reads.getAndIncrement(stripe);
            try {
                if (!o.replaced) {
                    return o.reader.value(index);
                }
            } finally {
                o.reads.getAndDecrement(stripe);
            }
        }
    }

    private Open openSector(Sector sector) {
        Path file = fileOf.apply(sector);
        for (int attempt = 0; ; attempt++) {
            Object before = identity(file);
            SectorReader r = opener.apply(sector);
            // the reader checked its header through its own mapping; if the path names one file
            // before and after, that is the file mapped (a rename in between shows a new identity);
            // where the file system tells nothing (null both times) the reader is never replaced
            Object after = identity(file);
            if (Objects.equals(before, after)) {
                return new Open(r, after, stripeMask + 1);
            }
            r.close();
            if (attempt == 3) {
                throw new IllegalStateException("the file of sector " + sector + ", " + file
                    + ", keeps being replaced while it is opened");
            }
        }
    }

    /** The watcher's round: replaces the readers whose file was replaced, and unmaps the old ones once idle. */
    private void watch() {
        try {
            for (var e : open.entrySet()) {
                Open o = e.getValue();
                Object now = identity(fileOf.apply(e.getKey()));
                if (now != null && o.identity != null && !now.equals(o.identity)) {
                    Open fresh;
                    try {
                        fresh = openSector(e.getKey());
                    } catch (RuntimeException notNow) {
                        continue; // mid-rename, or damaged: keep the old reader and look again next round
                    }
                    if (open.replace(e.getKey(), o, fresh)) {
                        o.replaced = true;
                        retired.add(o);
                    } else {
                        fresh.reader.close();
                    }
                }
            }
            for (Open o : retired) {
                if (o.idle()) {
                    retired.remove(o);
                    o.reader.close();
                }
            }
        } catch (RuntimeException e) {
            // a task that throws is never run again, and every later replacement would stay mapped:
            // the next round tries again
        }
    }

    /**
     * What tells one file at {@code path} from another put there later: its file key (device and
     * inode) where the file system has one, else its modification time and size; null when no
     * file is there.
     */
    static Object identity(Path path) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            Object key = a.fileKey();
            return key != null ? key : List.of(a.lastModifiedTime(), a.size());
        } catch (IOException gone) { // NoSuchFileException, or unreadable: no file to tell apart
            return null;
        }
    }

    /** Stops the watcher and unmaps every reader: no read may be in flight. */
    @Override
    public void close() {
        watcher.shutdownNow();
        try {
            watcher.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Open o : open.values()) {
            o.reader.close();
        }
        open.clear();
        for (Open o : retired) {
            o.reader.close();
        }
        retired.clear();
    }
}
