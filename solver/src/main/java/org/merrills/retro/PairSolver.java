package org.merrills.retro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.merrills.db.Value;
import org.merrills.index.Binomial;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Edges;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Points;
import org.merrills.rules.Variant;

/**
 * Solves a moving pair ({@code W-B-0-0} with {@code B-W-0-0}, one sector when W = B), whose quiet
 * moves lead from each sector to the other, so no position can be read off its children: the
 * values propagate backwards from what is decided, level by level.
 *
 * <p>The seed pass gives every position what does not depend on the pair: no move is a loss in 0; a
 * capture that ends the game is a win in 1; a capture into a solved sector that is lost there is a
 * <i>pending</i> win (decided only when its level comes, since an in-pair win may be shorter); a
 * drawn capture child means the position is never lost; otherwise the position keeps a loss floor
 * (1 + its longest won capture child) and a counter of its distinct in-pair child indices. Then,
 * for d = 0, 1, 2, ...: every position decided at d (and every pending win of d) is a frontier
 * position, listed in the {@link LevelLists} of level d by the write that decided it (with the
 * position that write had in hand, so that expanding it needs no unrank), so that a
 * level costs what it decides and never a sweep over the pair; its predecessors, found with {@link Unmoves} and given their partner slots
 * (deduplicated, so that each edge between two indices is walked exactly once, as it was counted),
 * become wins in d+1 (frontier lost) or have their counter decremented (frontier won); a counter
 * reaching zero decides a loss in max(d+1, floor). What is never decided is a draw.
 *
 * <p>A level is split by regions, ranges of {@code 2^regionBits} slots of a state (at most
 * {@link #BUCKET_BITS 2^22}, 16 MiB of words). All predecessors of a frontier position (O, E)
 * have O as their enemy men, so they lie in the run of O in the partner's state (see the layout
 * below), and the position is listed in the region where that run starts. The entries of one
 * region of a level are expanded by one worker, which updates their predecessors a batch at a
 * time (ranked, then their words read in one pass, then updated; see {@link Worker#flush}):
 * the runs of two own classes never overlap, so no other worker writes those words in that
 * level, and they are read and written plainly, within the region's 16 MiB (and the tail of its
 * last run), which the caches and the TLB serve far better than a state of gigabytes. The updates
 * of one level commute, so the result is the same for any thread count and any order of the
 * regions. This replaced two phases per level, where the workers first held every predecessor,
 * ranked, in the bucket of its slot (12 bytes each) and then applied each bucket: writing and
 * reading those buffers (and, in a fresh process, faulting in their memory) cost more than the
 * updates. Measured on 2026-12-03, idle machine, two threads, files byte-identical, propagation
 * phase: the pair 8-9/9-8 alone with its heap touched beforehand (as inside a run) 183.4 s
 * before, 156.3 s after (the pair 287.5 s before, 267.5 s after: 3.93 M positions/s); in a fresh
 * process, 7-7-0-0 138.6 s before, 79.7 to 85.9 s after, the pair 4-7/7-4 59.5 and 78.7 s
 * before, 17.3 and 18.4 s after. JMH ({@code BigSolveBench.movingSector66}): 6-6-0-0 26.4 s
 * before, 21.4 s after on two threads, 39.9 and 38.3 s on one.
 *
 * <p>A half's state is laid out by the index of the board with the sides swapped: the word of
 * the position (own men O, enemy men E) is at {@code index(B, W).rank(E, O)}, the partner's index
 * asked with the two masks exchanged, so the state runs by enemy men first. Two walks gain:
 * <ul>
 *   <li>The seed walks the state in order, so one enemy mask E at a time: every capture child
 *   (E less a man, to move, against the mover's men after a mill) then lies in the few blocks of
 *   the child sector that E's capture masks own (read from the cache, not at random over a
 *   child of 5 x 10^8 positions), and the child sector's handle of each capture mask is made
 *   once per E.</li>
 *   <li>Every predecessor of a position (O, E) has O as its enemy men, so in the partner's
 *   swapped layout all of them lie in the block of O: one prepared mask, each slot a colex
 *   rank of a moved enemy mask, and their updates close together.</li>
 * </ul>
 * The result must be in each sector's own index order, so the end converts (see {@link
 * #convert}). Measured on 2026-12-02, idle machine, two threads, files byte-identical, seed /
 * propagation / conversion: 8-8-0-0 in the own layout 110-116 / 134-161 / 4-5 s (258 and 299
 * s in all), swapped 50 / 114 / 15 s (196 s, 3.0 M positions/s).
 *
 * <p>Memory during a pair's solve: 4 bytes per index slot of both sectors (value or undecided
 * kind, loss floor and counter in one int) and two filter bits ({@link StateArray#knownDecided}),
 * plus the frontier entries still to come (4 bytes per
 * pending win of a later level, 8 per decision of the levels just ahead: in the standard game's
 * big pairs up to a third of the slots are pending wins); at the end each half's state is
 * converted into 2 bytes per slot of result, through buckets of a round (6 bytes per decided
 * word, about {@link SlotBuckets#ROUND_WRITES} of them, 100 MB), then dropped, so the peak stays at about 4
 * bytes per slot of the pair plus 2 per slot of its larger half. The sectors
 * read through {@link SolvedValues} (captures, placing children) are the caller's: in memory, or
 * copied from the database's files ({@link HeapValues}).
 */
