package org.merrills.retro;

import java.util.Arrays;
import java.util.List;
import org.merrills.index.SectorIndex;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/**
 * The propagation of a pair ({@link PairSolver}), one per thread with its buffers: expands the
 * frontier entries of one level and region, updating their predecessors a batch at a time.
 *
 * <p>A frontier position lost at level d makes its undecided predecessors wins in d+1; one won
 * at d counts its open predecessors down, and a counter reaching zero decides a loss in
 * max(d+1, floor). The predecessors come from {@link Unmoves} and are deduplicated where they
 * may share an index, so that each edge between two indices is walked exactly once, as the seed
 * counted it. All predecessors of a frontier position (O, E) have O as their enemy men, so they
 * lie in the run of O in the partner's state ({@link PairHalf}), in the region the entry was
 * listed in, which only this worker expands in this level: their words are read and written
 * plainly.
 */
final class PairExpander {
    /**
     * The most predecessors a worker gathers before it reads their words in one pass and updates
     * them ({@link #flush}): 4 KiB of slots and 4 of positions, in the first-level cache.
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

    private final Unmoves unmoves;
    /** The predecessors of the entry in hand, and their mover's men. */
    private final long[] preds = new long[Unmoves.MAX_UNMOVES];
    private final int[] moves = new int[Unmoves.MAX_UNMOVES];
    private final long[] children = new long[Unmoves.MAX_UNMOVES];
    private final DistinctIndexes distinct = new DistinctIndexes(MoveGenerator.MAX_MOVES);
    /**
     * The batch ({@link #gather}, {@link #flush}): the predecessors' slots, in the state of
     * {@link #batchHalf}, and their positions.
     */
    private final long[] batchSlots = new long[BATCH_SLOTS];
    private final long[] batchPreds = new long[BATCH_SLOTS];
    private int batchFill;
    private PairHalf batchHalf;
    /** Where the reading passes leave what they read, so that the compiler keeps their loads. */
    private int sink;
    /** The pending entries that fell due, from {@link #settle}. */
    private final long[] dueEntries = new long[OWN_READS];
    /** {@link #split}'s entries per finer region, kept from one region to the next. */
    private long[][] splitEntries;
    private int[] splitFill;
    /** This worker's side of the frontiers of the pair being solved. */
    private LevelLists.Appender lists;
    /** The halves of the pair being solved by their {@link PairHalf#id}. */
    private PairHalf[] byId;

    PairExpander(Variant variant) {
        this.unmoves = new Unmoves(variant);
    }

    /** Readies this worker for the pair whose halves are {@code byId}, listing into {@code lists}. */
    void start(PairHalf[] byId, LevelLists.Appender lists) {
        this.byId = byId;
        this.lists = lists;
    }

    /**
     * Forgets the pair, so that no reference to it outlives its solve; a batch that a failed
     * solve left behind is dropped with it, never applied to the next pair.
     */
    void finish() {
        byId = null;
        lists = null;
        batchHalf = null;
        batchFill = 0;
        splitEntries = null;
        splitFill = null;
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
            for (int first = 0, n = c.length(); first < n; first += OWN_READS) {
                int due = settle(c.pending(), first, Math.min(n, first + OWN_READS), d);
                for (int k = 0; k < due; k++) {
                    gather(byId[LevelLists.half(dueEntries[k])], LevelLists.payload(dueEntries[k]), d);
                }
                expanded += due;
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
     * Settles the pending entries {@code [first, last)} of level {@code d}: each whose slot
     * still waits for its capture's win (no shorter in-pair win came first) gets that win
     * written and goes into {@link #dueEntries} as a decided entry, to be expanded at d; the
     * others are dropped. Returns how many fell due. Their own words lie anywhere in the other
     * state, each a miss of its own, so they are first all read in a pass that branches on
     * none of them, as the predecessors' words are in {@link #flush}.
     */
    private int settle(int[] entries, int first, int last, int d) {
        int touched = 0;
        for (int k = first; k < last; k++) {
            int e = entries[k];
            touched |= byId[LevelLists.pendingHalf(e)].state.get(LevelLists.pendingSlot(e));
        }
        sink ^= touched;
        int due = 0;
        for (int k = first; k < last; k++) {
            int e = entries[k];
            PairHalf h = byId[LevelLists.pendingHalf(e)];
            long i = LevelLists.pendingSlot(e);
            int word = h.state.get(i);
            if (word < 0 && StateArray.kind(word) == StateArray.PENDING_WIN && StateArray.param(word) == d) {
                h.state.set(i, d);
                dueEntries[due++] = LevelLists.entry(h.id, h.positionAt(i));
            }
        }
        return due;
    }

    /**
     * Splits the entries of one region of level {@code d} into its {@code 2^split} finer
     * regions ({@link PairHalf#subRegionOf}), for a level expanded by more workers than the
     * lists' regions keep busy. A pending entry falling due is settled here, as
     * {@link #expandChunk} would, and goes on as a decided one; the others are dropped. Returns
     * a chunk of decided entries per finer region, null where none.
     */
    LevelLists.Chunk[] split(List<LevelLists.Chunk> chunks, int d, int split) {
        int subs = 1 << split;
        if (splitFill == null || splitFill.length < subs) {
            splitEntries = new long[subs][];
            splitFill = new int[subs];
        }
        for (LevelLists.Chunk c : chunks) {
            if (c.isPending()) {
                for (int first = 0, n = c.length(); first < n; first += OWN_READS) {
                    int due = settle(c.pending(), first, Math.min(n, first + OWN_READS), d);
                    for (int k = 0; k < due; k++) {
                        hold(byId[LevelLists.half(dueEntries[k])], dueEntries[k], split);
                    }
                }
            } else {
                long[] entries = c.decided();
                for (int k = 0, n = c.length(); k < n; k++) {
                    hold(byId[LevelLists.half(entries[k])], entries[k], split);
                }
            }
        }
        LevelLists.Chunk[] out = new LevelLists.Chunk[subs];
        for (int j = 0; j < subs; j++) {
            if (splitFill[j] > 0) {
                out[j] = new LevelLists.Chunk(Arrays.copyOf(splitEntries[j], splitFill[j]), null, splitFill[j]);
                splitFill[j] = 0;
            }
        }
        return out;
    }

    /** Holds a decided entry of half {@code h} for its finer region. */
    private void hold(PairHalf h, long entry, int split) {
        int j = h.subRegionOf(SectorIndex.ownOf(LevelLists.payload(entry)), split);
        long[] at = splitEntries[j];
        int n = splitFill[j];
        if (at == null || n == at.length) {
            splitEntries[j] = at = at == null ? new long[64] : Arrays.copyOf(at, 2 * n);
        }
        at[n] = entry;
        splitFill[j] = n + 1;
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
     * men) they are distinct already (see {@link PairSeeder}'s count of distinct quiet
     * children); otherwise two may share an index.
     */
    private void gather(PairHalf h, long packed, int d) {
        PairHalf p = h.partner;
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
    private void flush(int d) {
        int n = batchFill;
        if (n == 0) {
            return;
        }
        batchFill = 0;
        PairHalf p = batchHalf;
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
}
