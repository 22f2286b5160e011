package org.merrills.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.retro.GameSolver;
import org.merrills.retro.SectorSolver;
import org.merrills.retro.SolvedSector;
import org.merrills.retro.SolvedValues;
import org.merrills.rules.Variant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The size classes where the solver's rate used to fall: the biggest moving sector of the
 * six-men game, {@code 6-6-0-0} (156 M positions, 167 levels of propagation), and a big placing
 * sector, {@code 5-6-1-0} (72 M positions, reading 6-6-0-0 and 5-6-0-0), with 1 and 2 threads.
 * Their dependencies (the six-men game up to them) are solved once in the setup, in memory,
 * which takes a few minutes; so this class runs only when named:
 * {@code scripts/bench --filter BigSolveBench}. Positions per second = positions / seconds per
 * operation (the setup prints the positions).
 */
@Fork(value = 1, jvmArgsAppend = {"-Xmx10g"})
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class BigSolveBench {
    private static final Variant SIX = Variant.standard(6, true);
    private static final Sector PAIR = Sector.parse("6-6-0-0");
    private static final Sector PLACING = Sector.parse("5-6-1-0");

    /** The six-men game solved up to the two sectors, and a solver with the thread count under test. */
    @State(Scope.Benchmark)
    public static class Fixture {
        @Param({"1", "2"})
        public int threads;

        private SolvedValues solved;
        private SectorSolver solver;

        @Setup(Level.Trial)
        public void solveDependencies() {
            BoardIndexes indexes = Indexes.standard();
            solved = GameSolver.lookup(GameSolver.solveDependencies(SIX, indexes,
                Runtime.getRuntime().availableProcessors(), List.of(PLACING)));
            solver = new SectorSolver(SIX, indexes, threads);
            System.out.printf("%n[BigSolveBench] %s = %d positions, %s = %d positions%n", PAIR,
                indexes.of(PAIR).size(), PLACING, indexes.of(PLACING).size());
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public List<SolvedSector> movingSector66(Fixture f) {
        return f.solver.solve(PAIR, f.solved);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public List<SolvedSector> placingSector5610(Fixture f) {
        return f.solver.solve(PLACING, f.solved);
    }
}
