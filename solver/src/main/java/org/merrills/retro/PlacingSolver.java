package org.merrills.retro;

import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Edges;
import org.merrills.index.EnemyMajorWalk;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/**
 * Solves a placing sector ({@code WF > 0}) whose moves all leave it: each position is the best of
 * its children, which are all solved already, so one pass over the sector decides it, with no
 * state beyond its 2-byte result. Apart from the pair solver because nothing here propagates:
 * what it must get right is the order of its reads of the child sectors (see {@link #solve}).
 */
final class PlacingSolver {
    private final Variant variant;
    private final MoveGenerator rules;
    private final SectorGraph graph;
    private final BoardIndexes indexes;
    private final SolverThreads threads;
    private final Worker[] workers;
    /** Whether the positions of one enemy mask are solved together where they can be ({@link PlacingBlock}). */
    private final boolean byBlocks;
    /** {@link SlotBuckets#BUCKET_BITS} and {@link SlotBuckets#ROUND_WRITES}, or the small ones a test asks for. */
    private final int bucketBits;
    private final long roundWrites;

    PlacingSolver(Variant variant, SectorGraph graph, BoardIndexes indexes, SolverThreads threads) {
        this(variant, graph, indexes, threads, true, SlotBuckets.BUCKET_BITS, SlotBuckets.ROUND_WRITES);
    }

    /**
     * With {@code byBlocks} false every position is solved on its own: the oracle the tests hold
     * the blocks to. The results are written through buckets of {@code 2^bucketBits} slots in
     * rounds of about {@code roundWrites} positions.
     */
    PlacingSolver(Variant variant, SectorGraph graph, BoardIndexes indexes, SolverThreads threads, boolean byBlocks,
                  int bucketBits, long roundWrites) {
        SlotBuckets.checkShape(bucketBits, roundWrites);
        this.byBlocks = byBlocks;
        this.bucketBits = bucketBits;
        this.roundWrites = roundWrites;
        this.variant = variant;
        this.rules = variant.moves();
        this.graph = graph;
        this.indexes = indexes;
        this.threads = threads;
        this.workers = threads.workers(Worker[]::new, Worker::new);
    }

