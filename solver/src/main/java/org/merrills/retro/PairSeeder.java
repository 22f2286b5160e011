package org.merrills.retro;

import org.merrills.db.Value;
import org.merrills.index.Binomial;
import org.merrills.index.Edges;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Points;

/**
 * The seed pass of a pair ({@link PairSolver}), one per thread with its buffers: gives every slot
 * of a half's state what does not depend on the pair, from the children that leave it, and lists
 * what it decided (or left as a pending win) in the frontier of its level.
 *
 * <p>No move is a loss in 0; a capture that ends the game is a win in 1; a capture into a solved
 * sector that is lost there is a <i>pending</i> win (decided only when its level comes, since an
 * in-pair win may be shorter); a drawn capture child means the position is never lost; otherwise
 * the position keeps a loss floor (1 + its longest won capture child) and a counter of its
 * distinct in-pair child indices. The children come from {@link MoveGenerator#closingBoardMoves}
 * (the quiet ones stay in the pair and are counted; the mill-closing ones take a man and leave
 * it) and, where the mover holds men (Lasker), from its placements, which all leave the pair:
 * every child out of the pair is read like a capture's.
 */
final class PairSeeder {
    private final MoveGenerator rules;
    /** The mover's men after each quiet move of the position in hand, listed only where their symmetry needs them. */
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    /** The mover's men after each mill-closing (from, to) of the position in hand. */
    private final int[] closing = new int[MoveGenerator.MAX_MOVES];
    /** Where {@link #distinctQuietChildren} lets the closing moves go when it lists the quiet ones. */
    private final int[] spareClosing = new int[MoveGenerator.MAX_MOVES];
    private final DistinctIndexes distinct = new DistinctIndexes(MoveGenerator.MAX_MOVES);
    private final long[] children = new long[MoveGenerator.MAX_MOVES];
    /** The values of the capture children in {@link #children}. */
    private final int[] captureRead = new int[MoveGenerator.MAX_MOVES];
    /**
     * Per half (by {@link PairHalf#id}), what the captures of each mover's mask after a mill give,
     * for the enemy mask in hand ({@link #closingCaptures}).
     */
    private final CaptureMemo[] memos = {new CaptureMemo(), new CaptureMemo()};
    /** The positions of the unit in hand, in the state's order. */
    private final long[] positions = new long[SolverThreads.UNIT];
    /**
     * The enemy mask and half that {@link #captures} last worked out, the men it may take,
     * and per man taken the capture child sector's handle ({@link SectorIndex#prepareOwn}) of
     * the enemy men left, the child's side to move.
     */
    private int capturesOf;
    private PairHalf capturesIn;
    private int captures;
    private final long[] capturePrepared = new long[24];
    /** This worker's side of the frontiers of the pair being solved. */
    private LevelLists.Appender lists;

    PairSeeder(MoveGenerator rules) {
        this.rules = rules;
    }

    /** Readies this worker for the pair of {@code halves}, listing into {@code lists}. */
    void start(PairHalf[] halves, LevelLists.Appender lists) {
        this.lists = lists;
        for (PairHalf h : halves) {
            // the keys: the slots of the mover's masks after a mill against the enemy men, in
            // this half's own state, a block of C(24 - enemy men, own men) per asymmetric enemy class
            memos[h.id].sector(h.edges.movedCaptureIndex == null || h.edges.captureWins ? null : h.swapped,
                Binomial.of(Points.POINTS - h.sector.b(), h.sector.w()));
        }
    }

    /** Forgets the pair, so that no reference to it outlives its solve. */
    void finish() {
        lists = null;
        capturesIn = null;
        for (CaptureMemo m : memos) {
            m.sector(null, 0);
        }
    }

    /** Seeds the slots {@code [from, to)} of {@code h}, at most one unit, and lists what they decided. */
    void seedRange(PairHalf h, long from, long to) {
        h.swapped.unrankRange(from, (int) (to - from), positions);
        for (int k = 0; k < to - from; k++) {
            positions[k] = PairHalf.swap(positions[k]);
        }
        for (long i = from; i < to; i++) {
            seed(h, i, positions[(int) (i - from)]);
        }
        listSeeded(h, from, to);
    }

    /** The seed of one slot: everything that does not depend on the pair. */
    private void seed(PairHalf h, long i, long packed) {
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
     * What the captures after the {@code nClosing} mill-closing board moves in {@link #closing}
     * give, in the summary of the half's {@link CaptureMemo}: from the memo where every move's
     * captures are remembered for this enemy mask, else from the children, ranked all first and
     * read after. A mover's mask after a mill is reached from two to six parents with the same
     * enemy men, all in one run of the seed's walk. Timed inside the solver, each unit seeded
     * both ways in turn (the first way alternating), two threads, files byte-identical
     * (2026-12-05): the seed's work 0.90 and 0.91 times that without the memo for 7-7-0-0, 0.90
     * and 0.91 for 8-8-0-0 (each of two runs with the turns swapped).
     */
    private CaptureMemo closingCaptures(PairHalf h, int own, int enemy, int removable, int nClosing) {
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
    private int captures(PairHalf h, int enemy) {
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
     * lead to. Their children all have the parent's enemy men as their own men. When those have
     * no symmetry but the identity, no two children share an index: two positions with the same
     * own mask share one only if a symmetry keeps that mask and maps one enemy mask onto the
     * other, here only the identity; and distinct quiet moves (from, to) leave distinct masks of
     * the mover (from is what the mask lost, to what it gained). Then the count is the number of
     * quiet moves, with nothing ranked; only otherwise are the moves listed.
     */
    private int distinctQuietChildren(PairHalf h, int own, int enemy, int nq) {
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
     * {@link #positions}), or left with a pending win, into the frontier of their level, and sets
     * their filter bits: the seed's own values, read back while the unit is still in cache.
     */
    private void listSeeded(PairHalf h, long from, long to) {
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

    private static int checkParam(PairHalf h, int param) {
        if (param > StateArray.MAX_PARAM) {
            throw new IllegalStateException("sector " + h.sector + ": distance " + param + " too long");
        }
        return param;
    }
}
