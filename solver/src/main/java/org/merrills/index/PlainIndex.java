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

    /** Every index is a position. */
    @Override
    public boolean hasHoles() {
        return false;
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
        return Fast.colex(ownMask) * enemyConfigs + Fast.colex(Fast.squeeze(enemyMask, ownMask));
    }

    /** The own mask's colex rank times the enemy configurations: one run per own mask. */
    @Override
    public boolean runsByOwn() {
        return true;
    }

    @Override
    public long ownStart(long prepared) {
        return Fast.colex((int) prepared) * enemyConfigs;
    }

    @Override
    public long unrank(long index) {
        int ownMask = Binomial.uncolex(index / enemyConfigs, own, 24);
        int enemyMask = Fast.spread(Binomial.uncolex(index % enemyConfigs, enemy, 24 - own), ownMask);
        return SectorIndex.pack(ownMask, enemyMask);
    }

    /**
     * Byte tables for the same colex rank, squeeze and spread as {@link Binomial#colex},
     * {@link #squeeze} and {@link #spread}: three lookups instead of a loop over 24 points, since
     * the solver ranks every child of every position.
     */
    static final class Fast {
        /** COLEX[(i * 256 + v) * 25 + before]: byte i of value v after {@code before} lower bits. */
        private static final long[] COLEX = new long[3 * 256 * 25];
        /** PEXT[v << 8 | free]: the bits of v at the set bits of free, packed low. */
        private static final byte[] PEXT = new byte[1 << 16];
        /** PDEP[v << 8 | free]: the low bits of v spread onto the set bits of free. */
        private static final byte[] PDEP = new byte[1 << 16];

        static {
            for (int i = 0; i < 3; i++) {
                for (int v = 0; v < 256; v++) {
                    for (int before = 0; before + Integer.bitCount(v) <= 24; before++) {
                        long r = 0;
                        int k = before + 1;
                        for (int bit = 0; bit < 8; bit++) {
                            if ((v >>> bit & 1) != 0) {
                                r += Binomial.of(8 * i + bit, k++);
                            }
                        }
                        COLEX[(i * 256 + v) * 25 + before] = r;
                    }
                }
            }
            for (int v = 0; v < 256; v++) {
                for (int free = 0; free < 256; free++) {
                    int out = 0, in = 0, o = 0;
                    for (int bit = 0; bit < 8; bit++) {
                        if ((free >>> bit & 1) != 0) {
                            if ((v >>> bit & 1) != 0) {
                                out |= 1 << o;
                            }
                            if ((v >>> o & 1) != 0) {
                                in |= 1 << bit;
                            }
                            o++;
                        }
                    }
                    PEXT[v << 8 | free] = (byte) out;
                    PDEP[v << 8 | free] = (byte) in;
                }
            }
        }

        private Fast() {
        }

        static long colex(int mask) {
            int b0 = mask & 0xFF, b1 = (mask >>> 8) & 0xFF, b2 = (mask >>> 16) & 0xFF;
            int c0 = Integer.bitCount(b0), c1 = c0 + Integer.bitCount(b1);
            return COLEX[b0 * 25] + COLEX[(256 + b1) * 25 + c0] + COLEX[(512 + b2) * 25 + c1];
        }

        static int squeeze(int mask, int taken) {
            int free = ~taken;
            int f0 = free & 0xFF, f1 = (free >>> 8) & 0xFF, f2 = (free >>> 16) & 0xFF;
            int s0 = Integer.bitCount(f0), s1 = s0 + Integer.bitCount(f1);
            return (PEXT[(mask & 0xFF) << 8 | f0] & 0xFF)
                | (PEXT[(mask & 0xFF00) | f1] & 0xFF) << s0
                | (PEXT[((mask >>> 8) & 0xFF00) | f2] & 0xFF) << s1;
        }

        static int spread(int squeezed, int taken) {
            int free = ~taken;
            int f0 = free & 0xFF, f1 = (free >>> 8) & 0xFF, f2 = (free >>> 16) & 0xFF;
            int s0 = Integer.bitCount(f0), s1 = s0 + Integer.bitCount(f1);
            return (PDEP[(squeezed & 0xFF) << 8 | f0] & 0xFF)
                | (PDEP[((squeezed >>> s0) & 0xFF) << 8 | f1] & 0xFF) << 8
                | (PDEP[((squeezed >>> s1) & 0xFF) << 8 | f2] & 0xFF) << 16;
        }
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
