package org.merrills.index;

/**
 * The colex rank of a 24-bit mask ({@link Binomial#colex}) in three table lookups, one per byte,
 * instead of one step per set bit: the index's first step on every call, and the verifier's
 * rank of a child within a block it has renumbered itself ({@code retro.BlockCheck}).
 *
 * <p>Byte {@code j} of the mask contributes {@code sum C(8j + bit, c + t + 1)} over its set bits
 * (t-th lowest of the byte), where {@code c} is the number of set bits in the lower bytes; the
 * tables hold that sum for every byte value and every {@code c}. 27 x 256 ints, 27 KiB.
 */
public final class Colex24 {
    private static final int[] BYTE0 = table(0, 1);
    private static final int[] BYTE1 = table(1, 9);
    private static final int[] BYTE2 = table(2, 17);

    private Colex24() {
    }

    private static int[] table(int byteIndex, int lowerCounts) {
        int[] t = new int[lowerCounts * 256];
        for (int c = 0; c < lowerCounts; c++) {
            for (int v = 0; v < 256; v++) {
                long sum = 0;
                int t1 = c + 1;
                for (int bit = 0; bit < 8; bit++) {
                    if ((v >>> bit & 1) != 0) {
                        sum += Binomial.of(8 * byteIndex + bit, t1++);
                    }
                }
                t[c * 256 + v] = Math.toIntExact(sum);
            }
        }
        return t;
    }

    /** The colex rank of a mask of bits 0..23 among the masks with as many bits. */
    public static int of(int mask) {
        int b0 = mask & 0xFF, b1 = (mask >>> 8) & 0xFF;
        int c0 = Integer.bitCount(b0);
        return BYTE0[b0] + BYTE1[(c0 << 8) | b1] + BYTE2[((c0 + Integer.bitCount(b1)) << 8) | (mask >>> 16)];
    }
}
