package org.merrills.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.retro.GameSolver;
import org.merrills.retro.SectorSolver;
import org.merrills.retro.SolvedSector;
import org.merrills.retro.SolvedValues;
import org.merrills.retro.Verifier;
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
 * sector, {@code 5-6-1-0} (72 M positions, reading 6-6-0-0 and 5-6-0-0), with 1 and 2 threads;
 * and {@code verify}'s check of the same two, every position against its children. Their
 * dependencies (the six-men game up to them, and 5-6-1-0 itself for its check) are solved once in
 * the setup, in memory, which takes a few minutes; so this class runs only when named:
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

        private BoardIndexes indexes;
        private SolvedValues solved;
        /** {@link #solved} and the placing sector's own values, for its check. */
        private SolvedValues withPlacing;
        private SectorSolver solver;

        @Setup(Level.Trial)
        public void solveDependencies() {
            indexes = Indexes.standard();
            Map<Sector, SolvedSector> dependencies = GameSolver.solveDependencies(SIX, indexes,
                Runtime.getRuntime().availableProcessors(), List.of(PLACING));
            solved = GameSolver.lookup(dependencies);
            solver = new SectorSolver(SIX, indexes, threads);
            Map<Sector, SolvedSector> all = new HashMap<>(dependencies);
            for (SolvedSector r : solver.solve(PLACING, solved)) {
                all.put(r.sector(), r);
            }
            withPlacing = GameSolver.lookup(all);
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

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Verifier.Report verifyMoving66(Fixture f) {
        return check(f, PAIR);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Verifier.Report verifyPlacing5610(Fixture f) {
        return check(f, PLACING);
    }

    /** Every position of {@code s} checked; a disagreement would make the timing meaningless, so it fails the run. */
    private static Verifier.Report check(Fixture f, Sector s) {
        Verifier.Report report = Verifier.check(SIX, f.indexes, s, f.withPlacing, f.threads, null, 1, 1, done -> { });
        if (report.wrong() != 0 || report.checked() != f.indexes.of(s).size()) {
            throw new IllegalStateException(s + ": " + report.wrong() + " wrong of " + report.checked() + " checked");
        }
        return report;
    }
}