final class PairSolver {
    /**
     * The slots of a bucket of the conversion ({@link SlotBuckets#BUCKET_BITS}), and of the
     * largest region of the propagation: 2^22, 16 MiB of state words (eight 2 MiB pages), so
     * that the writes of one region stay where the cache and the TLB hold them instead of
     * missing at every word. Regions of 2^19 and 2^22 slots, 7-7-0-0, two threads: 86.4 and
     * 85.9 s of propagation (2026-12-03).
     */
    static final int BUCKET_BITS = SlotBuckets.BUCKET_BITS;

    /**
     * The most predecessors a worker gathers before it reads their words in one pass and updates
     * them ({@link Worker#flush}): 4 KiB of slots and 4 of positions, in the first-level cache.
     * Measured inside the solver (2026-12-04, two threads, files byte-identical), the levels
     * taken two by two in turn by this expansion and by the one before it (each predecessor
     * updated as it was ranked), then the turns swapped; the wall time of those levels per
     * predecessor walked, new against old: 7-7-0-0 30.3 against 36.1 ns and 21.2 against 26.3,
     * 8-8-0-0 28.4 against 36.8 and 30.3 against 37.6 (9.8 and 14.1 x 10^8 predecessors, split
     * evenly between the two). Batches of 128 took 0.90 and 0.84 of the old time, of 2048 0.75
     * and 0.95, of 512 0.77 to 0.84.
     */
    static final int BATCH_SLOTS = 512;
    /** The pending entries whose own words are read in one pass before they are checked. */
    static final int OWN_READS = 64;

    /** The fewest regions a pair's propagation is split into, where its size allows. */
    static final int MIN_REGIONS = 64;
    /** The smallest region: 1024 slots. */
    static final int MIN_REGION_BITS = 10;

    private final Variant variant;
    private final MoveGenerator rules;
    private final Unmoves unmoves;
    private final SectorGraph graph;
    private final BoardIndexes indexes;
    private final SolverThreads threads;
    private final Worker[] workers;
    /** {@link #BUCKET_BITS} and {@link SlotBuckets#ROUND_WRITES} (a larger state converts in several rounds), or the small ones a test asks for. */
    private final int bucketBits;
    private final long roundTargets;

    PairSolver(Variant variant, SectorGraph graph, BoardIndexes indexes, SolverThreads threads) {
        this(variant, graph, indexes, threads, BUCKET_BITS, SlotBuckets.ROUND_WRITES);
    }

    /**
     * With regions of at most {@code 2^bucketBits} slots, and a conversion in buckets of that
     * many slots and rounds of about {@code roundTargets} words.
     */
    PairSolver(Variant variant, SectorGraph graph, BoardIndexes indexes, SolverThreads threads,
               int bucketBits, long roundTargets) {
        SlotBuckets.checkShape(bucketBits, roundTargets);
        this.bucketBits = bucketBits;
        this.roundTargets = roundTargets;
        this.variant = variant;
        this.rules = variant.moves();
        this.unmoves = new Unmoves(variant);
        this.graph = graph;
        this.indexes = indexes;
        this.threads = threads;
        this.workers = threads.workers(Worker[]::new, Worker::new);
    }

    /**
     * The bits of a region for a pair of {@code slots}: {@link #bucketBits} at most, and small
     * enough that the pair has {@link #MIN_REGIONS} of them for the workers to share, but
     * never below {@link #MIN_REGION_BITS} (unless the buckets are smaller).
     */
    private int regionBits(long slots) {
        int bits = 63 - Long.numberOfLeadingZeros(Math.max(1, slots / MIN_REGIONS));
        return Math.max(Math.min(bucketBits, MIN_REGION_BITS), Math.min(bucketBits, bits));
    }

