package org.merrills.retro;

import java.util.Arrays;
import org.merrills.db.Value;
import org.merrills.index.Binomial;
import org.merrills.index.Edges;
import org.merrills.index.Masks;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Geometry;
import org.merrills.rules.MoveGenerator;

/**
 * The positions of a placing sector that share one enemy mask, solved together from the child
 * positions they share, each child read once and in index order.
 *
 * <p>With enemy men E, a position with own men S places a man on an empty point p: the child has
 * E to move against T = S + p. Seen from the children, a child T of the quiet placements is a
 * child of every S = T - p with p outside the complete mills of T (placing p closed none), and
 * every T holding a mill, taken with a man r of E, is the capture child (E - r, T) of every S =
 * T - p with p in a mill of T. So the parents' best values can be gathered from the children:
 * walk every T once, read its quiet value and (when it holds a mill) its capture values, and
 * offer them to its parents, whose best so far is kept per parent. That replaces a rank per
 * child per parent (each child has up to nine parents, each capture child of a mill three) by
 * arithmetic on T, and the quiet children of one E fill one block of their sector
 * ({@link SectorIndex#blockStart}), read here from start to end.
 *
 * <p>Only where every own mask S visits E (E has no symmetry but the identity, so the walk by
 * enemy men takes every S) and E has men (so every closing placement takes one). Parents and
 * children are numbered in the block's own order of the free points: S's best lives at the colex
 * rank of its renumbered mask, and T's quiet value at the block's start plus T's. One instance
 * per thread.
 */
final class PlacingBlock {
    /** C(n, k) at {@code n * 32 + k}, for n and k up to 24 (0 where k > n). */
    private static final int[] C = Binomial.flat(32);

    private final MoveGenerator rules;
    private final int[] mills;
    /** The mills clear of the enemy men, renumbered. */
    private final int[] freeMills;
    /** Renumbered masks back to points, a table per byte of the renumbered mask. */
    private final int[] points = new int[3 * 256];
    /** The point each number stands for. */
    private final int[] pointOf = new int[24];
    /** Per parent (the colex rank of its renumbered own mask), the key of its best child so far ({@link Best#key}). */
    private int[] best = new int[0];
    /** The numbers of T's points, ascending, and the colex terms of the ones below each. */
    private final int[] at = new int[24];
    private final int[] below = new int[24];
    private final long[] captureRanks = new long[24];

    PlacingBlock(MoveGenerator rules) {
        this.rules = rules;
        this.mills = rules.board().mills();
        this.freeMills = new int[mills.length];
    }

    /**
     * Whether the positions with enemy men {@code enemy}, whose quiet children's own men were
     * prepared as {@code quietPrepared} by {@code placedIndex}, can be solved here.
     */
    static boolean applies(SectorIndex placedIndex, long quietPrepared, int enemy) {
        return enemy != 0 && placedIndex != null && placedIndex.asymmetric(quietPrepared);
    }

    /**
     * Solves every position with enemy men {@code enemy} and {@code ownMen} own men into
     * {@code out} (held for {@code index}'s ranks) and returns how many there are. {@code removable}
     * is the enemy men a mill may take and {@code captureOwn} per removable man (lowest first)
     * the capture children's own men prepared by {@code e.placedCaptureIndex}.
     */
    int solve(Edges e, SectorIndex index, int ownMen, int enemy, long quietPrepared, int removable,
              long[] captureOwn, SolvedValues.SectorValues quietValues, SolvedValues.SectorValues captureValues,
              SlotBuckets out) {
        int n = 24 - Integer.bitCount(enemy);
        int millCount = renumber(e.placedIndex, quietPrepared, enemy, n);
        int parents = C[n * 32 + ownMen];
        if (best.length < parents) {
            best = new int[parents];
        }
        Arrays.fill(best, 0, parents, Best.NONE_KEY);
        offerChildren(e, ownMen, millCount, C[n * 32 + ownMen + 1], e.placedIndex.blockStart(quietPrepared),
            Integer.bitCount(removable), captureOwn, quietValues, captureValues);
        int s = (1 << ownMen) - 1;
        for (int c = 0; c < parents; c++) {
            int own = toPoints(s);
            int key = best[c];
            int value = key != Best.NONE_KEY ? Best.value(key)
                : rules.noMove(own, enemy) == MoveGenerator.End.DRAWN ? Value.DRAW : 0;
            out.hold(index.rank(own, enemy), value);
            s = Masks.nextSameBitCount(s);
        }
        return parents;
    }

