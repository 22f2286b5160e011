package org.merrills.bench;

import java.util.concurrent.TimeUnit;
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

    private SolvedGame game;
    private Probe probe;
    private Position[] positions;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        game = SolvedGame.open("merrills-probe-bench");
        probe = game.probe;
        positions = game.positions(POSITIONS);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        game.close();
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