    /** One sector of a pair under solve. */
    private final class Half {
        final Sector sector;
        /** The sector's index: where its values go in the result and the file. */
        final SectorIndex index;
        /**
         * Where its state words are: the index of the board with the sides swapped, the position
         * (own O, enemy E) at {@code swapped.rank(E, O)} (see the class comment). The partner's
         * {@code swapped} is this half's {@link #index}.
         */
        final SectorIndex swapped;
        final StateArray state;
        final Edges edges;
        final int units;
        /** 0 or 1: this half's bit in a {@link LevelLists} entry. */
        final int id;
        /**
         * Its state's slots in regions of {@code 2^regionBits}, numbered from {@link #firstRegion}
         * among the pair's: one region if {@link #swapped} keeps no runs by own men.
         */
        int regionBits;
        int regions;
        int firstRegion;
        Half partner;
        /** The solved sectors out of the pair: after a capturing board move, a placement, a capturing placement. */
        SolvedValues.SectorValues captureValues;
        SolvedValues.SectorValues placedValues;
        SolvedValues.SectorValues placedCaptureValues;

        Half(Sector sector, SectorIndex index, SectorIndex swapped, Edges edges, int id) {
            if (swapped.size() > LevelLists.MAX_SLOTS) {
                throw new IllegalArgumentException("sector " + sector + ": " + swapped.size()
                    + " slots, more than a pending frontier entry can carry (" + LevelLists.MAX_SLOTS + ")");
            }
            this.sector = sector;
            this.index = index;
            this.swapped = swapped;
            this.edges = edges;
            this.id = id;
            this.state = new StateArray(swapped.size());
            this.units = SolverThreads.units(swapped.size());
        }

        void regionsOf(int bits) {
            regionBits = bits;
            regions = swapped.runsByOwn() ? (int) ((swapped.size() + (1L << bits) - 1) >>> bits) : 1;
        }

        /**
         * The region a frontier entry of this half with own men {@code own} is listed in: that of
         * the run, in the partner's state, where all its predecessors lie (they have {@code own}
         * as their enemy men, and the partner's state is laid out by this half's {@link #index}).
         */
        int regionOf(int own) {
            if (partner.regions == 1) {
                return partner.firstRegion;
            }
            return partner.firstRegion + (int) (index.ownStartOf(own) >>> regionBits);
        }

        /** The position whose state word is at {@code slot}, or {@link SectorIndex#HOLE}. */
        long positionAt(long slot) {
            return swap(swapped.unrank(slot));
        }
    }

    /**
     * Solves a moving sector and its partner {@code B-W-0-0} together (one sector when W = B) and
     * returns them, {@code s} first. Captures lead to sectors read from {@code solved}.
     */
    List<SolvedSector> solve(Sector s, SolvedValues solved) {
        if (!graph.isPair(s)) {
            throw new IllegalArgumentException("sector " + s + " is no pair (every move leaves it): solve it as a placing sector");
        }
        long start = System.nanoTime();
        Half a = new Half(s, indexes.of(s), indexes.of(s.mirror()), new Edges(variant, s, indexes), 0);
        Half b = s.mirror().equals(s) ? a
            : new Half(s.mirror(), indexes.of(s.mirror()), indexes.of(s), new Edges(variant, s.mirror(), indexes), 1);
        a.partner = b;
        b.partner = a;
        Half[] halves = a == b ? new Half[] {a} : new Half[] {a, b};
        long total = a == b ? a.state.size() : a.state.size() + b.state.size();
        int units = a == b ? a.units : a.units + b.units;

        int regionBits = regionBits(total);
        a.regionsOf(regionBits);
        if (b != a) {
            b.regionsOf(regionBits);
            b.firstRegion = a.regions;
        }
        threads.startProgress(true);
        LevelLists lists = new LevelLists(workers.length, a == b ? a.regions : a.regions + b.regions);
        for (int t = 0; t < workers.length; t++) {
            workers[t].lists = lists.appender(t);
        }
        for (Half h : halves) {
            Edges e = h.edges;
            h.captureValues = e.movedCapture == null ? null : solved.of(e.movedCapture);
            h.placedValues = e.placed == null ? null : solved.of(e.placed);
            h.placedCaptureValues = e.placedCapture == null ? null : solved.of(e.placedCapture);
        }
        for (Worker w : workers) {
            for (Half h : halves) {
                // the keys: the slots of the mover's masks after a mill against the enemy men, in
                // this half's own state, a block of C(24 - enemy men, own men) per asymmetric enemy class
                w.memos[h.id].sector(h.edges.movedCaptureIndex == null || h.edges.captureWins ? null : h.swapped,
                    Binomial.of(Points.POINTS - h.sector.b(), h.sector.w()));
            }
        }
        long seedStart = System.nanoTime();
        threads.parallel(workers, units, (w, unit) -> {
            Half h = unit < a.units ? a : b;
            long from = (long) (unit < a.units ? unit : unit - a.units) * SolverThreads.UNIT;
            long to = Math.min(h.state.size(), from + SolverThreads.UNIT);
            long[] positions = w.positions;
            h.swapped.unrankRange(from, (int) (to - from), positions);
            for (int k = 0; k < to - from; k++) {
                positions[k] = swap(positions[k]);
            }
            for (long i = from; i < to; i++) {
                w.seed(h, i, positions[(int) (i - from)]);
            }
            w.listSeeded(h, from, to, positions);
            threads.done(to - from);
        });

        long propagationStart = System.nanoTime();
        Half[] byId = {a, b};
        for (Worker w : workers) {
            w.byId = byId;
        }
        int levels = 0;
        for (int d = 0; lists.anyFrom(d); d++) {
            levels = d + 1;
            final int level = d;
            List<List<LevelLists.Chunk>> byRegion = lists.take(d);
            threads.parallel(workers, byRegion.size(), (w, region) -> {
                long expanded = 0;
                for (LevelLists.Chunk c : byRegion.get(region)) {
                    expanded += w.expandChunk(c, level);
                }
                threads.done(expanded);
            });
        }
        for (Half h : halves) {
            h.state.releaseFilters();
        }
        long conversionStart = System.nanoTime();
        List<SolvedSector> result = new ArrayList<>(2);
        for (Half h : halves) {
            result.add(convert(h));
        }
        long end = System.nanoTime();
        for (Worker w : workers) {
            w.lists = null;
            w.byId = null;   // no reference to a pair outlives its solve
            w.capturesIn = null;
            for (CaptureMemo m : w.memos) {
                m.sector(null, 0);
            }
            w.batchHalf = null;
        }
        threads.report(total);
        threads.reportPhases(new PairPhases(seedStart - start, propagationStart - seedStart,
            conversionStart - propagationStart, levels, end - conversionStart));
        return result;
    }

