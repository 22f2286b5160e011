package org.merrills.index;

/**
 * Renumbering a mask over the points another mask leaves free, and back: the software form of
 * the x86 instructions PEXT and PDEP on 24 bits, one table lookup per byte. It lets the index
 * rank the enemy men over the free points with the same byte-table colex as any mask
 * ({@link Colex24}) and unrank them without a branch per point.
 *
 * <p>Two tables of 256 x 256 bytes (128 KiB together), indexed by (byte of the free mask, byte of
 * the value).
 */
final class Squeeze {
    /** EXTRACT[f << 8 | v]: the bits of v at the set bits of f, packed down. */
    private static final byte[] EXTRACT = new byte[1 << 16];
    /** DEPOSIT[f << 8 | v]: the low bits of v, spread onto the set bits of f. */
    private static final byte[] DEPOSIT = new byte[1 << 16];

    static {
        for (int f = 0; f < 256; f++) {
            for (int v = 0; v < 256; v++) {
                int extracted = 0, deposited = 0, out = 0;
                for (int bit = 0; bit < 8; bit++) {
                    if ((f >>> bit & 1) != 0) {
                        extracted |= (v >>> bit & 1) << out;
                        deposited |= (v >>> out & 1) << bit;
                        out++;
                    }
                }
                EXTRACT[f << 8 | v] = (byte) extracted;
                DEPOSIT[f << 8 | v] = (byte) deposited;
            }
        }
    }

    private Squeeze() {
    }

    /** The bits of {@code mask} at the set bits of {@code free} (24 bits), renumbered from 0 upwards. */
    static int extract(int mask, int free) {
        int f0 = free & 0xFF, f1 = (free >>> 8) & 0xFF, f2 = free >>> 16;
        int c0 = Integer.bitCount(f0);
        return (EXTRACT[f0 << 8 | (mask & 0xFF)] & 0xFF)
            | (EXTRACT[f1 << 8 | ((mask >>> 8) & 0xFF)] & 0xFF) << c0
            | (EXTRACT[f2 << 8 | ((mask >>> 16) & 0xFF)] & 0xFF) << (c0 + Integer.bitCount(f1));
    }

    /** The inverse of {@link #extract}: bit i of {@code squeezed} goes to the i-th set bit of {@code free}. */
    static int deposit(int squeezed, int free) {
        int f0 = free & 0xFF, f1 = (free >>> 8) & 0xFF, f2 = free >>> 16;
        int s1 = squeezed >>> Integer.bitCount(f0);
        int s2 = s1 >>> Integer.bitCount(f1);
        return (DEPOSIT[f0 << 8 | (squeezed & 0xFF)] & 0xFF)
            | (DEPOSIT[f1 << 8 | (s1 & 0xFF)] & 0xFF) << 8
            | (DEPOSIT[f2 << 8 | (s2 & 0xFF)] & 0xFF) << 16;
    }
}
