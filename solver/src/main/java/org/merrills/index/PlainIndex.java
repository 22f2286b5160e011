package org.merrills.index;

/**
 * The index with no symmetry folded in: the own men's colex rank times the number of enemy
 * configurations, plus the enemy men's colex rank over the points own leaves free. Simple enough
 * to check by eye, it is the reference the folding index is tested against, and a working index
 * for anything that does not care about size.
 */
public final class PlainIndex implements SectorIndex {
    private final int own;
    private final int enemy;
    private final long enemyConfigs;

    public PlainIndex(int own, int enemy) {
        if (own < 0 || enemy < 0 || own + enemy > 24) {
            throw new IllegalArgumentException("no board holds " + own + " and " + enemy + " men");
        }
        this.own = own;
        this.enemy = enemy;
        this.enemyConfigs = Binomial.of(24 - own, enemy);
    }

    @Override
    public int own() {
        return own;
    }

    @Override
    public int enemy() {
        return enemy;
    }

    @Override
    public long size() {
        return Binomial.of(24, own) * enemyConfigs;
    }

    @Override
    public long rank(int ownMask, int enemyMask) {
        return Binomial.colex(ownMask) * enemyConfigs + Binomial.colex(squeeze(enemyMask, ownMask));
    }

    @Override
    public long unrank(long index) {
        int ownMask = Binomial.uncolex(index / enemyConfigs, own, 24);
        int enemyMask = spread(Binomial.uncolex(index % enemyConfigs, enemy, 24 - own), ownMask);
        return SectorIndex.pack(ownMask, enemyMask);
    }

    /** The bits of {@code mask} renumbered over the points {@code taken} leaves free. */
    static int squeeze(int mask, int taken) {
        int out = 0, bit = 0;
        for (int p = 0; p < 24; p++) {
            if ((taken >>> p & 1) == 0) {
                if ((mask >>> p & 1) != 0) {
                    out |= 1 << bit;
                }
                bit++;
            }
        }
        return out;
    }

    /** The inverse of {@link #squeeze}. */
    static int spread(int squeezed, int taken) {
        int out = 0, bit = 0;
        for (int p = 0; p < 24; p++) {
            if ((taken >>> p & 1) == 0) {
                if ((squeezed >>> bit & 1) != 0) {
                    out |= 1 << p;
                }
                bit++;
            }
        }
        return out;
    }
}