    /**
     * The state's final values as a result in the sector's own index order. The result starts
     * as all draws (its holes marked, by unranking it in its own order only where the index has
     * holes). Then the state is walked in its order, round by round, and each decided word is
     * ranked in the sector's index and held in the bucket of its slot of the result, then written
     * a bucket at a time ({@link SlotBuckets}), where writing each word at random over the result
     * (1.2 GB for 8-8-0-0) cost 40 s of the pair's 220 on two threads. Only decided words move: from a sixth
     * (6-6-0-0) to nine tenths (9-8-0-0) of the positions of the standard game's pairs. The
     * half's state is dropped after, so that at most one result and the states exist at once.
     */
    private SolvedSector convert(Half h) {
        SolvedSector out = new SolvedSector(h.sector, h.index.size());
        long size = h.index.size();
        threads.parallel(workers, SolverThreads.units(size), (w, unit) -> {
            long from = (long) unit << SolverThreads.UNIT_BITS;
            int n = (int) Math.min(SolverThreads.UNIT, size - from);
            short[] values = out.chunk((int) (from >>> SolvedSector.CHUNK_BITS));
            int at = (int) (from & (SolvedSector.CHUNK - 1));
            if (!h.index.hasHoles()) {
                Arrays.fill(values, at, at + n, (short) Value.DRAW);
                return;
            }
            h.index.unrankRange(from, n, w.positions);
            for (int k = 0; k < n; k++) {
                values[at + k] = w.positions[k] == SectorIndex.HOLE ? SolvedSector.HOLE : (short) Value.DRAW;
            }
        });
        SlotBuckets[] held = new SlotBuckets[workers.length];
        for (int t = 0; t < workers.length; t++) {
            held[t] = workers[t].held = new SlotBuckets(bucketBits, size, roundTargets, workers.length);
        }
        StateArray st = h.state;
        int perRound = (int) Math.max(1, Math.min(h.units, roundTargets / SolverThreads.UNIT));
        for (int first = 0; first < h.units; first += perRound) {
            final int firstUnit = first;
            threads.parallel(workers, Math.min(perRound, h.units - first), (w, u) -> {
                long from = (long) (firstUnit + u) << SolverThreads.UNIT_BITS;
                int n = (int) Math.min(SolverThreads.UNIT, st.size() - from);
                h.swapped.unrankRange(from, n, w.positions);
                for (int k = 0; k < n; k++) {
                    int word = st.get(from + k);
                    if (word >= 0) {
                        if (word > Short.MAX_VALUE) {
                            throw new IllegalStateException("sector " + h.sector + ": distance " + word + " does not fit the in-memory result");
                        }
                        long packed = w.positions[k];
                        w.held.hold(h.index.rank(SectorIndex.enemyOf(packed), SectorIndex.ownOf(packed)), word);
                    }
                }
            });
            SlotBuckets.apply(threads, workers, held, out);
        }
        for (Worker w : workers) {
            w.held = null;
        }
        for (int c = 0; c < st.chunks(); c++) {
            st.release(c);
        }
        return out.tally();
    }

    /** A packed position with its sides swapped (own men as enemy and back); {@link SectorIndex#HOLE} stays. */
    private static long swap(long packed) {
        return packed == SectorIndex.HOLE ? packed : SectorIndex.pack(SectorIndex.enemyOf(packed), SectorIndex.ownOf(packed));
    }

