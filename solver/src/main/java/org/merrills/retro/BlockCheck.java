package org.merrills.retro;

import java.util.Arrays;
import org.merrills.db.Value;
import org.merrills.index.Binomial;
import org.merrills.index.Colex24;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;

/**
 * The values every position with one enemy mask must have, for {@link Verifier}: each position's
 * children found forward from it (for a placement every empty point, the ones that close a mill as
 * the generator says; for a board move the generator's moves; then every removable man), read from
 * a copy of the one block of the child sector they share.
 *
 * <p>With enemy men E, a move that takes no man leaves the child with E to move against the
 * mover's men after it, T: S + p after placing on p, S - a + p after moving from a to p. When E's
 * own class is asymmetric in the child sector, every such T lies in one block there
 * ({@link SectorIndex#blockStart}), at the colex rank of T with its points renumbered by
 * {@link SectorIndex#blockOrder}. So the block is read once, in order, and each position's
 * children are found in it by arithmetic on its own renumbered men: inserting point p among them
 * keeps the colex terms of the men below p, adds p's own term, and moves the men above p up one
 * place; moving a man from a to p drops a's term, adds p's, and moves the men between the two
 * one place, down when p is above a and up when below. Per child that is
 * a bit count or two, a few table reads and a sum, where ranking it through the index maps,
 * squeezes and looks up the whole mask; and the values come from an array of at most C(free
 * points, men + 1) ints (under 100 KiB in the big sectors, 2 MB at most) instead of the child
 * sector. The captures of a T are read the first time a position closes a mill with it and kept
 * for the others that close one; each man taken leaves E without him, and where that is
 * asymmetric in the capture sector too, its block's renumbering is made once per E and T is
 * ranked by three table reads and its colex rank.
 *
 * <p>A mover who holds men in hand and may also move one on the board (Lasker) has both kinds of
 * children: placements lead to one child sector and board moves to another, a block in each
 * ({@link #readyPlacements}, {@link #readyMoves}), and each position takes the best child of the
 * two ({@link #expect}).
 *
 * <p>The solver's {@link PlacingBlock} walks the placing block the other way, offering each child
 * to its parents, and its pair solver counts and unmoves; this class asks each parent for its
 * children, so they share only the index, the rules and the order of values ({@link Best}).
 * One instance per thread.
 */
final class BlockCheck {
    /** C(n, k) at {@code n * 32 + k}, for n and k up to 24 (0 where k > n). */
    private static final int[] C = Binomial.flat(32);
    /**
     * Below this many positions per enemy mask, the tables made per mask (about a thousand
     * entries per kind of child) would cost more than the ranks they save: a bound by reckoning,
     * not measured. The verifier comes here where each kind of child the mover has (placements,
     * board moves or both) fills a block: the enemy mask's own class is asymmetric in that kind's
     * child sector.
     */
    static final int MIN_POSITIONS = 64;
    /** A capture key not yet worked out for the enemy mask in hand: no worked-out one is, as a capture has a man to take. */
    private static final int UNKNOWN = Best.NONE_KEY;
    /** The key of a win in one ply, the best a child can give: a capture that leaves the opponent too few men. */
    private static final int WIN_NOW = Best.key(1);

    private final MoveGenerator rules;
    /** The children after a placement and after a board move, readied per enemy mask. */
    private final ChildBlock placed = new ChildBlock();
    private final ChildBlock moved = new ChildBlock();
    /** The points the enemy mask in hand leaves free. */
    private int free;
    /** The number of each point in the capture children's block being made ({@link ChildBlock#captureBlock}). */
    private final int[] captureNumberOf = new int[24];
    private final long[] captureRanks = new long[24];
    /** Per count of men, the sums of colex terms {@link #placingKeys} and {@link #movingKeys} work out per position. */
    private final int[] terms = new int[25];
    private final int[] lower = new int[25];
    private final int[] upper = new int[25];
    /** The mover's men after each quiet board move, and after each mill-closing one. */
    private final int[] quiet = new int[MoveGenerator.MAX_MOVES];
    private final int[] closing = new int[MoveGenerator.MAX_MOVES];

    BlockCheck(MoveGenerator rules) {
        this.rules = rules;
    }

