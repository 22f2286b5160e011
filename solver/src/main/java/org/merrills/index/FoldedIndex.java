package org.merrills.index;

/**
 * The minimal perfect hash of the boards (W, B) up to the 16 board symmetries: every symmetry
 * class gets exactly one index, so {@link #size()} is the number of classes (no holes).
 *
 * <p>A position is first mapped by the symmetry that sends its own men to their canonical mask
 * (see {@link OwnClasses}). Then:
 * <ul>
 *   <li>If that mask has no symmetry but the identity, the position has exactly one image with
 *   that own mask. Each such own class owns a block of C(24-W, B) indexes; the offset is the enemy
 *   men's colex rank over the 24-W points the own men leave free.</li>
 *   <li>Otherwise the enemy men are canonicalised under the own mask's stabiliser S (the smallest
 *   of their |S| images) and ranked among the S-canonical configurations: a bit set over the free
 *   colex ranks marks those, and a running count per 64-bit word turns a rank into an ordinal with
 *   one popcount.</li>
 * </ul>
 * The symmetric own classes are few (a few percent of the positions), so the bit sets are small.
 *
 * <p>Immutable once built, so any number of threads can rank and unrank at once. Neither direction
 * allocates: {@code rank} is a byte-table colex, a few table loads and one loop over the enemy men;
 * {@code unrank} a division (or a binary search over the symmetric part) and a walk down the
 * 24 points.
 */
public final class FoldedIndex implements SectorIndex {
    /** C(n, k) as ints for n, k in 0..24, flat: {@code C[n * 25 + k]}. */
    private static final int[] C = new int[25 * 25];

    static {
        for (int n = 0; n <= 24; n++) {
            for (int k = 0; k <= 24; k++) {
                C[n * 25 + k] = Math.toIntExact(Binomial.of(n, k));
            }
        }
    }

    private final int own;
    private final int enemy;
    private final OwnClasses classes;
    private final int asymmetric;
    /** Enemy configurations on the points an own mask leaves free: C(24 - W, B). */
    private final long block;
    /** Indexes taken by the asymmetric own classes: {@code asymmetric * block}. */
    private final long asymmetricSize;
    /** Per symmetric own class (ordinal - asymmetric), the first word of its bit set; one more at the end. */
    private final int[] wordStart;
    /** The S-canonical enemy configurations of each symmetric own class, by free colex rank. */
    private final long[] canonicalBits;
    /** Per word of {@link #canonicalBits}, the set bits in all words before it; one more at the end. */
    private final int[] before;
    private final long size;

    private FoldedIndex(int own, int enemy, OwnClasses classes) {
        this.own = own;
        this.enemy = enemy;
        this.classes = classes;
        this.asymmetric = classes.asymmetric();
        this.block = Binomial.of(24 - own, enemy);
        this.asymmetricSize = asymmetric * block;
        int symmetric = classes.classes() - asymmetric;
        int wordsPerClass = Math.toIntExact((block + 63) >>> 6);
        this.wordStart = new int[symmetric + 1];
        for (int j = 0; j <= symmetric; j++) {
            wordStart[j] = Math.multiplyExact(j, wordsPerClass);
        }
        this.canonicalBits = new long[wordStart[symmetric]];
        for (int j = 0; j < symmetric; j++) {
            markCanonical(asymmetric + j, wordStart[j]);
        }
        this.before = new int[canonicalBits.length + 1];
        for (int w = 0; w < canonicalBits.length; w++) {
            before[w + 1] = before[w] + Long.bitCount(canonicalBits[w]);
        }
        this.size = asymmetricSize + before[canonicalBits.length];
    }

    /** The index of the boards (W, B), built from the own classes of W. */
    static FoldedIndex build(int own, int enemy, OwnClasses classes) {
        if (own < 0 || enemy < 0 || own + enemy > 24) {
            throw new IllegalArgumentException("no board holds " + own + " and " + enemy + " men");
        }
        if (classes.men() != own) {
            throw new IllegalArgumentException("own classes of " + classes.men() + " men for a board of " + own);
        }
        return new FoldedIndex(own, enemy, classes);
    }

    /** Sets the bits of the enemy configurations that are the smallest of their images under the class's stabiliser. */
    private void markCanonical(int ordinal, int firstWord) {
        int ownMask = classes.canonical(ordinal);
        int others = classes.stabiliser(ordinal) & ~1;
        int[] freePoint = new int[24 - own];
        for (int p = 0, f = 0; p < 24; p++) {
            if ((ownMask >>> p & 1) == 0) {
                freePoint[f++] = p;
            }
        }
        int squeezed = (1 << enemy) - 1;
        for (long c = 0; c < block; c++) {
            int e = 0;
            for (int m = squeezed; m != 0; m &= m - 1) {
                e |= 1 << freePoint[Integer.numberOfTrailingZeros(m)];
            }
            if (isSmallestImage(e, others)) {
                canonicalBits[firstWord + (int) (c >>> 6)] |= 1L << c;
            }
            squeezed = OwnClasses.nextSameBitCount(squeezed);
        }
    }