    /** The per-thread work, with its own buffers. */
    private final class Worker {
        /**
         * The mover's men after each quiet move of the position in hand, listed only where their
         * symmetry needs them (seed); the predecessors' mover's men (expansion).
         */
        final int[] moves = new int[MoveGenerator.MAX_MOVES];
        /** The mover's men after each mill-closing (from, to) of the position in hand (seed). */
        final int[] closing = new int[MoveGenerator.MAX_MOVES];
        /** Where {@link #distinctQuietChildren} lets the closing moves go when it lists the quiet ones. */
        final int[] spareClosing = new int[MoveGenerator.MAX_MOVES];
        final long[] preds = new long[Unmoves.MAX_UNMOVES];
        final DistinctIndexes distinct = new DistinctIndexes(MoveGenerator.MAX_MOVES);
        final long[] children = new long[MoveGenerator.MAX_MOVES];
        /** The values of the capture children in {@link #children}. */
        final int[] captureRead = new int[MoveGenerator.MAX_MOVES];
        /**
         * Per half (by {@link Half#id}), what the captures of each mover's mask after a mill give,
         * for the enemy mask in hand ({@link #closingCaptures}).
         */
        final CaptureMemo[] memos = {new CaptureMemo(), new CaptureMemo()};
        final long[] positions = new long[SolverThreads.UNIT];
        /**
         * The batch of the propagation ({@link #gather}, {@link #flush}): the predecessors'
         * slots, in the state of {@link #batchHalf}, and their positions.
         */
        final long[] batchSlots = new long[BATCH_SLOTS];
        final long[] batchPreds = new long[BATCH_SLOTS];
        int batchFill;
        Half batchHalf;
        /** Where the reading passes leave what they read, so that the compiler keeps their loads. */
        int sink;
        /**
         * The enemy mask and half that {@link #captures} last worked out, the men it may take,
         * and per man taken the capture child sector's handle ({@link SectorIndex#prepareOwn}) of
         * the enemy men left, the child's side to move.
         */
        int capturesOf;
        Half capturesIn;
        int captures;
        final long[] capturePrepared = new long[24];
        /** This worker's side of the frontiers of the pair being solved. */
        LevelLists.Appender lists;
        /** The halves of the pair being solved by their {@link Half#id}. */
        Half[] byId;
        /** The conversion's writes this worker found in the round in hand, waiting to be written. */
        SlotBuckets held;

        /**
         * The seed pass over one slot of a pair: everything that does not depend on the pair.
         * The children come from {@link MoveGenerator#closingBoardMoves} (the quiet ones stay in
         * the pair and are counted; the mill-closing ones take a man and leave it) and, where the
         * mover holds men (Lasker), from its placements, which all leave the pair: every child
         * out of the pair is read like a capture's.
         */
        void seed(Half h, long i, long packed) {
            StateArray st = h.state;
            if (packed == SectorIndex.HOLE) {
                st.set(i, StateArray.undecided(StateArray.HOLE, 0, 0));
                return;
            }
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            Edges e = h.edges;
            int counts = rules.closingBoardMoves(own, enemy, h.sector.wf(), closing);
            int nq = MoveGenerator.quietCount(counts), nClosing = MoveGenerator.closingCount(counts);
            int places = e.placed == null ? 0 : Geometry.ALL & ~(own | enemy);
            int placesClosing = places == 0 ? 0 : rules.closingPlacements(own, places);
            int removable = nClosing == 0 && placesClosing == 0 ? 0 : captures(h, enemy);
            int placesQuiet = places & ~placesClosing;
            if (nq == 0 && removable == 0 && placesQuiet == 0) {
                st.set(i, rules.noMove(own, enemy) == MoveGenerator.End.DRAWN
                    ? StateArray.undecided(StateArray.DRAWISH, 0, 0) : 0);
                return;
            }
            if (removable != 0 && e.captureWins) {
                st.set(i, 1);
                return;
            }
            int pendingWin = Integer.MAX_VALUE;
            boolean drawn = false;
            int floor = 0;
            if (removable != 0 && nClosing != 0) {
                CaptureMemo memo = closingCaptures(h, own, enemy, removable, nClosing);
                pendingWin = memo.win;
                floor = Math.max(0, memo.loss);
                drawn = memo.drawn;
            }
            // Every other child out of the pair, ranked first and read after (the reads overlap).
            int nc = 0, nPlacedCaptures = 0;
            if (removable != 0) {
                if (placesClosing != 0) {
                    SectorIndex pci = e.placedCaptureIndex;
                    for (int r = removable; r != 0; r &= r - 1) {
                        nc += pci.rankEach(pci.prepareOwn(enemy & ~(r & -r)), own, placesClosing, children, nc);
                    }
                }
                nPlacedCaptures = nc;
            }
            if (placesQuiet != 0) {
                SectorIndex pi = e.placedIndex;
                nc += pi.rankEach(pi.prepareOwn(enemy), own, placesQuiet, children, nc);
            }
            for (int k = 0; k < nc; k++) {
                SolvedValues.SectorValues from = k < nPlacedCaptures ? h.placedCaptureValues : h.placedValues;
                int v = from.value(children[k]);
                if (v == Value.DRAW) {
                    drawn = true;
                } else if ((v & 1) == 0) {
                    if (v + 1 < pendingWin) {
                        pendingWin = v + 1;
                    }
                } else if (v + 1 > floor) {
                    floor = v + 1;
                }
            }
            if (pendingWin != Integer.MAX_VALUE) {
                if (pendingWin == 1) {
                    st.set(i, 1);
                } else {
                    st.set(i, StateArray.undecided(StateArray.PENDING_WIN, checkParam(h, pendingWin), 0));
                }
            } else if (drawn) {
                st.set(i, StateArray.undecided(StateArray.DRAWISH, 0, 0));
            } else {
                int count = nq > 0 ? distinctQuietChildren(h, own, enemy, nq) : 0;
                if (count == 0) {
                    st.set(i, floor);
                } else {
                    st.set(i, StateArray.undecided(StateArray.OPEN, checkParam(h, floor), count));
                }
            }
        }

