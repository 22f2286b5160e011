package org.merrills.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.probe.Probe;
import org.merrills.rules.Position;
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

    private SolvedGame game;
    private Probe probe;
    private Position[] cached;
    private Position[] cold;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        game = SolvedGame.open("merrills-packed-bench", "merrills.bench.packedDb", true);
        probe = game.probe;
        // The largest sectors: a position of a big sector is rarely in a block read before.
        List<Sector> sectors = new ArrayList<>(game.sectors());
        sectors.sort((a, b) -> Long.compare(Indexes.standard().of(b).size(), Indexes.standard().of(a).size()));
        List<Sector> big = sectors.subList(0, Math.min(8, sectors.size()));
        cached = SolvedGame.randomPositions(big, CACHED, 11);
        cold = SolvedGame.randomPositions(big, COLD, 12);
        for (Position p : cached) {
            probe.value(p);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        game.close();
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
