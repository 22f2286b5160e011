package org.merrills.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.merrills.index.FoldedIndex;
import org.merrills.index.Indexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code rank} and {@code unrank} of the folding index, one call per operation, on a small board
 * (3-3: tables in L1/L2) and the largest (8-8: 3 MB of own-class entries, so random positions miss
 * the caches).
 * <ul>
 *   <li>{@code rankRandom}: uniformly random positions (any of the 16 images), from a pool of 2^20
 *   so that neither the positions nor the table rows they touch stay cached;</li>
 *   <li>{@code rankSequential}: the positions of consecutive indexes, as when a sector is walked
 *   in index order;</li>
 *   <li>{@code unrankRandom} / {@code unrankSequential}: random and consecutive indexes;</li>
 *   <li>{@code unrankRange}: the bulk helper, 1024 consecutive indexes per call, time per position;</li>
 *   <li>{@code rankMoved} / {@code rankPreparedEach}: every step of one enemy man of a random
 *   position (a verified position's quiet children, about 10 to 20), ranked with the own part
 *   prepared, by the bulk helper and one {@code rankPrepared} each; time per position.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Thread)
public class IndexBench {
    private static final int POOL = 1 << 20;
    private static final int RANGE = 1024;

    /** The board W-B. */
    @Param({"3-3", "8-8"})
    public String board;

    private FoldedIndex index;
    private int[] randomOwn;
    private int[] randomEnemy;
    private int[] sequentialOwn;
    private int[] sequentialEnemy;
    private long[] randomIndex;
    private long sequentialStart;
    private int cursor;
    private long next;
    private final long[] range = new long[RANGE];
    private static final int MOVED_POOL = 1 << 10;
    private long[] movedPrepared;
    private int[] movedBase;
    private int[][] moved;
    private final long[] movedOut = new long[96];

    @Setup(Level.Trial)
    public void setUp() {
        String[] wb = board.split("-");
        int w = Integer.parseInt(wb[0]), b = Integer.parseInt(wb[1]);
        index = Indexes.standard().of(w, b);
        PlainIndex plain = new PlainIndex(w, b);
        SplittableRandom rnd = new SplittableRandom(42);
        randomOwn = new int[POOL];
        randomEnemy = new int[POOL];
        sequentialOwn = new int[POOL];
        sequentialEnemy = new int[POOL];
        randomIndex = new long[POOL];
        sequentialStart = rnd.nextLong(Math.max(1, index.size() - POOL));
        for (int i = 0; i < POOL; i++) {
            long p = plain.unrank(rnd.nextLong(plain.size()));
            randomOwn[i] = SectorIndex.ownOf(p);
            randomEnemy[i] = SectorIndex.enemyOf(p);
            long q = index.unrank((sequentialStart + i) % index.size());
            sequentialOwn[i] = SectorIndex.ownOf(q);
            sequentialEnemy[i] = SectorIndex.enemyOf(q);
            randomIndex[i] = rnd.nextLong(index.size());
        }
        next = sequentialStart;
        movedPrepared = new long[MOVED_POOL];
        movedBase = new int[MOVED_POOL];
        moved = new int[MOVED_POOL][];
        for (int i = 0; i < MOVED_POOL; i++) {
            int own = randomOwn[i], enemy = randomEnemy[i];
            int empty = Geometry.ALL & ~(own | enemy);
            int[] steps = new int[96];
            int n = 0;
            for (int f = enemy; f != 0; f &= f - 1) {
                for (int t = empty & Geometry.STANDARD.adjacent(Integer.numberOfTrailingZeros(f)); t != 0; t &= t - 1) {
                    steps[n++] = enemy & ~(f & -f) | (t & -t);
                }
            }
            movedPrepared[i] = index.prepareOwn(own);
            movedBase[i] = enemy;
            moved[i] = Arrays.copyOf(steps, n);
        }
    }

    @Benchmark
    public long rankMoved() {
        int i = cursor++ & (MOVED_POOL - 1);
        int[] m = moved[i];
        index.rankMoved(movedPrepared[i], movedBase[i], m, m.length, movedOut, 0);
        return movedOut[0];
    }

    @Benchmark
    public long rankPreparedEach() {
        int i = cursor++ & (MOVED_POOL - 1);
        int[] m = moved[i];
        long prepared = movedPrepared[i];
        for (int k = 0; k < m.length; k++) {
            movedOut[k] = index.rankPrepared(prepared, m[k]);
        }
        return movedOut[0];
    }

    @Benchmark
    public long rankRandom() {
        int i = cursor++ & (POOL - 1);
        return index.rank(randomOwn[i], randomEnemy[i]);
    }

    @Benchmark
    public long rankSequential() {
        int i = cursor++ & (POOL - 1);
        return index.rank(sequentialOwn[i], sequentialEnemy[i]);
    }

    @Benchmark
    public long unrankRandom() {
        return index.unrank(randomIndex[cursor++ & (POOL - 1)]);
    }

    @Benchmark
    public long unrankSequential() {
        long i = next++;
        if (next == index.size()) {
            next = 0;
        }
        return index.unrank(i);
    }

    @Benchmark
    @OperationsPerInvocation(RANGE)
    public long unrankRange() {
        long first = next;
        next += RANGE;
        if (next > index.size() - RANGE) {
            next = 0;
        }
        index.unrankRange(first, RANGE, range);
        return range[RANGE - 1];
    }
}
