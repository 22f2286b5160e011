package org.merrills.index;

/**
 * The symmetry classes of the side to move's men alone: every mask of {@code men} points, its
 * class's canonical mask (the smallest of its 16 images, as an integer) and a symmetry that maps it
 * there. Shared by every board (W, B) with the same W.
 *
 * <p>The canonical masks get ordinals: first those whose only symmetry is the identity
 * ({@link #asymmetric()} of them, in increasing order), then those that some other symmetry keeps
 * (the {@link #stabiliser} of each is needed to fold the enemy men's configurations). The split
 * lets {@link FoldedIndex} give each asymmetric class a block of equal size.
 *
 * <p>Memory: one int per mask (C(24, men) of them, 5.2 MB at most for 9 men) plus two small
 * per-class arrays.
 */
final class OwnClasses {
    private final int men;
    /** By colex rank of a mask: {@code ordinal << 4 | g}, where g sends the mask to its canonical form. */
    private final int[] entry;
    /** By ordinal: the canonical mask. */
    private final int[] canonical;
    /** By ordinal: the symmetries that keep the canonical mask, as a 16-bit set (bit 0, the identity, always). */
    private final char[] stabiliser;
    private final int asymmetric;

    private OwnClasses(int men, int[] entry, int[] canonical, char[] stabiliser, int asymmetric) {
        this.men = men;
        this.entry = entry;
        this.canonical = canonical;
        this.stabiliser = stabiliser;
        this.asymmetric = asymmetric;
    }

    /** Enumerates the C(24, men) masks once (16 images each). */
    static OwnClasses build(int men) {
        if (men < 0 || men > 24) {
            throw new IllegalArgumentException("a side has 0 to 24 men on the board, got " + men);
        }
        int n = Math.toIntExact(Binomial.of(24, men));
        int[] entry = new int[n];          // first the colex rank of the canonical image, then the final entry
        byte[] toCanonical = new byte[n];
        int[] stabOf = new int[n];         // stabiliser of each mask that is canonical, 0 otherwise
        int reps = 0, asym = 0;
        int mask = (1 << men) - 1;
        for (int r = 0; r < n; r++) {
            int best = mask, bestG = 0, stab = 0;
            for (int g = 0; g < Symmetries.COUNT; g++) {
                int img = Symmetries.apply(g, mask);
                if (img < best) {
                    best = img;
                    bestG = g;
                }
                if (img == mask) {
                    stab |= 1 << g;
                }
            }
            entry[r] = Colex24.of(best);
            toCanonical[r] = (byte) bestG;
            if (best == mask) {
                stabOf[r] = stab;
                reps++;
                if (stab == 1) {
                    asym++;
                }
            }
            mask = Masks.nextSameBitCount(mask);
        }
        int[] ordinalOfRank = new int[n];
        int[] canonical = new int[reps];
        char[] stabiliser = new char[reps];
        int nextAsym = 0, nextSym = asym;
        mask = (1 << men) - 1;
        for (int r = 0; r < n; r++) {
            if (stabOf[r] != 0) {
                int ord = stabOf[r] == 1 ? nextAsym++ : nextSym++;
                ordinalOfRank[r] = ord;
                canonical[ord] = mask;
                stabiliser[ord] = (char) stabOf[r];
            }
            mask = Masks.nextSameBitCount(mask);
        }
        for (int r = 0; r < n; r++) {
            entry[r] = ordinalOfRank[entry[r]] << 4 | toCanonical[r];
        }
        return new OwnClasses(men, entry, canonical, stabiliser, asym);
    }

    int men() {
        return men;
    }

    /** The number of classes. */
    int classes() {
        return canonical.length;
    }

    /** The classes with a trivial stabiliser: ordinals {@code 0..asymmetric()-1}. */
    int asymmetric() {
        return asymmetric;
    }

    /** {@code ordinal << 4 | g} for a mask of {@link #men()} points: its class and a symmetry to its canonical mask. */
    int entry(int mask) {
        return entry[Colex24.of(mask)];
    }

    int canonical(int ordinal) {
        return canonical[ordinal];
    }

    int stabiliser(int ordinal) {
        return stabiliser[ordinal];
    }
}
