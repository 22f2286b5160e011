package org.merrills.index;

import java.util.Arrays;

/**
 * Every symmetry class of the boards (W, B) exactly once, grouped by the enemy men: the order in
 * which reading a position's children stays local. Every child of (own, enemy) that takes no man
 * has {@code enemy} as its own men, and every capture has {@code enemy} less one man, so the
 * children of all positions with one enemy mask fall into one own-class block of the child
 * sector (one per man taken), where index order (own men major) would scatter the reads over the
 * whole child sector.
 *
 * <p>A class is visited through its images whose enemy men are canonical (the smallest of their
 * 16 images); those are the images under the enemy mask's stabiliser, and only the one with the
 * smallest own mask among them is taken. This covers each class once for an index that
 * {@link SectorIndex#foldsEverySymmetry folds every symmetry}.
 *
 * <p>Immutable; the enemy masks are split into units of about {@code target} positions for
 * threads to share out.
 */
public final class EnemyMajorWalk {
    private static final int ALL = (1 << 24) - 1;
    private final int own;
    private final int[] enemies;
    private final int enemiesPerUnit;
    /** The own masks beside each enemy mask. */
    private final long perEnemy;

    /** The walk of the boards with {@code own} men to move and {@code enemy} men opposite, in units of about {@code target} positions. */
    public EnemyMajorWalk(int own, int enemy, int target) {
        if (own < 0 || enemy < 0 || own + enemy > 24) {
            throw new IllegalArgumentException("no board holds " + own + " and " + enemy + " men");
        }
        this.own = own;
        this.enemies = canonicalMasks(enemy);
        this.perEnemy = Binomial.of(24 - enemy, own);
        this.enemiesPerUnit = (int) Math.max(1, target / perEnemy);
    }

    /** The most positions a unit holds (its enemy masks times the own masks of each). */
    public long positionsPerUnit() {
        return enemiesPerUnit * perEnemy;
    }

    public int units() {
        return (enemies.length + enemiesPerUnit - 1) / enemiesPerUnit;
    }

    /** The first and one past the last position in {@link #enemies()} of unit {@code u}. */
    public int firstEnemy(int u) {
        return u * enemiesPerUnit;
    }

    public int endEnemy(int u) {
        return Math.min(enemies.length, (u + 1) * enemiesPerUnit);
    }

    /** The canonical enemy mask number {@code k}. */
    public int enemy(int k) {
        return enemies[k];
    }

    /**
     * Writes into {@code out} the own masks of the classes whose canonical enemy mask is
     * {@code enemy} (one representative each, ascending) and returns how many there are.
     * {@code out} needs room for C(24 - enemy men, own men).
     */
    public int owns(int enemy, int[] out) {
        int stab = Symmetries.stabiliser(enemy) & ~1;
        int free = ALL & ~enemy;
        int n = 0;
        long combinations = Binomial.of(24 - Integer.bitCount(enemy), own);
        int ownMask = Masks.lowestPoints(free, own);
        for (long c = 0; c < combinations; c++) {
            if (c > 0) {
                ownMask = Masks.nextSubsetOf(free, ownMask);
            }
            if (stab == 0 || Symmetries.smallestUnder(stab, ownMask)) {
                out[n++] = ownMask;
            }
        }
        return n;
    }

    /** The largest {@link #owns} can return for this walk. */
    public int maxOwns() {
        return enemies.length == 0 ? 0 : (int) Binomial.of(24 - Integer.bitCount(enemies[0]), own);
    }

    /** The masks of {@code men} points that are the smallest of their 16 images, ascending. */
    static int[] canonicalMasks(int men) {
        int n = (int) Binomial.of(24, men);
        int[] out = new int[n];
        int count = 0;
        int mask = (1 << men) - 1;
        for (int r = 0; r < n; r++) {
            if (Symmetries.smallestUnder(0xFFFE, mask)) {
                out[count++] = mask;
            }
            mask = Masks.nextSameBitCount(mask);
        }
        return Arrays.copyOf(out, count);
    }
}
