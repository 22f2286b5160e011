package org.merrills.retro;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.merrills.db.Database;
import org.merrills.db.Packing;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorWriter;
import org.merrills.db.TaskFailures;

/**
 * Writes a solved unit's sectors into the database on a thread of its own while the runner
 * solves the next unit, one unit at a time and in order. Writing a sector is a pass that copies
 * its values into the file, two that checksum it (the writer's, then the check before the
 * rename) and a wait for the disk: in the standard game's runs of 2026-12-05 that was 177 s of
 * the 3,366 s (5 %), on one thread while the others waited, the share growing with the cores.
 *
 * <p>Only one unit is ever in flight: {@link #submit} waits for the one before to be in the
 * database, so that the sectors are committed in the order they were solved (a crash leaves
 * the database as some prefix of the run left it), and only one unit's codes wait in memory.
 *
 * <p>A run that packs ({@code solve --pack}) packs each file in place as soon as it is in the
 * database ({@link Packing#pack}: checked, forced and renamed like any other write, the catalogue
 * row unchanged), so that the disk holds at most one unit's plain files at a time: the whole
 * Lasker and Morabaraba games take more than a workstation's disk at a byte per position.
 */
final class WriteBehind implements AutoCloseable {
    /** A sector to write, by name: its codes and the row to catalogue with it. */
    record Job(String sector, HeapValues codes, SectorMeta meta) {
    }

    private final Database db;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "merrills-writer");
        t.setDaemon(true);
        return t;
    });
    /** How each file is packed once written, or null to keep the plain files. */
    private final Packing.Options pack;
    /** The threads that compress a file's blocks, when packing. */
    private final ExecutorService packers;
    private Future<?> inFlight;

    WriteBehind(Database db) {
        this(db, null, 1);
    }

    /** Packs each file with {@code pack} on {@code threads} threads once written; plain files when null. */
    WriteBehind(Database db, Packing.Options pack, int threads) {
        this.db = db;
        this.pack = pack;
        this.packers = pack == null ? null : Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "merrills-packer");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts writing {@code jobs} once the unit before is in the database; throws what went wrong
     * writing that one.
     */
    void submit(List<Job> jobs) {
        await();
        inFlight = thread.submit(() -> {
            for (Job j : jobs) {
                write(j);
            }
            return null;
        });
    }

    /** Throws now if the unit in flight has failed; never waits. */
    void checkFailed() {
        if (inFlight != null && inFlight.isDone()) {
            await();
        }
    }

    /** Waits until the unit in flight (if any) is in the database; throws what went wrong writing it. */
    void await() {
        Future<?> f = inFlight;
        if (f == null) {
            return;
        }
        inFlight = null;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    f.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // the write goes on regardless: wait for its end, not half of it
                }
            }
        } catch (ExecutionException e) {
            throw TaskFailures.rethrow(e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void write(Job j) {
        SectorWriter w = db.create(j.sector(), j.codes().size());
        try {
            j.codes().writeTo(w);
            w.commit(j.meta());
        } catch (RuntimeException | Error e) {
            w.abort();
            throw e;
        }
        if (pack != null) {
            Packing.pack(db, db, j.sector(), pack, packers);
        }
    }

    /**
     * Lets the unit in flight finish (a run that fails keeps what it solved before), then stops
     * the thread; what went wrong in that write is thrown unless {@code failing} already says
     * what stopped the run, to which it is added.
     */
    void close(Throwable failing) {
        try {
            await();
        } catch (RuntimeException | Error e) {
            if (failing == null) {
                throw e;
            }
            failing.addSuppressed(e);
        } finally {
            thread.shutdown();
            if (packers != null) {
                packers.shutdown();
            }
        }
    }

    @Override
    public void close() {
        close(null);
    }
}