    /**
     * Where the captures of the positions in hand lead: the child sector's index and values, and
     * per man taken the children's own men prepared. Asked only when a position closes a mill,
     * since a sector none of whose positions can close one may have no such child sector.
     */
    interface Captures {
        SectorIndex index();

        SolvedValues.SectorValues values();

        /** The capture children's own men (E without the man on {@code taken}), prepared by {@link #index}. */
        long prepared(int taken);
    }

    /**
     * Readies the children of the placements against {@code enemy}: the mover then has
     * {@code men} men on the board, those without a capture are {@code values} at the block of
     * {@code prepared} (E's own men) in {@code index}, and {@code captures} says where the others are.
     */
    void readyPlacements(int enemy, int men, SectorIndex index, long prepared, SolvedValues.SectorValues values,
                         Captures captures) {
        placed.ready(enemy, men, index, prepared, values, captures);
    }

    /** As {@link #readyPlacements}, for the children of the board moves. */
    void readyMoves(int enemy, int men, SectorIndex index, long prepared, SolvedValues.SectorValues values,
                    Captures captures) {
        moved.ready(enemy, men, index, prepared, values, captures);
    }

    /**
     * Writes into {@code want[j]} the value the position (owns[j], enemy) must have, for j below
     * {@code n}, its mover holding {@code hand} men: from its placements ({@code places}), its
     * board moves ({@code moves}) or both, each kind readied for this enemy mask above. A mill
     * takes one of {@code removable}, which is not empty (an asymmetric E has men, and some of
     * them a mill may take); {@code captureWins} when that leaves the opponent too few men (then
     * no capture child is read).
     */
    void expect(int enemy, int hand, int[] owns, int n, int[] want, boolean places, boolean moves, int removable,
                boolean captureWins) {
        // want[] holds each position's best key until the last loop: the placements' first, the
        // board moves' taken in after, each kind in its own loop over the positions
        if (places) {
            placingKeys(owns, n, want, removable, captureWins);
        } else {
            Arrays.fill(want, 0, n, Best.NONE_KEY);
        }
        if (moves) {
            movingKeys(enemy, hand, owns, n, want, removable, captureWins);
        }
        for (int j = 0; j < n; j++) {
            int best = want[j];
            want[j] = best != Best.NONE_KEY ? Best.value(best)
                : rules.noMove(owns[j], enemy) == MoveGenerator.End.DRAWN ? Value.DRAW : 0;
        }
    }

    /** Writes into {@code keys[j]} the key of the best child the placements give the mover owns[j], for j below {@code n}. */
    private void placingKeys(int[] owns, int n, int[] keys, int removable, boolean captureWins) {
        ChildBlock b = placed;
        int[] quietKeys = b.quietKeys;
        int free = this.free;
        for (int j = 0; j < n; j++) {
            int own = owns[j];
            int empty = free & ~own;
            int closing = rules.closingPlacements(own, empty);
            if (closing != 0 && captureWins) {
                keys[j] = WIN_NOW;
                continue;
            }
            int s = b.renumber(own);
            // terms[c]: the colex terms of the own men with c of them below the point placed
            int sum = 0, c = 0;
            for (int x = s; x != 0; x &= x - 1, c++) {
                sum += C[Integer.numberOfTrailingZeros(x) * 32 + c + 2];
            }
            terms[0] = sum;
            c = 0;
            for (int x = s; x != 0; x &= x - 1, c++) {
                int q = Integer.numberOfTrailingZeros(x);
                sum += C[q * 32 + c + 1] - C[q * 32 + c + 2];
                terms[c + 1] = sum;
            }
            int best = Best.NONE_KEY;
            for (int x = b.renumber(empty & ~closing); x != 0; x &= x - 1) {
                int q = Integer.numberOfTrailingZeros(x);
                int below = Integer.bitCount(s & ((1 << q) - 1));
                best = Math.max(best, quietKeys[terms[below] + C[q * 32 + below + 1]]);
            }
            for (int x = b.renumber(closing); x != 0; x &= x - 1) {
                int q = Integer.numberOfTrailingZeros(x);
                int below = Integer.bitCount(s & ((1 << q) - 1));
                best = Math.max(best, b.captureKey(terms[below] + C[q * 32 + below + 1], own | 1 << b.pointOf[q], removable));
            }
            keys[j] = best;
        }
    }

