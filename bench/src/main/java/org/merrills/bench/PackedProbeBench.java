package org.merrills.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.merrills.db.Database;
import org.merrills.db.Packing;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.probe.Probe;
import org.merrills.retro.SolveRunner;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Probing a packed database: the value of a random position with its block in the block cache
 * ({@link #valueCached}: a few hundred positions, their blocks decoded in the warm-up), and with
 * every probe decoding its block ({@link #valueCold}: a fork whose block cache keeps nothing,
 * {@code -Dmerrills.blockCacheMiB=0}). Compare with {@link ProbeBench#value} on a plain database.
 * The database is the game with {@code merrills.bench.men} men each (default 4) solved and packed
 * into a temporary directory, or the packed directory {@code merrills.bench.packedDb} names (of
 * {@code merrills.bench.men} men).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class PackedProbeBench {
    private static final int CACHED = 1 << 8;
    private static final int COLD = 1 << 14;

    private Probe probe;
    private Path tempDir;
    private Position[] cached;
    private Position[] cold;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        int men = Integer.getInteger("merrills.bench.men", 4);
        Variant variant = Variant.standard(men, true);
        String given = System.getProperty("merrills.bench.packedDb");
        Path dir;
        if (given != null) {
            dir = Path.of(given);
        } else {
            tempDir = Files.createTempDirectory("merrills-packed-bench");
            dir = tempDir;
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try (Database db = Database.open(dir, variant.fingerprint(), true)) {
                new SolveRunner(db, variant, Indexes.standard(), Runtime.getRuntime().availableProcessors())
                    .run(SectorGraph.of(variant).sectors(), new SolveRunner.Listener() { });
                for (String sector : db.catalogue().keySet()) {
                    Packing.pack(db, db, sector, Packing.Options.defaults(), pool);
                }
            } finally {
                pool.shutdown();
            }
        }
        probe = Probe.open(dir, variant);
        cached = randomPositions(men, CACHED, 11);
        cold = randomPositions(men, COLD, 12);
        for (Position p : cached) {
            probe.value(p);
        }
    }

    /** Random positions of the largest sectors, both colours to move (a position of a big sector is rarely in a block read before). */
    private static Position[] randomPositions(int men, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Sector> sectors = new ArrayList<>(SectorGraph.of(Variant.standard(men, true)).sectors());
        sectors.sort((a, b) -> Long.compare(Indexes.standard().of(b).size(), Indexes.standard().of(a).size()));
        List<Sector> big = sectors.subList(0, Math.min(8, sectors.size()));
        Position[] out = new Position[n];
        for (int i = 0; i < n; ) {
            Sector s = big.get(rnd.nextInt(big.size()));
            SectorIndex index = Indexes.standard().of(s);
            long packed = index.unrank(rnd.nextLong(index.size()));
            if (packed == SectorIndex.HOLE) {
                continue;
            }
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            out[i++] = rnd.nextBoolean() ? new Position(own, enemy, s.wf(), s.bf(), Side.WHITE)
                : new Position(enemy, own, s.bf(), s.wf(), Side.BLACK);
        }
        return out;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        probe.close();
        if (tempDir != null) {
            try (var files = Files.walk(tempDir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
    }

    /** The value of one of a few hundred positions whose blocks the cache holds. */
    @Benchmark
    public int valueCached() {
        return probe.value(cached[next++ & (CACHED - 1)]);
    }

    /** The value of a random position, its block decoded (the cache keeps nothing in this fork). */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-Dmerrills.blockCacheMiB=0")
    public int valueCold() {
        return probe.value(cold[next++ & (COLD - 1)]);
    }
}
