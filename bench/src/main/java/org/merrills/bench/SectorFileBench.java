package org.merrills.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorReader;
import org.merrills.db.SectorWriter;
import org.merrills.db.Value;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reads and writes of a sector file of {@code entries} values (64 Mi by default) in a temporary
 * database: random and sequential {@link SectorReader#value} (ns per read, every block already
 * verified), the same random reads from a heap {@code byte[]} as the floor, and sequential
 * {@link SectorWriter#put} (ns per put = 1 byte, so MB/s = 1000 / ns) and a whole sector written
 * and committed (checksums, force, verify, rename, catalogue).
 *
 * <p>Run with the JVM flags of the parent pom's {@code merrills.jvm.flags}:
 * {@code java <flags> -jar bench/target/benchmarks.jar SectorFileBench}; JMH forks inherit them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
public class SectorFileBench {
    static final String RULES = "bench/rules";

    @Param("67108864")
    long entries;

    Path dir;
    Database db;
    SectorReader reader;
    byte[] heap;
    /** The sector's codes in chunks, as the solver hands a solved sector to its writer. */
    byte[][] codes;
    static final int CODE_CHUNK_BITS = 18;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        if (System.getProperty("chronicle.analytics.disable") == null) {
            throw new IllegalStateException("run with the JVM flags of merrills.jvm.flags (see the parent pom)");
        }
        dir = Files.createTempDirectory("merrills-bench");
        db = Database.open(dir, RULES, true);
        writeSector("read", entries);
        reader = db.reader("read");
        reader.verifyAll(); // every block checked once: what a long-running reader sees
        heap = new byte[(int) Math.min(entries, Integer.MAX_VALUE - 8)];
        for (int i = 0; i < heap.length; i++) {
            heap[i] = (byte) value(i);
        }
        codes = new byte[(int) ((entries + (1 << CODE_CHUNK_BITS) - 1) >>> CODE_CHUNK_BITS)][];
        for (int c = 0; c < codes.length; c++) {
            long start = (long) c << CODE_CHUNK_BITS;
            codes[c] = new byte[(int) Math.min(1 << CODE_CHUNK_BITS, entries - start)];
            for (int k = 0; k < codes[c].length; k++) {
                codes[c][k] = (byte) Value.encode(value(start + k));
            }
        }
    }

    static int value(long i) {
        return (int) ((i * 0x9E3779B97F4A7C15L >>> 40) % 255) - 1; // -1 .. 253: draws, wins, losses
    }

    void writeSector(String sector, long n) {
        SectorWriter w = db.create(sector, n);
        for (long i = 0; i < n; i++) {
            w.put(i, value(i));
        }
        w.commit(SectorMeta.solved(n, 0, 0, 0, -1, -1, "bench", 0, 1));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        db.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Per-thread cursor: an xorshift state for random indices and a counter for sequential ones. */
    @State(Scope.Thread)
    public static class Cursor {
        long x = 0x2545F4914F6CDD1DL;
        long next;

        long random(long n) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            return ((x >>> 32) * n) >>> 32;
        }

        long sequential(long n) {
            long i = next;
            next = i + 1 == n ? 0 : i + 1;
            return i;
        }
    }

    @Benchmark
    public int randomRead(Cursor c) {
        return reader.value(c.random(entries));
    }

    @Benchmark
    public int sequentialRead(Cursor c) {
        return reader.value(c.sequential(entries));
    }

    /** The floor for random reads: the same indices in a heap array (no file, no checks). */
    @Benchmark
    public int randomReadHeapArray(Cursor c) {
        return heap[(int) c.random(heap.length)];
    }

    /** Writes a whole sector sequentially; time per put, one byte each, so MB/s = 1000 / ns. */
    @Benchmark
    @OperationsPerInvocation(1 << 24)
    public void sequentialPut() {
        int n = 1 << 24;
        SectorWriter w = db.create("put", n);
        for (int i = 0; i < n; i++) {
            w.put(i, value(i));
        }
        w.abort();
    }

    /**
     * A whole sector of {@code entries} codes written in chunks and committed, as the solver's
     * writer does ({@code WriteBehind}): ms per sector.
     */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void writeCodesAndCommitSector() {
        SectorWriter w = db.create("codes", entries);
        w.putCodes(codes, CODE_CHUNK_BITS);
        w.commit(SectorMeta.solved(entries, 0, 0, 0, -1, -1, "bench", 0, 1));
    }

    /** A whole sector of {@code entries} values put and committed: ms per sector. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void writeAndCommitSector() {
        writeSector("write", entries);
    }
}
