package org.merrills.retro;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.EnemyMajorWalk;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Move;
import org.merrills.rules.MoveGenerator;
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
 * sector, and every child's own men are prepared for ranking once per enemy mask.
 */
public final class Verifier {
    /** Positions per unit of work handed to a thread. */
    private static final int UNIT = 1 << 14;
    /** Child kinds: bit 0 set when a man was placed, bit 1 when a man was taken. */
    private static final int PLACED = 1;
    private static final int TAKEN = 2;

    private final MoveGenerator rules;
    private final BoardIndexes indexes;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];

    /** The sector whose children are prepared below, or null. */
    private Sector sector;
    private SolvedValues preparedFrom;
    private final SectorIndex[] childIndex = new SectorIndex[4];
    private final SolvedValues.SectorValues[] childValues = new SolvedValues.SectorValues[4];
    /** Per child kind, whether such a child has lost at once (the opponent is left with two men). */
    private final boolean[] childLost = new boolean[4];
    /** The enemy mask the prepared own parts below belong to, or -1. */
    private int preparedEnemy = -1;
    /** Per child kind without a capture, the child's own men (the parent's enemy men) prepared. */
    private final long[] quietOwn = new long[2];
    /** Per child kind with a capture (index kind - 2) and man taken, the child's own men prepared; valid where {@link #capturePrepared}. */
    private final long[][] captureOwn = new long[2][24];
    private final int[] capturePrepared = new int[2];
    /** The child kinds looked up for {@link #sector}, one bit each. */
    private int resolved;
    /** Room for the own masks of one enemy mask in {@link #check}'s walk. */
    private int[] owns = new int[0];

    public Verifier(Variant variant, BoardIndexes indexes) {
        this.rules = Objects.requireNonNull(variant, "variant").moves();
        this.indexes = Objects.requireNonNull(indexes, "indexes");
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

    /** The same for a position given by its masks (the side to move's men first). */
    public int expected(Sector s, int own, int enemy, SolvedValues all) {
        prepare(s, all);
        if (enemy != preparedEnemy) {
            prepareEnemy(enemy);
        }
        int n = rules.generate(own, enemy, s.wf(), moves);
        if (n == 0) {
            // Lost, unless the variant draws a side that cannot move on a full board.
            return rules.noMove(own, enemy) == MoveGenerator.End.DRAWN ? Value.DRAW : 0;
        }
        int bestWin = Integer.MAX_VALUE;
        boolean draw = false;
        int longestLoss = -1;
        for (int k = 0; k < n; k++) {
            int m = moves[k];
            int from = Move.from(m), removed = Move.removed(m);
            boolean placed = from == Move.NONE;
            int kind = (placed ? PLACED : 0) | (removed == Move.NONE ? 0 : TAKEN);
            if ((resolved >>> kind & 1) == 0) {
                resolve(kind);
            }
            int child;
            if (childLost[kind]) {
                child = 0;
            } else {
                int childEnemy = (placed ? own : own & ~(1 << from)) | 1 << Move.to(m);
                long prepared = kind < TAKEN ? quietOwn[kind] : capturePrepared(kind - TAKEN, enemy, removed);
                child = childValues[kind].value(childIndex[kind].rankPrepared(prepared, childEnemy));
            }
            if (child == Value.DRAW) {
                draw = true;
            } else if ((child & 1) == 0) {
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

    /** Forgets the child sectors when the sector or the values change; they are looked up on first use. */
    private void prepare(Sector s, SolvedValues all) {
        if (s.equals(sector) && all == preparedFrom) {
            return;
        }
        sector = s;
        preparedFrom = all;
        resolved = 0;
        preparedEnemy = -1;
    }

    /**
     * The child sector of the kind, looked up once per sector: only the kinds of move a sector
     * has are asked for, so no sector outside the game is ever named.
     */
    private void resolve(int kind) {
        boolean placed = (kind & PLACED) != 0, taken = (kind & TAKEN) != 0;
        int childOwn = sector.b() - (taken ? 1 : 0);
        childLost[kind] = taken && childOwn + sector.bf() < 3;
        if (!childLost[kind]) {
            Sector child = new Sector(childOwn, sector.w() + (placed ? 1 : 0), sector.bf(), sector.wf() - (placed ? 1 : 0));
            childIndex[kind] = indexes.of(child);
            childValues[kind] = preparedFrom.of(child);
            if (kind < TAKEN) {
                quietOwn[kind] = childIndex[kind].prepareOwn(preparedEnemy);
            }
        }
        resolved |= 1 << kind;
    }

    private void prepareEnemy(int enemy) {
        preparedEnemy = enemy;
        for (int kind = 0; kind < TAKEN; kind++) {
            if ((resolved >>> kind & 1) != 0 && !childLost[kind]) {
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
            }
            WorkerPool.run(verifiers, walk.units(), (v, unit) -> {
                int[] buffer = v.owns;
                long done = 0;
                for (int k = walk.firstEnemy(unit), end = walk.endEnemy(unit); k < end; k++) {
                    int enemy = walk.enemy(k);
                    for (int j = 0, n = walk.owns(enemy, buffer); j < n; j++) {
                        int own = buffer[j];
                        v.checkOne(s, index.rank(own, enemy), own, enemy, stored, all, report);
                        done++;
                    }
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