        /**
         * What the captures after the {@code nClosing} mill-closing board moves in {@link
         * #closing} give, in the summary of the half's {@link CaptureMemo}: from the memo where
         * every move's captures are remembered for this enemy mask, else from the children,
         * ranked all first and read after. A mover's mask after a mill is reached from two to six
         * parents with the same enemy men, all in one run of the seed's walk. Timed inside the
         * solver, each unit seeded both ways in turn (the first way alternating), two threads,
         * files byte-identical (2026-12-05): the seed's work 0.90 and 0.91 times that without the
         * memo for 7-7-0-0, 0.90 and 0.91 for 8-8-0-0 (each of two runs with the turns swapped).
         */
        CaptureMemo closingCaptures(Half h, int own, int enemy, int removable, int nClosing) {
            CaptureMemo memo = memos[h.id];
            boolean remember = memo.forEnemy(enemy);
            if (remember) {
                memo.index().rankMoved(memo.own(), own, closing, nClosing, memo.keys, 0);
                if (memo.sumRemembered(nClosing)) {
                    return memo;
                }
            }
            SectorIndex ci = h.edges.movedCaptureIndex;
            int n = 0;
            for (int r = removable; r != 0; r &= r - 1) {
                n += ci.rankMoved(capturePrepared[Integer.numberOfTrailingZeros(r)], own, closing, nClosing, children, n);
            }
            for (int k = 0; k < n; k++) {
                captureRead[k] = h.captureValues.value(children[k]);
            }
            memo.sumChildren(captureRead, n, nClosing, remember);
            return memo;
        }

        /**
         * The men of {@code enemy} a mill may take, with {@link #capturePrepared} made for each:
         * worked out once per enemy mask, since the seed walks the state's order, one enemy
         * mask after another.
         */
        int captures(Half h, int enemy) {
            if (enemy != capturesOf || h != capturesIn) {
                capturesOf = enemy;
                capturesIn = h;
                captures = rules.removable(enemy);
                SectorIndex ci = h.edges.movedCaptureIndex;
                if (ci != null) {
                    for (int r = captures; r != 0; r &= r - 1) {
                        capturePrepared[Integer.numberOfTrailingZeros(r)] = ci.prepareOwn(enemy & ~(r & -r));
                    }
                }
            }
            return captures;
        }

        /**
         * How many distinct partner indices the {@code nq} moves of {@code own} taking no man
         * lead to. Their children all have the
         * parent's enemy men as their own men. When those have no symmetry but the identity, no
         * two children share an index: two positions with the same own mask share one only if a
         * symmetry keeps that mask and maps one enemy mask onto the other, here only the
         * identity; and distinct quiet moves (from, to) leave distinct masks of the mover (from
         * is what the mask lost, to what it gained). Then the count is the number of quiet
         * moves, with nothing ranked; only otherwise are the moves listed.
         */
        int distinctQuietChildren(Half h, int own, int enemy, int nq) {
            SectorIndex pi = h.partner.index;
            long prepared = pi.prepareOwn(enemy);
            int count;
            if (pi.asymmetric(prepared)) {
                count = nq;
            } else {
                rules.boardMoves(own, enemy, h.sector.wf(), moves, spareClosing);
                for (int k = 0; k < nq; k++) {
                    children[k] = pi.rankPrepared(prepared, moves[k]);
                }
                count = distinct.of(children, nq);
            }
            if (count > 255) {
                throw new IllegalStateException("sector " + h.sector + ": " + count + " distinct children overflow the counter");
            }
            return count;
        }

