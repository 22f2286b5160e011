package org.merrills.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.merrills.index.BoardIndexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.Sector;
import org.merrills.retro.GameSolver;
import org.merrills.retro.SectorSolver;
import org.merrills.retro.SolvedSector;
import org.merrills.retro.SolvedValues;
import org.merrills.retro.Unmoves;
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
import org.openjdk.jmh.infra.Blackhole;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/**
 * The retrograde solver from scratch on a mid-size moving pair ({@code 3-4-0-0} with
 * {@code 4-3-0-0} of the game with four men each: the three-man side flies) and on a placing
 * sector ({@code 3-3-1-0}, whose children lie in that pair), with 1 and 2 threads; and the unmove
 * generator per position. The child sectors are solved once in the setup with the solver itself.
 *
 * <p>Positions per second per thread = index slots / (seconds per operation x threads); the slot
 * counts are printed by the setup. Run:
 * {@code java -jar bench/target/benchmarks.jar SolveBench -wi 1 -i 3 -f 1}.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g"})
public class SolveBench {
    private static final Variant FOUR = Variant.standard(4, true);
    private static final Sector PAIR = Sector.parse("3-4-0-0");
    private static final Sector PLACING = Sector.parse("3-3-1-0");

    /** The solved child sectors and a solver with the thread count under test. */
    @State(Scope.Benchmark)
    public static class Fixture {
    @Param({"1", "2"})
    public int threads;

    /** The index the solver works over; "plain" (no symmetry folding) until the folding index lands. */
    @Param({"folded"})
    public String index;

    private BoardIndexes indexes;
    private SolvedValues solved;
    private SectorSolver solver;

    @Setup(Level.Trial)
    public void solveChildren() {
        indexes = switch (index) {
            case "folded" -> org.merrills.index.Indexes.standard();
            case "plain" -> PlainIndex::new;
            default -> throw new IllegalArgumentException("unknown index '" + index + "' (folded, plain)");
        };
        solved = GameSolver.lookup(GameSolver.solveDependencies(FOUR, indexes,
            Runtime.getRuntime().availableProcessors(), List.of(PLACING)));
        solver = new SectorSolver(FOUR, indexes, threads);
        System.out.printf("%n[SolveBench] index %s: pair %s+%s = %d slots, placing %s = %d slots%n", index, PAIR,
            PAIR.mirror(), indexes.of(PAIR).size() + indexes.of(PAIR.mirror()).size(), PLACING, indexes.of(PLACING).size());
    }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public List<SolvedSector> movingPair(Fixture f) {
        return f.solver.solve(PAIR, f.solved);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public List<SolvedSector> placingSector(Fixture f) {
        return f.solver.solve(PLACING, f.solved);
    }

    /** Random moving positions of every size (3 to 9 men a side), for the unmove generator. */
    @State(Scope.Thread)
    public static class Positions {
        static final int COUNT = 4096;
        final int[] own = new int[COUNT];
        final int[] enemy = new int[COUNT];
        final long[] out = new long[Unmoves.MAX_UNMOVES];
        final Unmoves unmoves = new Unmoves(Variant.STANDARD);

        @Setup(Level.Trial)
        public void draw() {
            Random random = new Random(42);
            List<Integer> points = new ArrayList<>();
            for (int p = 0; p < 24; p++) {
                points.add(p);
            }
            for (int k = 0; k < COUNT; k++) {
                java.util.Collections.shuffle(points, random);
                int w = 3 + random.nextInt(7), b = 3 + random.nextInt(7);
                for (int j = 0; j < w; j++) {
                    own[k] |= 1 << points.get(j);
                }
                for (int j = w; j < w + b; j++) {
                    enemy[k] |= 1 << points.get(j);
                }
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(Positions.COUNT)
    public void unmovesPerPosition(Positions p, Blackhole bh) {
        for (int k = 0; k < Positions.COUNT; k++) {
            bh.consume(p.unmoves.generate(p.own[k], p.enemy[k], 0, p.out));
        }
    }

    /**
     * Moving positions with {@code men} men a side, grouped as the pair solver's seed meets them:
     * one enemy mask, then 256 random own masks on the points it leaves free, then the next.
     */
    @State(Scope.Thread)
    public static class SeedPositions {
        static final int COUNT = 4096;
        @Param({"6", "9"})
        public int men;
        final int[] own = new int[COUNT];
        final int[] enemy = new int[COUNT];
        final int[] closing = new int[MoveGenerator.MAX_MOVES];
        final MoveGenerator rules = Variant.STANDARD.moves();

        @Setup(Level.Trial)
        public void draw() {
            Random random = new Random(42);
            int k = 0;
            while (k < COUNT) {
                int e = 0;
                while (Integer.bitCount(e) < men) {
                    e |= 1 << random.nextInt(24);
                }
                // 256 own masks of this enemy mask: a stretch of one run of the seed
                for (int j = 0; j < 256 && k < COUNT; j++, k++) {
                    int o = 0;
                    while (Integer.bitCount(o) < men) {
                        o |= (1 << random.nextInt(24)) & ~e;
                    }
                    own[k] = o;
                    enemy[k] = e;
                }
            }
        }
    }

    /**
     * The pair solver's seed asks every position for its moves counted and its mill-closing
     * moves listed ({@code closingBoardMoves}): two fifths of the seed of 6-6-0-0 (2026-12-04).
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(SeedPositions.COUNT)
    public void closingMovesPerPosition(SeedPositions p, Blackhole bh) {
        for (int k = 0; k < SeedPositions.COUNT; k++) {
            bh.consume(p.rules.closingBoardMoves(p.own[k], p.enemy[k], 0, p.closing));
        }
    }
}