    /**
     * Numbers the {@code n} points outside {@code enemy} as the quiet children's block does, fills
     * the tables back to points and the mills clear of the enemy men; returns how many mills.
     */
    private int renumber(SectorIndex quiet, long quietPrepared, int enemy, int n) {
        for (int p = Geometry.ALL & ~enemy; p != 0; p &= p - 1) {
            int point = Integer.numberOfTrailingZeros(p);
            pointOf[quiet.blockOrder(quietPrepared, point)] = point;
        }
        for (int b = 0; b < 3; b++) {
            points[b * 256] = 0;
            for (int v = 1; v < 256; v++) {
                int number = 8 * b + Integer.numberOfTrailingZeros(v);
                points[b * 256 + v] = points[b * 256 + (v & (v - 1))] | (number < n ? 1 << pointOf[number] : 0);
            }
        }
        int millCount = 0;
        for (int m : mills) {
            if ((m & enemy) == 0) {
                int renumbered = 0;
                for (int q = m; q != 0; q &= q - 1) {
                    renumbered |= 1 << quiet.blockOrder(quietPrepared, Integer.numberOfTrailingZeros(q));
                }
                freeMills[millCount++] = renumbered;
            }
        }
        return millCount;
    }

    /**
     * Walks the {@code children} masks T of {@code ownMen + 1} renumbered points in colex order
     * (the quiet block from {@code first}) and offers each parent T - p the value of its child:
     * the quiet one where p closes no mill of T, else the best capture of T.
     */
    private void offerChildren(Edges e, int ownMen, int millCount, int children, long first, int removableMen,
                               long[] captureOwn, SolvedValues.SectorValues quietValues,
                               SolvedValues.SectorValues captureValues) {
        int winInOne = Best.key(1);
        SectorIndex ci = e.placedCaptureIndex;
        int t = (1 << (ownMen + 1)) - 1;
        for (int c = 0; c < children; c++) {
            int inMills = 0;
            for (int k = 0; k < millCount; k++) {
                int m = freeMills[k];
                inMills |= m & (((t & m) ^ m) - 1) >> 31;     // m where T holds all of m
            }
            int quietKey = Best.key(Value.parent(quietValues.value(first + c)));
            int captureKey = Best.NONE_KEY;
            if (inMills != 0) {
                if (e.captureWins) {
                    captureKey = winInOne;
                } else {
                    int enemyOfChild = toPoints(t);
                    for (int r = 0; r < removableMen; r++) {
                        captureRanks[r] = ci.rankPrepared(captureOwn[r], enemyOfChild);
                    }
                    for (int r = 0; r < removableMen; r++) {
                        captureKey = Math.max(captureKey, Best.key(Value.parent(captureValues.value(captureRanks[r]))));
                    }
                }
            }
            // The parents T - p: the colex rank of T without its j-th point is the terms of the
            // points below it as they are plus those above it one place lower.
            int k = 0, sum = 0;
            for (int x = t; x != 0; x &= x - 1, k++) {
                int number = Integer.numberOfTrailingZeros(x);
                at[k] = number;
                below[k] = sum;
                sum += C[number * 32 + k + 1];
            }
            int above = 0;
            for (int j = k - 1; j >= 0; j--) {
                int number = at[j];
                int key = (inMills >>> number & 1) != 0 ? captureKey : quietKey;
                int parent = below[j] + above;
                if (key > best[parent]) {
                    best[parent] = key;
                }
                above += C[number * 32 + j];
            }
            t = Masks.nextSameBitCount(t);
        }
    }

    /** The points of a renumbered mask. */
    private int toPoints(int renumbered) {
        return points[renumbered & 0xFF] | points[256 + (renumbered >>> 8 & 0xFF)] | points[512 + (renumbered >>> 16)];
    }
}