        /**
         * Puts the slots of {@code [from, to)} that the seed decided (with their positions, from
         * {@code positions}), or left with a pending win, into the frontier of their level: the
         * seed's own values, read back while the unit is still in cache.
         */
        void listSeeded(Half h, long from, long to, long[] positions) {
            StateArray st = h.state;
            for (long i = from; i < to; i++) {
                int word = st.get(i);
                if (word >= 0) {
                    st.markDecided(i);
                    long packed = positions[(int) (i - from)];
                    lists.decided(word, h.regionOf(SectorIndex.ownOf(packed)), LevelLists.entry(h.id, packed));
                } else if (StateArray.kind(word) == StateArray.PENDING_WIN) {
                    st.markClosed(i);
                    int own = SectorIndex.ownOf(positions[(int) (i - from)]);
                    lists.pending(StateArray.param(word), h.regionOf(own), LevelLists.pendingEntry(h.id, i));
                } else if (StateArray.kind(word) == StateArray.DRAWISH) {
                    st.markClosed(i);
                }
            }
        }

        /**
         * Expands every entry of a chunk of level {@code d}; returns how many it expanded. A
         * decided entry is a position decided at d; a pending one, the slot of a pending win
         * falling due at d, which is a win of d only if no shorter in-pair win came first: then
         * this is the one write that decides it. The pending entries' own words are read in
         * groups of {@link #OWN_READS} before any is looked at, as the predecessors' words are
         * in {@link #flush}: they lie anywhere in the other state, each a miss of its own.
         */
        long expandChunk(LevelLists.Chunk c, int d) {
            long expanded = 0;
            if (c.isPending()) {
                int[] entries = c.pending();
                for (int first = 0, n = c.length(); first < n; first += OWN_READS) {
                    int last = Math.min(n, first + OWN_READS);
                    int touched = 0;
                    for (int k = first; k < last; k++) {
                        int e = entries[k];
                        touched |= byId[LevelLists.pendingHalf(e)].state.get(LevelLists.pendingSlot(e));
                    }
                    sink ^= touched;
                    for (int k = first; k < last; k++) {
                        int e = entries[k];
                        Half h = byId[LevelLists.pendingHalf(e)];
                        long i = LevelLists.pendingSlot(e);
                        int word = h.state.get(i);
                        if (word >= 0 || StateArray.kind(word) != StateArray.PENDING_WIN || StateArray.param(word) != d) {
                            continue;
                        }
                        h.state.set(i, d);
                        gather(h, h.positionAt(i), d);
                        expanded++;
                    }
                }
            } else {
                long[] entries = c.decided();
                for (int k = 0, n = c.length(); k < n; k++) {
                    long e = entries[k];
                    gather(byId[LevelLists.half(e)], LevelLists.payload(e), d);
                    expanded++;
                }
            }
            flush(d);
            return expanded;
        }

        /**
         * Adds the predecessors of a frontier position of level {@code d} to the batch: their
         * slots in the partner's state ({@link #batchSlots}) and their positions ({@link
         * #batchPreds}), flushing the batch first when it might not hold them. Every predecessor
         * has this position's own men as its enemy men, and the partner's state is laid out by
         * them: one prepared mask, and each predecessor's slot in its run, in the region this
         * entry was listed in. At an odd level only the distinct ones are kept: a counter counted
         * distinct children, so a win decrements each distinct predecessor once. With no
         * symmetry but the identity keeping this position's own men (the predecessors' enemy
         * men) they are distinct already (see {@link #distinctQuietChildren}); otherwise two may
         * share an index.
         */
        void gather(Half h, long packed, int d) {
            Half p = h.partner;
            if (batchFill > BATCH_SLOTS - Unmoves.MAX_UNMOVES || (batchFill > 0 && p != batchHalf)) {
                flush(d);
            }
            batchHalf = p;
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            int n = unmoves.generate(own, enemy, h.sector.bf(), preds);
            SectorIndex ps = p.swapped;
            long prepared = ps.prepareOwn(own);
            for (int k = 0; k < n; k++) {
                moves[k] = SectorIndex.ownOf(preds[k]);
            }
            int at = batchFill;
            if ((d & 1) == 1 && !ps.asymmetric(prepared)) {
                ps.rankMoved(prepared, enemy, moves, n, children, 0);
                int m = distinct.of(children, n);
                long[] slots = distinct.values();
                int[] firstAt = distinct.firstAt();
                for (int k = 0; k < m; k++) {
                    batchSlots[at + k] = slots[k];
                    batchPreds[at + k] = preds[firstAt[k]];
                }
                batchFill = at + m;
            } else {
                ps.rankMoved(prepared, enemy, moves, n, batchSlots, at);
                System.arraycopy(preds, 0, batchPreds, at, n);
                batchFill = at + n;
            }
        }