    private static boolean isSmallestImage(int mask, int symmetries) {
        for (int s = symmetries; s != 0; s &= s - 1) {
            if (Symmetries.apply(Integer.numberOfTrailingZeros(s), mask) < mask) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int own() {
        return own;
    }

    @Override
    public int enemy() {
        return enemy;
    }

    /** The number of symmetry classes of the boards (W, B): every index is a class, and every class has one. */
    @Override
    public long size() {
        return size;
    }

    /**
     * The index of the class of a position. The masks must have {@link #own()} and
     * {@link #enemy()} bits within bits 0..23 and be disjoint; that is not checked here (the inner loop).
     */
    @Override
    public long rank(int ownMask, int enemyMask) {
        int entry = classes.entry(ownMask);
        int ordinal = entry >>> 4;
        int canonicalOwn = classes.canonical(ordinal);
        int e = Symmetries.apply(entry & 15, enemyMask);
        if (ordinal < asymmetric) {
            return ordinal * block + freeColex(e, canonicalOwn);
        }
        int smallest = e;
        for (int s = classes.stabiliser(ordinal) & ~1; s != 0; s &= s - 1) {
            int img = Symmetries.apply(Integer.numberOfTrailingZeros(s), e);
            if (img < smallest) {
                smallest = img;
            }
        }
        int c = freeColex(smallest, canonicalOwn);
        int word = wordStart[ordinal - asymmetric] + (c >>> 6);
        return asymmetricSize + before[word] + Long.bitCount(canonicalBits[word] & ((1L << c) - 1));
    }

    /** The canonical representative of an index: its own men canonical, its enemy men smallest under the own men's stabiliser. */
    @Override
    public long unrank(long index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " is outside 0.." + (size - 1)
                + " of board " + own + "-" + enemy);
        }
        if (index < asymmetricSize) {
            int ordinal = (int) (index / block);
            int ownMask = classes.canonical(ordinal);
            return SectorIndex.pack(ownMask, freeUncolex((int) (index - ordinal * block), ownMask));
        }
        int rest = (int) (index - asymmetricSize);
        int word = firstAbove(before, rest) - 1;
        long bits = canonicalBits[word];
        for (int k = rest - before[word]; k > 0; k--) {
            bits &= bits - 1;
        }
        int j = lastAtMost(wordStart, word, wordStart.length - 2);
        int c = ((word - wordStart[j]) << 6) + Long.numberOfTrailingZeros(bits);
        int ownMask = classes.canonical(asymmetric + j);
        return SectorIndex.pack(ownMask, freeUncolex(c, ownMask));
    }

    /**
     * The word holding the {@code rest}-th set bit is the one before the first running count above
     * {@code rest} (the largest count at most {@code rest} could be an empty word's).
     */
    private static int firstAbove(int[] a, int key) {
        int lo = 0, hi = a.length - 1; // a[hi] > key
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] > key) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The largest i in 0..last with a[i] <= key (a is strictly increasing, a[0] <= key). */
    private static int lastAtMost(int[] a, int key, int last) {
        int lo = 0, hi = last;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (a[mid] <= key) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * The colex rank of the enemy men renumbered over the free points, without renumbering: the
     * i-th enemy man at p is the (p - own men below p)-th free point.
     */
    private static int freeColex(int enemyMask, int ownMask) {
        int r = 0;
        int k = 1;
        for (int m = enemyMask; m != 0; m &= m - 1) {
            int p = Integer.numberOfTrailingZeros(m);
            r += C[(p - Integer.bitCount(ownMask & ((1 << p) - 1))) * 25 + k++];
        }
        return r;
    }

    /** The inverse of {@link #freeColex}: walks the free points downwards, taking the largest that fits. */
    private int freeUncolex(int rank, int ownMask) {
        int mask = 0;
        int k = enemy;
        int f = 23 - own;
        for (int p = 23; k > 0; p--) {
            if ((ownMask >>> p & 1) != 0) {
                continue;
            }
            int c = C[f * 25 + k];
            if (c <= rank) {
                rank -= c;
                mask |= 1 << p;
                k--;
            }
            f--;
        }
        return mask;
    }

    /** The classes whose own men have no symmetry but the identity, each a block of {@link #block()} indexes first. */
    public int asymmetricOwnClasses() {
        return asymmetric;
    }

    /** C(24 - W, B): the enemy configurations of one own mask. */
    public long block() {
        return block;
    }

    /** Bytes held by this board's own tables (the own classes, shared by every board with this W, not included). */
    public long memoryBytes() {
        return 8L * canonicalBits.length + 4L * before.length + 4L * wordStart.length;
    }

    /** Bytes held by the own classes of W, shared by every board with this W. */
    public long ownClassesMemoryBytes() {
        return classes.memoryBytes();
    }
}
