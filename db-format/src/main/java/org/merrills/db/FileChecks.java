package org.merrills.db;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * The full checks ({@link Database#verify}) of many sector files at once, one file per thread,
 * the biggest first so that no thread is left with a big file when the others are done. A full
 * check reads and decodes every block of a file: the packed Morabaraba game's 39.4 GB took about
 * five minutes on one thread and 159 s on two (2026-12-07), and a resumed {@code verify} checks
 * every file again, since their checksums are what its journal's entries rest on.
 */
public final class FileChecks {
    private FileChecks() {
    }

    /**
     * A file's check: its checksum, or what is wrong with it ({@code problem} not null).
     *
     * @param bytes the file's length on disk
     */
    public record Result(String sector, long bytes, long checksum, RuntimeException problem) {
        public boolean sound() {
            return problem == null;
        }
    }

    /**
     * Checks the files of {@code sectors} in full on {@code threads} threads; {@code done} hears
     * of each file as its check ends (from the worker threads, one call at a time).
     *
     * @return the results in the order of {@code sectors}
     */
    public static List<Result> run(Database database, List<String> sectors, int threads, Consumer<Result> done) {
        long[] bytes = new long[sectors.size()];
        List<Integer> files = new ArrayList<>();
        for (int i = 0; i < sectors.size(); i++) {
            bytes[i] = length(database, sectors.get(i));
            files.add(i);
        }
        Result[] results = new Result[sectors.size()];
        Object report = new Object();
        biggestFirst(files, i -> bytes[i], threads, i -> {
            Result r = check(database, sectors.get(i), bytes[i]);
            results[i] = r;
            synchronized (report) {
                done.accept(r);
            }
        });
        return List.of(results);
    }

    /**
     * Does {@code work} for each of {@code items} on up to {@code threads} threads (on the
     * caller's if one), the biggest first, and returns when all are done; the first failure of
     * any is thrown as it was.
     */
    static <T> void biggestFirst(List<T> items, ToLongFunction<T> size, int threads, Consumer<T> work) {
        List<T> order = new ArrayList<>(items);
        order.sort(Comparator.comparingLong(size).reversed());
        int n = Math.min(threads, order.size());
        if (n <= 1) {
            order.forEach(work);
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "merrills-file-check");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> tasks = new ArrayList<>();
            for (T item : order) {
                tasks.add(pool.submit(() -> work.accept(item)));
            }
            for (Future<?> t : tasks) {
                t.get();
            }
        } catch (ExecutionException e) {
            throw TaskFailures.rethrow(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted while checking the sector files");
        } finally {
            pool.shutdownNow();
        }
    }

    /** A sector's file length on disk, 0 if it cannot be read (its check will say why). */
    public static long length(Database database, String sector) {
        try {
            return Files.size(database.file(sector));
        } catch (IOException e) {
            return 0;
        }
    }

    private static Result check(Database database, String sector, long bytes) {
        try {
            return new Result(sector, bytes, database.verify(sector), null);
        } catch (RuntimeException e) { // a damaged, missing or unreadable file: reported with the others
            return new Result(sector, bytes, 0, e);
        }
    }
}