        /**
         * Updates the batch's predecessors, all in the state of {@link #batchHalf}. First those
         * whose words the level cannot change are dropped by the state's filter bits ({@link
         * StateArray#knownDecided} at an even level, {@link StateArray#knownClosed} at an odd
         * one): in 7-7-0-0 about a fifth of the predecessors are known decided, and at the odd
         * levels a fifth more are drawn by a capture or wait for a capture's win. Timed inside the
         * solver, the levels two by two in turn with and without the filter, then the turns
         * swapped, two threads, files byte-identical (2026-12-05): the levels' wall time per
         * predecessor 0.92 and 0.97 of that without for 7-7-0-0 (23.0 against 24.8 ns, 23.1
         * against 23.8), 0.92 and 0.97 for 8-8-0-0 (25.9 against 28.2, 29.0 against 30.1): the
         * reads were not the larger part (generating and ranking are). Then the remaining
         * words are read in a pass that branches on none of them (what it reads goes to {@link
         * #sink}, so that the loads stay), so that the processor keeps many misses in flight
         * at once; the updates, which branch on every word and so let few misses overlap, then
         * find the words in the cache. They run in the order one entry at a time would.
         *
         * <p>An even level sets the undecided predecessors of a lost position to wins in d+1; an
         * odd one counts an open predecessor of a won position down, and one that reaches zero is
         * lost in max(d+1, floor). A decided word stays decided. The words lie in the region the
         * entries were listed in, whose entries only this worker expands in this level, so they
         * are read and written plainly. (Pending entries read and write their own slot in the
         * other state, plainly too: at the odd levels where they fall due, the updates there
         * touch only open words, never a pending one, and each slot has one pending entry. A
         * compare-and-set there, a locked instruction that waits for its cache miss, cost 3.5 %
         * of the propagation: 7-7-0-0 on one thread, both builds side by side, 118.2 s against
         * 111.7 s, seeds 71.3 and 69.9 s, 2026-12-04.) Within a level these updates commute, so
         * the order of the regions and workers changes no value.
         */
        void flush(int d) {
            int n = batchFill;
            if (n == 0) {
                return;
            }
            batchFill = 0;
            Half p = batchHalf;
            StateArray st = p.state;
            long[] slots = batchSlots;
            long[] preds = batchPreds;
            // Only the words the level may change stay in the batch, in their order, without a branch.
            int kept = 0;
            if ((d & 1) == 0) {
                for (int k = 0; k < n; k++) {
                    long r = slots[k];
                    slots[kept] = r;
                    preds[kept] = preds[k];
                    kept += st.knownDecided(r) ? 0 : 1;
                }
            } else {
                for (int k = 0; k < n; k++) {
                    long r = slots[k];
                    slots[kept] = r;
                    preds[kept] = preds[k];
                    kept += st.knownClosed(r) ? 0 : 1;
                }
            }
            n = kept;
            int touched = 0;
            for (int k = 0; k < n; k++) {
                touched |= st.get(slots[k]);
            }
            sink ^= touched;
            if ((d & 1) == 0) {
                for (int k = 0; k < n; k++) {
                    long r = slots[k];
                    int word = st.get(r);
                    if (word < 0) {
                        if (StateArray.kind(word) == StateArray.HOLE) {
                            throw new IllegalStateException("sector " + p.sector + ": a position ranks to the hole " + r);
                        }
                        st.set(r, d + 1);
                        st.markDecided(r);
                        long pred = preds[k];
                        lists.decided(d + 1, p.regionOf(SectorIndex.ownOf(pred)), LevelLists.entry(p.id, pred));
                    }
                }
            } else {
                for (int k = 0; k < n; k++) {
                    long r = slots[k];
                    int word = st.get(r);
                    if (word < 0 && StateArray.kind(word) == StateArray.OPEN) {
                        int count = StateArray.counter(word);
                        if (count == 0) {
                            throw new IllegalStateException("sector " + p.sector + ": counter of slot " + r
                                + " falls below zero (counting and unmoves disagree)");
                        }
                        if (count == 1) {
                            int value = Math.max(d + 1, StateArray.param(word));
                            st.set(r, value);
                            st.markDecided(r);
                            long pred = preds[k];
                            lists.decided(value, p.regionOf(SectorIndex.ownOf(pred)), LevelLists.entry(p.id, pred));
                        } else {
                            st.set(r, word - 1);
                        }
                    }
                }
            }
        }

        private int checkParam(Half h, int param) {
            if (param > StateArray.MAX_PARAM) {
                throw new IllegalStateException("sector " + h.sector + ": distance " + param + " too long");
            }
            return param;
        }
    }
}
