package org.merrills.retro;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.merrills.db.Value;
import org.merrills.index.Binomial;
import org.merrills.index.BoardIndexes;
import org.merrills.index.EnemyMajorWalk;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Points;
import org.merrills.rules.Variant;

/**
 * Recomputes the value a position must have from the stored values of its children, with the
 * forward move generator only: nothing of the solver's counters, levels, unmoves or walks. A
 * solution that agrees with this at every position is the solution: wins and losses are checked
 * by induction on their distance, and a draw that should be a win or a loss would have children
 * that make it one.
 *
 * <p>One instance per thread (it keeps a move buffer and the child sectors of the sector in hand).
 * {@link #check} verifies a whole sector on several threads, walking it by enemy men
 * ({@link EnemyMajorWalk}) so that the children's reads stay within a few blocks of each child
 * sector, and every child's own men are prepared for ranking once per enemy mask; what the
 * captures after a move give is read once per enemy mask and mover's mask after the move, not
 * once per parent ({@link CaptureMemo}). The positions of one enemy mask find their children
 * together in one block of each child sector they lead to, the one of the placements and the one
 * of the board moves ({@link BlockCheck}): the same children, found by arithmetic instead of
 * ranked one by one.
 */
public final class Verifier {
    /** Positions per unit of work handed to a thread. */
    private static final int UNIT = 1 << 14;
    /** Child kinds: bit 0 set when a man was placed, bit 1 when a man was taken. */
    private static final int PLACED = 1;
    private static final int TAKEN = 2;

    private final MoveGenerator rules;
    private final BoardIndexes indexes;
    /** The mover's men after each quiet board move, and after each mill-closing one. */
    private final int[] quiet = new int[MoveGenerator.MAX_MOVES];
    private final int[] closing = new int[MoveGenerator.MAX_MOVES];
    /** The children's indexes of the position in hand. */
    private final long[] children = new long[MoveGenerator.MAX_MOVES];
    /** The captures of the position in hand of one kind, by man taken then move, and their values. */
    private final long[] captureChildren = new long[MoveGenerator.MAX_MOVES];
    private final int[] captureValues = new int[MoveGenerator.MAX_MOVES];

    /** The sector whose children are prepared below, or null. */
    private Sector sector;
    private SolvedValues preparedFrom;
    private final SectorIndex[] childIndex = new SectorIndex[4];
    private final SolvedValues.SectorValues[] childValues = new SolvedValues.SectorValues[4];
    /** The enemy mask the prepared own parts below belong to, or -1, and the men of it a mill may take. */
    private int preparedEnemy = -1;
    private int removableEnemy;
    /** Per child kind without a capture, the child's own men (the parent's enemy men) prepared. */
    private final long[] quietOwn = new long[2];
    /** Per child kind with a capture (index kind - 2) and man taken, the child's own men prepared; valid where {@link #capturePrepared}. */
    private final long[][] captureOwn = new long[2][24];
    private final int[] capturePrepared = new int[2];
    /** The child kinds looked up for {@link #sector}, one bit each. */
    private int resolved;
    /** The captures after a board move (0) and after a placement (1), remembered per mover's mask for the enemy mask in hand. */
    private final CaptureMemo[] memos = {new CaptureMemo(), new CaptureMemo()};
    /** Room for the own masks of one enemy mask in {@link #check}'s walk, their indexes, stored and expected values. */
    private int[] owns = new int[0];
    private long[] ranks = new long[0];
    private int[] have = new int[0];
    private int[] want = new int[0];
    /** The positions of one enemy mask, checked from their children's block, and where their captures lead. */
    private final BlockCheck block;
    private final BlockCheck.Captures moveCaptures = new ChildCaptures(TAKEN);
    private final BlockCheck.Captures placementCaptures = new ChildCaptures(TAKEN | PLACED);

    public Verifier(Variant variant, BoardIndexes indexes) {
        this.rules = Objects.requireNonNull(variant, "variant").moves();
        this.indexes = Objects.requireNonNull(indexes, "indexes");
        this.block = new BlockCheck(rules);
    }

