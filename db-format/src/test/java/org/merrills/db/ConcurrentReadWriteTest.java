package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers, in the writing Database and in a second read-only one, keep reading a finished sector
 * while two threads write the next one (interleaved indices, so they share every word) and commit
 * it; the new sector appears to the readers whole, never before its commit.
 */
class ConcurrentReadWriteTest {
    static final String RULES = "morris/men=6/flying=on";
    static final int ENTRIES = 1_000_000;

    @TempDir
    Path dir;

    static int valueA(long i) {
        return (int) (i % 301) - 1;
    }

    static int valueB(long i) {
        return (int) ((i * 7) % 997) - 1;
    }

    @Test
    void readersNeverSeeAHalfWrittenSector() throws Exception {
        try (Database readOnly = Database.open(dir, RULES, false); // before any catalogue exists
             Database db = Database.open(dir, RULES, true)) {
            SectorWriter a = db.create("a", ENTRIES);
            for (int i = 0; i < ENTRIES; i++) {
                a.put(i, valueA(i));
            }
            a.commit(SectorMeta.solved(ENTRIES, 0, 0, 0, -1, -1, "t", 0, 1));

            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong readsOfB = new AtomicLong();
            List<Thread> readers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Database source = t % 2 == 0 ? db : readOnly;
                readers.add(new Thread(() -> {
                    try {
                        ThreadLocalRandom rnd = ThreadLocalRandom.current();
                        while (!stop.get()) {
                            SectorReader r = source.reader("a");
                            for (int k = 0; k < 1000; k++) {
                                long i = rnd.nextLong(ENTRIES);
                                assertEquals(valueA(i), r.value(i));
                            }
                            if (source.isComplete("b")) {
                                SectorReader rb = source.reader("b");
                                long i = rnd.nextLong(ENTRIES);
                                assertEquals(valueB(i), rb.value(i));
                                readsOfB.incrementAndGet();
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            readers.forEach(Thread::start);

            SectorWriter b = db.create("b", ENTRIES);
            Thread[] writers = new Thread[2];
            for (int t = 0; t < 2; t++) {
                int parity = t;
                writers[t] = new Thread(() -> {
                    for (int i = parity; i < ENTRIES; i += 2) {
                        b.put(i, valueB(i));
                    }
                });
                writers[t].start();
            }
            for (Thread w : writers) {
                w.join();
            }
            assertFalse(readOnly.isComplete("b"));
            b.commit(SectorMeta.solved(ENTRIES, 0, 0, 0, -1, -1, "t", 0, 2));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (readsOfB.get() < 100 && failure.get() == null && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            stop.set(true);
            for (Thread r : readers) {
                r.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a reader failed", failure.get());
            }
            assertTrue(readsOfB.get() >= 100, "the readers saw the new sector");
            readOnly.verify("b");
            for (int i = 0; i < ENTRIES; i++) {
                assertEquals(valueB(i), readOnly.reader("b").value(i));
            }
        }
    }
}