    /**
     * Solves a placing sector ({@code WF > 0}): every move leaves it; children come from {@code solved}.
     *
     * <p>The positions are walked by their enemy men rather than in index order: every quiet
     * child of (own, enemy) has {@code enemy} as its own men, so the children of the positions
     * with one enemy mask fall into one block of the child sector, and so do the captures' (one
     * block per man taken), where index order would scatter every read over the whole child
     * sector. Each symmetry class of positions is visited once: its images with the enemy men
     * canonical (the smallest of their 16 images) are those under the enemy mask's stabiliser,
     * and only the one with the smallest own mask among them is taken. Every slot first gets
     * {@link SolvedSector#HOLE}, which stays where no position ranks. The result runs by own men,
     * so the values of one enemy mask land one in each own class's run: they are held by the
     * bucket of their slot and written a round at a time ({@link SlotBuckets}). An index that
     * does not fold every symmetry ({@link SectorIndex#foldsEverySymmetry}) is walked in index
     * order.
     */
    SolvedSector solve(Sector s, SolvedValues solved) {
        if (!s.isPlacing() || graph.contains(s) && graph.isPair(s)) {
            throw new IllegalArgumentException("sector " + s + " is not a placing sector whose moves all leave it: solve it with its pair");
        }
        SectorIndex index = indexes.of(s);
        Edges edges = new Edges(variant, s, indexes);
        SolvedSector out = new SolvedSector(s, index.size());
        long size = index.size();
        SolvedValues.SectorValues quiet = solved.of(edges.placed);
        SolvedValues.SectorValues capture = edges.placedCapture == null ? null : solved.of(edges.placedCapture);
        if (!index.foldsEverySymmetry()) {
            // Index order: the walk by canonical enemy masks below would miss slots.
            threads.startProgress(false);
            threads.parallel(workers, SolverThreads.units(size), (wk, unit) -> {
                long from = (long) unit * SolverThreads.UNIT, to = Math.min(size, from + SolverThreads.UNIT);
                long[] positions = wk.positions;
                index.unrankRange(from, (int) (to - from), positions);
                for (long i = from; i < to; i++) {
                    long packed = positions[(int) (i - from)];
                    out.set(i, packed == SectorIndex.HOLE ? SolvedSector.HOLE
                        : wk.bestOfChildren(edges, SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), quiet, capture));
                }
                threads.done(to - from);
            });
            return out.tally();
        }
        out.fillHoles();
        EnemyMajorWalk walk = new EnemyMajorWalk(s.w(), s.b(), SolverThreads.UNIT);
        for (Worker wk : workers) {
            if (wk.owns.length < walk.maxOwns()) {
                wk.owns = new int[walk.maxOwns()];
            }
        }
        SlotBuckets[] held = new SlotBuckets[workers.length];
        for (int t = 0; t < workers.length; t++) {
            held[t] = workers[t].held = new SlotBuckets(bucketBits, size, roundWrites, workers.length);
        }
        threads.startProgress(false);
        int units = walk.units();
        int perRound = (int) Math.max(1, Math.min(units, roundWrites / walk.positionsPerUnit()));
        for (int first = 0; first < units; first += perRound) {
            final int firstUnit = first;
            threads.parallel(workers, Math.min(perRound, units - first), (wk, u) -> {
                int unit = firstUnit + u;
                long positions = 0;
                for (int k = walk.firstEnemy(unit), end = walk.endEnemy(unit); k < end; k++) {
                    int enemy = walk.enemy(k);
                    wk.prepareEnemy(edges, enemy);
                    if (byBlocks && PlacingBlock.applies(edges.placedIndex, wk.quietOwn, enemy)) {
                        positions += wk.block.solve(edges, index, s.w(), enemy, wk.quietOwn, wk.removable, wk.captureOwn,
                            quiet, capture, wk.held);
                        continue;
                    }
                    int n = walk.owns(enemy, wk.owns);
                    for (int j = 0; j < n; j++) {
                        int own = wk.owns[j];
                        wk.held.hold(index.rank(own, enemy), wk.bestOfChildren(edges, own, enemy, quiet, capture));
                    }
                    positions += n;
                }
                threads.done(positions);
            });
            SlotBuckets.apply(threads, workers, held, out);
        }
        for (Worker wk : workers) {
            wk.held = null;
        }
        return out.tally();
    }

    /** The per-thread work, with its own buffers. */
    private final class Worker {
        final long[] children = new long[MoveGenerator.MAX_MOVES];
        final long[] positions = new long[SolverThreads.UNIT];
        /** Room for the own masks of one enemy mask of the placing walk ({@link EnemyMajorWalk#owns}). */
        int[] owns = new int[0];
        final PlacingBlock block = new PlacingBlock(rules);
        /** The values this worker found in the round in hand, waiting to be written. */
        SlotBuckets held;

        /** The removable enemy men of {@link #prepareEnemy}'s mask, and per man (lowest first) the captures' own men prepared. */
        int removable;
        final long[] captureOwn = new long[24];
        /** The quiet children's own men (the enemy mask of {@link #prepareEnemy}) prepared. */
        long quietOwn;
        int preparedEnemy = -1;
        Edges preparedEdges;

        /** What the placing positions with enemy men {@code enemy} share: their children's own men, prepared. */
        void prepareEnemy(Edges e, int enemy) {
            preparedEnemy = enemy;
            preparedEdges = e;
            quietOwn = e.placedIndex.prepareOwn(enemy);
            removable = rules.removable(enemy);
            if (e.placedCaptureIndex != null) {
                int k = 0;
                for (int r = removable; r != 0; r &= r - 1) {
                    captureOwn[k++] = e.placedCaptureIndex.prepareOwn(enemy & ~(r & -r));
                }
            }
        }

        /**
         * The best value over a placing position's children, all in solved sectors: the moves of
         * {@link MoveGenerator#generate} with men in hand (a man put on any empty point, taking
         * any removable enemy man when it closes a mill), walked without the move list, for
         * the enemy mask last given to {@link #prepareEnemy}. All the child indexes are ranked
         * first and read after, so that the reads overlap; the order of the children does not
         * change the best.
         */
        int bestOfChildren(Edges e, int own, int enemy,
                           SolvedValues.SectorValues quietValues, SolvedValues.SectorValues captureValues) {
            if (enemy != preparedEnemy || e != preparedEdges) {
                prepareEnemy(e, enemy);
            }
            int empty = Geometry.ALL & ~(own | enemy);
            int closing = rules.closingPlacements(own, empty);
            int nq = e.placedIndex.rankEach(quietOwn, own, empty & ~closing, children, 0);
            int nc = nq;
            if (closing != 0 && removable != 0) {      // a closing move takes a man, so needs one to take
                if (e.captureWins) {
                    return 1;
                }
                SectorIndex ci = e.placedCaptureIndex;
                for (int k = 0, men = Integer.bitCount(removable); k < men; k++) {
                    nc += ci.rankEach(captureOwn[k], own, closing, children, nc);
                }
            }
            if (nc == 0) {
                return rules.noMove(own, enemy) == MoveGenerator.End.DRAWN ? Value.DRAW : 0;
            }
            int best = Best.NONE_KEY;
            for (int k = 0; k < nq; k++) {
                int v = quietValues.value(children[k]);
                if (v == 0) {
                    return 1;
                }
                best = Math.max(best, Best.key(Value.parent(v)));
            }
            for (int k = nq; k < nc; k++) {
                int v = captureValues.value(children[k]);
                if (v == 0) {
                    return 1;
                }
                best = Math.max(best, Best.key(Value.parent(v)));
            }
            return Best.value(best);
        }
    }
}