    /**
     * Takes into {@code keys[j]} the key of the best child the board moves give the mover owns[j],
     * holding {@code hand} men, for j below {@code n}: the better of the two.
     */
    private void movingKeys(int enemy, int hand, int[] owns, int n, int[] keys, int removable, boolean captureWins) {
        ChildBlock b = moved;
        int[] quietKeys = b.quietKeys;
        int[] numberOf = b.numberOf;
        for (int j = 0; j < n; j++) {
            if (keys[j] == WIN_NOW) {
                continue;                    // a placement wins at once: nothing beats it
            }
            int own = owns[j];
            int counts = rules.boardMoves(own, enemy, hand, quiet, closing);
            int nq = MoveGenerator.quietCount(counts), nc = MoveGenerator.closingCount(counts);
            if (nc != 0 && captureWins) {
                keys[j] = WIN_NOW;
                continue;
            }
            int s = b.renumber(own);
            // The colex rank of s, and per c the sums over its c lowest men of what a man's term
            // loses when he moves one place down (lower[c]) or gains one place up (upper[c]).
            int rank = 0, c = 0;
            for (int x = s; x != 0; x &= x - 1, c++) {
                int r = Integer.numberOfTrailingZeros(x) * 32 + c;
                rank += C[r + 1];
                lower[c + 1] = lower[c] + C[r + 1] - C[r];
                upper[c + 1] = upper[c] + C[r + 2] - C[r + 1];
            }
            int best = keys[j];
            for (int k = 0; k < nq; k++) {
                best = Math.max(best, quietKeys[moved(numberOf, own, s, rank, quiet[k])]);
            }
            for (int k = 0; k < nc; k++) {
                best = Math.max(best, b.captureKey(moved(numberOf, own, s, rank, closing[k]), closing[k], removable));
            }
            keys[j] = best;
        }
    }

    /**
     * The offset in the block of the mover's men {@code after} a board move from {@code own},
     * whose renumbered men {@code s} have the colex rank {@code rank}. The man lifted from number
     * a, the i-th of s, loses his term; landing on number p, above j men of s, he takes the term
     * of the (j-1)-th when p is above a (the men between move one place down) or of the j-th
     * when below (the men between move one place up).
     */
    private int moved(int[] numberOf, int own, int s, int rank, int after) {
        int a = numberOf[Integer.numberOfTrailingZeros(own & ~after)];
        int p = numberOf[Integer.numberOfTrailingZeros(after & ~own)];
        int i = Integer.bitCount(s & ((1 << a) - 1));
        int j = Integer.bitCount(s & ((1 << p) - 1));
        rank -= C[a * 32 + i + 1];
        // both ways worked out and one kept, so that no branch waits on where p lies (random)
        int above = rank - (lower[j] - lower[Math.min(i + 1, j)]) + C[p * 32 + j];
        int below = rank + (upper[i] - upper[Math.min(i, j)]) + C[p * 32 + j + 1];
        return p > a ? above : below;
    }

    /** Per byte of a mask of the points {@code free}, its points renumbered by {@code numberOf}. */
    private static void fill(int[] table, int free, int[] numberOf) {
        for (int b = 0; b < 3; b++) {
            table[b * 256] = 0;
            for (int v = 1; v < 256; v++) {
                int point = 8 * b + Integer.numberOfTrailingZeros(v);
                table[b * 256 + v] = table[b * 256 + (v & (v - 1))] | ((free >>> point & 1) != 0 ? 1 << numberOf[point] : 0);
            }
        }
    }

    private static int renumber(int[] table, int mask) {
        return table[mask & 0xFF] | table[256 + (mask >>> 8 & 0xFF)] | table[512 + (mask >>> 16)];
    }

    /** A child's value as its parent ranks it ({@link Best}). */
    private static int key(int childValue) {
        return Best.key(Value.parent(childValue));
    }

