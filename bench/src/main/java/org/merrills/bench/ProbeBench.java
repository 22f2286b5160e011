package org.merrills.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.merrills.db.Database;
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
 * Probing a warm database: the value of a random position (rank + one mapped read) and the
 * ranked move list of one (generate, play, rank and read per move). The database is the game
 * with {@code merrills.bench.men} men each (default 4), solved into a temporary directory in the
 * setup, or the directory {@code merrills.bench.db} names.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ProbeBench {
    private static final int POSITIONS = 1 << 14;

    private Probe probe;
    private Path tempDir;
    private Position[] positions;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        int men = Integer.getInteger("merrills.bench.men", 4);
        Variant variant = Variant.standard(men, true);
        String given = System.getProperty("merrills.bench.db");
        Path dir;
        if (given != null) {
            dir = Path.of(given);
        } else {
            tempDir = Files.createTempDirectory("merrills-probe-bench");
            dir = tempDir;
            try (Database db = Database.open(dir, variant.fingerprint(), true)) {
                new SolveRunner(db, variant, Indexes.standard(), Runtime.getRuntime().availableProcessors())
                    .run(SectorGraph.of(variant).sectors(), new SolveRunner.Listener() { });
            }
        }
        probe = Probe.open(dir, variant);
        // Random positions of every sector, both colours to move; a warm-up pass maps every page.
        SplittableRandom rnd = new SplittableRandom(11);
        List<Sector> sectors = SectorGraph.of(Variant.standard(men, true)).sectors();
        List<Position> list = new ArrayList<>();
        while (list.size() < POSITIONS) {
            Sector s = sectors.get(rnd.nextInt(sectors.size()));
            SectorIndex index = Indexes.standard().of(s);
            long packed = index.unrank(rnd.nextLong(index.size()));
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            list.add(rnd.nextBoolean() ? new Position(own, enemy, s.wf(), s.bf(), Side.WHITE)
                : new Position(enemy, own, s.bf(), s.wf(), Side.BLACK));
        }
        positions = list.toArray(new Position[0]);
        for (Position p : positions) {
            probe.moves(p);
        }
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

    /** The value of one random position. */
    @Benchmark
    public int value() {
        return probe.value(positions[next++ & (POSITIONS - 1)]);
    }

    /** Every move of one random position with its value, ranked. */
    @Benchmark
    public Object moves() {
        return probe.moves(positions[next++ & (POSITIONS - 1)]);
    }
}