    /**
     * The value the position at {@code index} of {@code s} must have, given the values of every
     * sector its moves lead to (its partner included, for a moving sector). A hole is a draw.
     */
    public int expected(Sector s, long index, SolvedValues all) {
        long packed = indexes.of(s).unrank(index);
        if (packed == SectorIndex.HOLE) {
            return Value.DRAW;
        }
        return expected(s, SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), all);
    }

    /**
     * The same for a position given by its masks (the side to move's men first). The children
     * come from the generator as masks ({@link MoveGenerator#boardMoves}, the placements with
     * {@link MoveGenerator#closingPlacements} and {@link MoveGenerator#removable}), the moves
     * {@link MoveGenerator#generate} lists, one child each; they are all ranked first and read
     * after, so that the reads of the child sectors overlap instead of waiting in turn.
     */
    public int expected(Sector s, int own, int enemy, SolvedValues all) {
        prepare(s, all);
        if (enemy != preparedEnemy) {
            prepareEnemy(enemy);
        }
        int hand = s.wf();
        int counts = rules.boardMoves(own, enemy, hand, quiet, closing);
        int nq = MoveGenerator.quietCount(counts), nClosing = MoveGenerator.closingCount(counts);
        int places = hand == 0 ? 0 : Geometry.ALL & ~(own | enemy);
        int placesClosing = places == 0 ? 0 : rules.closingPlacements(own, places);
        int placesQuiet = places & ~placesClosing;
        int removable = nClosing == 0 && placesClosing == 0 ? 0 : removableEnemy;
        if (nq == 0 && placesQuiet == 0 && removable == 0) {
            // No move: lost, unless the variant draws a side that cannot move on a full board.
            return rules.noMove(own, enemy) == MoveGenerator.End.DRAWN ? Value.DRAW : 0;
        }
        if (removable != 0 && MoveGenerator.tooFew(sector.b() - 1, sector.bf())) {
            return 1;                        // a capture leaves the opponent too few men
        }
        // The children without a capture in two runs of children[], quiet board moves then quiet
        // placements; the captures by kind apart ({@link #captures}).
        int n = 0;
        if (nq != 0) {
            n += child(0).rankMoved(quietOwn[0], own, quiet, nq, children, n);
        }
        int endQuiet = n;
        if (placesQuiet != 0) {
            n += child(PLACED).rankEach(quietOwn[PLACED], own, placesQuiet, children, n);
        }
        int bestWin = Integer.MAX_VALUE;
        boolean draw = false;
        int longestLoss = -1;
        for (int c = 0; c < 2; c++) {
            if (removable == 0 || (c == 0 ? nClosing : placesClosing) == 0) {
                continue;
            }
            CaptureMemo found = captures(c, own, enemy, removable, nClosing, placesClosing);
            if (found.win == 1) {
                return 1;
            }
            bestWin = Math.min(bestWin, found.win);
            longestLoss = Math.max(longestLoss, found.loss);
            draw |= found.drawn;
        }
        for (int k = 0; k < n; k++) {
            SolvedValues.SectorValues values = childValues[k < endQuiet ? 0 : PLACED];
            int child = values.value(children[k]);
            if (child == Value.DRAW) {
                draw = true;
            } else if ((child & 1) == 0) {
                if (child == 0) {
                    return 1;
                }
                bestWin = Math.min(bestWin, child + 1);
            } else {
                longestLoss = Math.max(longestLoss, child + 1);
            }
        }
        if (bestWin != Integer.MAX_VALUE) {
            return bestWin;
        }
        if (draw) {
            return Value.DRAW;
        }
        return longestLoss;
    }

    /**
     * Writes into {@link #want} the values the positions (owns[j], enemy) of {@code s} must
     * have, for j below {@code n}, and returns true, where each kind of child they have
     * (placements, board moves, or both where the mover may place or move) fills one block of its
     * child sector and they can be checked together from those blocks ({@link BlockCheck}); else
     * returns false, and they are checked one by one ({@link #expected}).
     */
    private boolean expectByBlock(Sector s, int enemy, int n, SolvedValues all) {
        prepare(s, all);
        if (enemy != preparedEnemy) {
            prepareEnemy(enemy);
        }
        int hand = s.wf();
        boolean places = hand != 0, moves = rules.mayMove(hand) && s.w() != 0;
        if (n < BlockCheck.MIN_POSITIONS || removableEnemy == 0 || !places && !moves
            || places && !child(PLACED).asymmetric(quietOwn[PLACED]) || moves && !child(0).asymmetric(quietOwn[0])) {
            return false;
        }
        if (places) {
            block.readyPlacements(enemy, s.w() + 1, childIndex[PLACED], quietOwn[PLACED], childValues[PLACED],
                placementCaptures);
        }
        if (moves) {
            block.readyMoves(enemy, s.w(), childIndex[0], quietOwn[0], childValues[0], moveCaptures);
        }
        block.expect(enemy, hand, owns, n, want, places, moves, removableEnemy, MoveGenerator.tooFew(s.b() - 1, s.bf()));
        return true;
    }

    /** The captures of one kind of move ({@code kind}, with {@link #TAKEN}), for {@link #block}: the child sector looked up on first use. */
    private final class ChildCaptures implements BlockCheck.Captures {
        private final int kind;

        ChildCaptures(int kind) {
            this.kind = kind;
        }

        @Override
        public SectorIndex index() {
            return child(kind);
        }

        @Override
        public SolvedValues.SectorValues values() {
            return childValues[kind];
        }

        @Override
        public long prepared(int taken) {
            return capturePrepared(kind - TAKEN, preparedEnemy, taken);
        }
    }

    /**
     * The captures of the position in hand after its mill-closing board moves ({@code c} 0: the
     * {@code nClosing} masks in {@link #closing}) or placements ({@code c} 1: the points
     * {@code places}), each taking every man of {@code removable}: in the summary of the kind's
     * {@link CaptureMemo}, which it returns. From the memo where every
     * move's captures have been worked out for this enemy mask already; else from the children,
     * ranked all first and read after, each move's then remembered.
     */
    private CaptureMemo captures(int c, int own, int enemy, int removable, int nClosing, int places) {
        CaptureMemo memo = memos[c];
        int moves = c == 0 ? nClosing : Integer.bitCount(places);
        boolean remember = memo.forEnemy(enemy);
        if (remember) {
            if (c == 0) {
                memo.index().rankMoved(memo.own(), own, closing, nClosing, memo.keys, 0);
            } else {
                memo.index().rankEach(memo.own(), own, places, memo.keys, 0);
            }
            if (memo.sumRemembered(moves)) {
                return memo;
            }
        }
        SectorIndex ci = child(TAKEN | c);
        int n = 0;
        for (int r = removable; r != 0; r &= r - 1) {
            long prepared = capturePrepared(c, enemy, Integer.numberOfTrailingZeros(r));
            n += c == 0 ? ci.rankMoved(prepared, own, closing, nClosing, captureChildren, n)
                : ci.rankEach(prepared, own, places, captureChildren, n);
        }
        SolvedValues.SectorValues values = childValues[TAKEN | c];
        for (int k = 0; k < n; k++) {
            captureValues[k] = values.value(captureChildren[k]);
        }
        memo.sumChildren(captureValues, n, moves, remember);
        return memo;
    }

    /** The index of the child sector of {@code kind}, looked up on first use. */
    private SectorIndex child(int kind) {
        if ((resolved >>> kind & 1) == 0) {
            resolve(kind);
        }
        return childIndex[kind];
    }

    /** Forgets the child sectors when the sector or the values change; they are looked up on first use. */
    private void prepare(Sector s, SolvedValues all) {
        if (s.equals(sector) && all == preparedFrom) {
            return;
        }
        sector = s;
        preparedFrom = all;
        resolved = 0;
        preparedEnemy = -1;
        // The memos key a mover's mask T by its quiet position (the enemy men to move against T)
        // in the sector a board move or a placement without capture leads to: only that sector's
        // index, not its values, whose reading is the positions' business.
        int b = s.b();
        memos[0].sector(b == 0 ? null : indexes.of(new Sector(b, s.w(), s.bf(), s.wf())), Binomial.of(Points.POINTS - b, s.w()));
        memos[1].sector(b == 0 || s.wf() == 0 ? null : indexes.of(new Sector(b, s.w() + 1, s.bf(), s.wf() - 1)),
            Binomial.of(Points.POINTS - b, s.w() + 1));
    }

    /**
     * The child sector of the kind, looked up once per sector: only the kinds of move a sector
     * has are asked for, so no sector outside the game is ever named (nor one where a capture
     * has ended the game: {@link #expected} answers those without a child).
     */
    private void resolve(int kind) {
        boolean placed = (kind & PLACED) != 0, taken = (kind & TAKEN) != 0;
        Sector child = new Sector(sector.b() - (taken ? 1 : 0), sector.w() + (placed ? 1 : 0), sector.bf(),
            sector.wf() - (placed ? 1 : 0));
        childIndex[kind] = indexes.of(child);
        childValues[kind] = preparedFrom.of(child);
        if (kind < TAKEN) {
            quietOwn[kind] = childIndex[kind].prepareOwn(preparedEnemy);
        }
        resolved |= 1 << kind;
    }

    private void prepareEnemy(int enemy) {
        preparedEnemy = enemy;
        removableEnemy = rules.removable(enemy);
        for (int kind = 0; kind < TAKEN; kind++) {
            if ((resolved >>> kind & 1) != 0) {
                quietOwn[kind] = childIndex[kind].prepareOwn(enemy);
            }
        }
        capturePrepared[0] = 0;
        capturePrepared[1] = 0;
    }

    private long capturePrepared(int c, int enemy, int removed) {
        if ((capturePrepared[c] >>> removed & 1) == 0) {
            captureOwn[c][removed] = childIndex[TAKEN + c].prepareOwn(enemy & ~(1 << removed));
            capturePrepared[c] |= 1 << removed;
        }
        return captureOwn[c][removed];
    }

    /** A stored value that its children contradict. */
    public record Disagreement(long index, int own, int enemy, int stored, int expected) {
    }

    /** What checking a sector found: positions checked, how many disagree, the first few of them. */
    public record Report(long checked, long wrong, List<Disagreement> first) {
    }

    /**
     * Checks every position of {@code s} (or {@code sample} random ones when not null) against
     * its children, on {@code threads} threads; {@code progress} hears the positions checked so
     * far, from the calling thread. Keeps the first {@code keep} disagreements.
     */
    public static Report check(Variant variant, BoardIndexes indexes, Sector s, SolvedValues all, int threads,
                               Long sample, long seed, int keep, LongConsumer progress) {
        SectorIndex index = indexes.of(s);
        SolvedValues.SectorValues stored = all.of(s);
        Verifier[] verifiers = new Verifier[threads];
        for (int t = 0; t < threads; t++) {
            verifiers[t] = new Verifier(variant, indexes);
        }
        AtomicLong checked = new AtomicLong();
        AtomicLong wrong = new AtomicLong();
        List<Disagreement> first = new ArrayList<>();
        Reporter report = (i, own, enemy, have, want) -> {
            if (wrong.incrementAndGet() <= keep) {
                synchronized (first) {
                    first.add(new Disagreement(i, own, enemy, have, want));
                }
            }
        };
        Runnable tick = () -> progress.accept(checked.get());
        long size = index.size();
        if (sample == null && index.foldsEverySymmetry()) {
            EnemyMajorWalk walk = new EnemyMajorWalk(s.w(), s.b(), UNIT);
            for (Verifier v : verifiers) {
                v.owns = new int[walk.maxOwns()];
                v.ranks = new long[walk.maxOwns()];
                v.have = new int[walk.maxOwns()];
                v.want = new int[walk.maxOwns()];
            }
            WorkerPool.run(verifiers, walk.units(), (v, unit) -> {
                long done = 0;
                for (int k = walk.firstEnemy(unit), end = walk.endEnemy(unit); k < end; k++) {
                    int enemy = walk.enemy(k);
                    int n = walk.owns(enemy, v.owns);
                    // The positions of one enemy mask lie one per own class, all over the
                    // sector: their stored values are read together, so that the misses overlap.
                    for (int j = 0; j < n; j++) {
                        v.ranks[j] = index.rank(v.owns[j], enemy);
                    }
                    for (int j = 0; j < n; j++) {
                        v.have[j] = stored.value(v.ranks[j]);
                    }
                    if (v.expectByBlock(s, enemy, n, all)) {
                        for (int j = 0; j < n; j++) {
                            if (v.have[j] != v.want[j]) {
                                report.disagree(v.ranks[j], v.owns[j], enemy, v.have[j], v.want[j]);
                            }
                        }
                    } else {
                        for (int j = 0; j < n; j++) {
                            int own = v.owns[j];
                            int want = v.expected(s, own, enemy, all);
                            if (v.have[j] != want) {
                                report.disagree(v.ranks[j], own, enemy, v.have[j], want);
                            }
                        }
                    }
                    done += n;
                }
                checked.addAndGet(done);
            }, tick);
            if (checked.get() != size) {
                throw new IllegalStateException("sector " + s + ": the walk by enemy men visited " + checked.get()
                    + " classes of " + size);
            }
        } else {
            long count = sample == null ? size : Math.min(sample, size);
            int units = (int) ((count + UNIT - 1) / UNIT);
            WorkerPool.run(verifiers, units, (v, unit) -> {
                SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + s.hashCode() * 31L + unit);
                long from = (long) unit * UNIT, to = Math.min(count, from + UNIT);
                long done = 0;
                for (long k = from; k < to; k++) {
                    long i = sample == null ? k : rnd.nextLong(size);
                    long packed = index.unrank(i);
                    if (packed == SectorIndex.HOLE) {
                        continue;
                    }
                    v.checkOne(s, i, SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), stored, all, report);
                    done++;
                }
                checked.addAndGet(done);
            }, tick);
        }
        progress.accept(checked.get());
        List<Disagreement> sorted = new ArrayList<>(first);
        sorted.sort((x, y) -> Long.compare(x.index(), y.index()));
        return new Report(checked.get(), wrong.get(), List.copyOf(sorted));
    }

    /** Compares the stored value at {@code i} with what its children say, and reports a difference. */
    private void checkOne(Sector s, long i, int own, int enemy, SolvedValues.SectorValues stored, SolvedValues all,
                          Reporter report) {
        int have = stored.value(i);
        int want = expected(s, own, enemy, all);
        if (have != want) {
            report.disagree(i, own, enemy, have, want);
        }
    }

    @FunctionalInterface
    private interface Reporter {
        void disagree(long index, int own, int enemy, int stored, int expected);
    }
}
