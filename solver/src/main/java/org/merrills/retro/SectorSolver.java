package org.merrills.retro;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * Solves one sector (placing) or one moving pair at a time, given the values of the sectors its
 * moves lead out to, with a fixed number of threads splitting the index range: the one entry
 * point of the solve for the runner, the in-memory game solver and the benchmarks, so that they
 * need not know which of the two solvers a sector takes.
 *
 * <p><b>Placing sectors</b> ({@code WF > 0}) whose moves all leave them go to {@link PlacingSolver}:
 * each position is the best of its children, which are all solved already; it needs only its
 * 2-byte result.
 *
 * <p><b>Pairs</b> ({@link SectorGraph#isPair}: a moving sector {@code W-B-0-0} with {@code B-W-0-0},
 * or any sector that a board move taking no man joins to its colour swap) go to
 * {@link PairSolver}: backward induction level by level, by frontier, at a peak of about 4 bytes
 * per slot of the pair.
 *
 * <p>Both share the threads and the progress count ({@link SolverThreads}). The sectors read
 * through {@link SolvedValues} (captures, placing children) are the caller's: in memory, or
 * memory-mapped from the database.
 */
public final class SectorSolver {
    private final Variant variant;
    private final SectorGraph graph;
    private final SolverThreads threads;
    private final PlacingSolver placing;
    private final PairSolver pairs;

    public SectorSolver(Variant variant, BoardIndexes indexes, int threads) {
        this.threads = new SolverThreads(threads);
        this.variant = Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(indexes, "indexes");
        this.graph = SectorGraph.of(variant);
        this.placing = new PlacingSolver(variant, graph, indexes, this.threads);
        this.pairs = new PairSolver(variant, graph, indexes, this.threads);
    }

    /** All cores: the thread count when none is asked for. */
    public static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    public Variant variant() {
        return variant;
    }

    public int threads() {
        return threads.count();
    }

    /**
     * Solves {@code s}, with its partner when it is half of a pair ({@link SectorGraph#isPair}),
     * and returns what was solved, {@code s} first. The sectors its moves lead out to come from
     * {@code solved}.
     */
    public List<SolvedSector> solve(Sector s, SolvedValues solved) {
        return graph.isPair(s) ? pairs.solve(s, solved) : List.of(placing.solve(s, solved));
    }

    /**
     * The byte codes of a sector this solver solved, as its file holds them, encoded by its
     * threads: for the file's write ({@link WriteBehind}) and for the units that read it next.
     */
    HeapValues encode(SolvedSector s) {
        return HeapValues.encode(s, threads);
    }

    /**
     * A hook told the positions done so far of the sector or pair being solved, from the calling
     * thread only, at most once per unit of work. A placing sector counts positions evaluated; a
     * pair counts half a position per position seeded and half per position decided, and ends at
     * the pair's size.
     */
    public void onProgress(LongConsumer progress) {
        threads.onProgress(progress);
    }

    /** Receives, at the end of each moving pair's solve, where its time went; on the solving thread. */
    public void onPairPhases(Consumer<PairPhases> phases) {
        threads.onPairPhases(phases);
    }
}