    /** The block of one kind of child (after a placement, or after a board move) for the enemy mask in hand, and its captures. */
    private final class ChildBlock {
        /** Per byte of a point mask (three tables of 256), its points renumbered by the block's order. */
        final int[] renumbered = new int[3 * 256];
        /** The number of each free point in the block, and the point each number stands for. */
        final int[] numberOf = new int[24];
        final int[] pointOf = new int[24];
        /** Per child T of the block (its offset), the key of its quiet value, and of its best capture ({@link #UNKNOWN} until asked). */
        int[] quietKeys = new int[0];
        private int[] captureKeys = new int[0];
        private Captures captures;
        /**
         * Per man taken (by point), the renumbering of the capture children's block, as
         * {@link #renumbered} for the quiet ones, and where the block starts; made on first use for
         * an enemy mask ({@link #captureMade}) where E without the man is asymmetric in the capture
         * sector ({@link #captureBlocks}), else the index ranks the capture.
         */
        private final int[][] captureRenumbered = new int[24][3 * 256];
        private final long[] captureStart = new long[24];
        private int captureMade;
        private int captureBlocks;

        /**
         * Readies the block of {@code prepared} in {@code index}, whose children hold {@code men}
         * men against {@code enemy}: its renumbering, the keys of its values, no capture worked out yet.
         */
        void ready(int enemy, int men, SectorIndex index, long prepared, SolvedValues.SectorValues values,
                   Captures captures) {
            int free = Geometry.ALL & ~enemy;
            BlockCheck.this.free = free;
            this.captures = captures;
            for (int p = free; p != 0; p &= p - 1) {
                int point = Integer.numberOfTrailingZeros(p);
                numberOf[point] = index.blockOrder(prepared, point);
                pointOf[numberOf[point]] = point;
            }
            fill(renumbered, free, numberOf);
            int children = C[Integer.bitCount(free) * 32 + men];
            if (quietKeys.length < children) {
                quietKeys = new int[children];
                captureKeys = new int[children];
            }
            long first = index.blockStart(prepared);
            for (int r = 0; r < children; r++) {
                quietKeys[r] = key(values.value(first + r));
            }
            Arrays.fill(captureKeys, 0, children, UNKNOWN);
            captureMade = 0;
        }

        /** A mask of free points, renumbered for this block. */
        int renumber(int mask) {
            return BlockCheck.renumber(renumbered, mask);
        }

        /** The best of the captures after the placement or board move that leaves the mover T ({@code points}), the block's child {@code t}. */
        int captureKey(int t, int points, int removable) {
            int known = captureKeys[t];
            if (known != UNKNOWN) {
                return known;
            }
            SectorIndex index = captures.index();
            int men = 0;
            for (int r = removable; r != 0; r &= r - 1) {
                int taken = Integer.numberOfTrailingZeros(r);
                if ((captureMade >>> taken & 1) == 0) {
                    captureBlock(index, captures.prepared(taken), taken);
                }
                captureRanks[men++] = (captureBlocks >>> taken & 1) != 0
                    ? captureStart[taken] + Colex24.of(BlockCheck.renumber(captureRenumbered[taken], points))
                    : index.rankPrepared(captures.prepared(taken), points);
            }
            SolvedValues.SectorValues values = captures.values();
            int best = Best.NONE_KEY;
            for (int k = 0; k < men; k++) {
                best = Math.max(best, key(values.value(captureRanks[k])));
            }
            captureKeys[t] = best;
            return best;
        }

        /**
         * Makes the renumbering of the capture children's block that takes the man on {@code taken},
         * if E without it is asymmetric in the capture sector ({@code prepared} by {@code index}).
         */
        private void captureBlock(SectorIndex index, long prepared, int taken) {
            captureMade |= 1 << taken;
            if (!index.asymmetric(prepared)) {
                captureBlocks &= ~(1 << taken);
                return;
            }
            captureBlocks |= 1 << taken;
            captureStart[taken] = index.blockStart(prepared);
            int points = free | 1 << taken;
            for (int p = points; p != 0; p &= p - 1) {
                int point = Integer.numberOfTrailingZeros(p);
                captureNumberOf[point] = index.blockOrder(prepared, point);
            }
            fill(captureRenumbered[taken], points, captureNumberOf);
        }
    }
}
