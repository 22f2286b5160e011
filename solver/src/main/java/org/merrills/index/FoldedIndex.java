package org.merrills.index;

import java.util.HashMap;
import java.util.Map;

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
 *   one popcount. Own classes whose stabiliser permutes the free points alike share one bit set
 *   (for 8 and 9 own men, about half as many sets as classes).</li>
 * </ul>
 * The symmetric own classes hold few of the positions of the big boards (1.9 % of 8-8, 1.4 % of
 * 9-9; more for few own men: 22 % of 3-3, all of 0-B), so the bit sets stay small: 79 MB for all
 * 85 boards of the standard game, own classes included.
 *
 * <p>Immutable once built, so any number of threads can rank and unrank at once. Neither direction
 * allocates: {@code rank} is about a dozen byte-table loads (colex of the own men, the symmetry,
 * the enemy men renumbered over the free points and their colex) with no branch on the data for
 * an asymmetric own class; {@code unrank} a multiplication (or a table step over the symmetric
 * part), a load of the enemy men from a table of subsets ({@link ColexSubsets}) and the
 * renumbering back. {@link #unrankRange} is the bulk form for walking a board in index order.
 */
public final class FoldedIndex implements SectorIndex {
    private final int own;
    private final int enemy;
    private final OwnClasses classes;
    private final int asymmetric;
    /** Enemy configurations on the points an own mask leaves free: C(24 - W, B). */
    private final long block;
    /** The B-subsets of 24 - W points by colex rank ({@link ColexSubsets}): the enemy men of a rank, squeezed. */
    private final int[] subsets;
    /** 1.0 / block, for {@link #ordinalOf}. */
    private final double inverseBlock;
    /** Indexes taken by the asymmetric own classes: {@code asymmetric * block}. */
    private final long asymmetricSize;
    /** Words of one bit set: one bit per free colex rank. */
    private final int wordsPerSet;
    /** Per symmetric own class (ordinal - asymmetric), the first word of its bit set in {@link #canonicalBits}. */
    private final int[] setStart;
    /** Per symmetric own class, its first index after {@link #asymmetricSize}; one more at the end. */
    private final long[] base;
    /** The S-canonical enemy configurations by free colex rank; classes with the same induced action share one set. */
    private final long[] canonicalBits;
    /** Per word of {@link #canonicalBits}, the set bits in the words before it within its own set. */
    private final int[] before;
    private final long size;
    /**
     * For {@link #unrank} of the symmetric part: per bucket of {@code 1 << jumpShift} indexes
     * after {@link #asymmetricSize}, the class holding its first index, so that finding the
     * class of an index is a load and a step or two instead of a binary search over
     * {@link #base}.
     */
    private final int[] jump;
    private final int jumpShift;
    /**
     * In {@link #unrankRange}, the most colex ranks stepped over one at a time to the next
     * canonical configuration of a symmetric class; further apart, a fresh unrank.
     */
    private static final int MAX_STEPS = 8;

    private FoldedIndex(int own, int enemy, OwnClasses classes) {
        this.own = own;
        this.enemy = enemy;
        this.classes = classes;
        this.asymmetric = classes.asymmetric();
        this.block = Binomial.of(24 - own, enemy);
        this.subsets = ColexSubsets.of(24 - own, enemy);
        this.inverseBlock = 1.0 / block;
        this.asymmetricSize = asymmetric * block;
        this.wordsPerSet = Math.toIntExact((block + 63) >>> 6);
        int symmetric = classes.classes() - asymmetric;
        this.setStart = new int[symmetric];
        Map<String, Integer> setOfAction = new HashMap<>();
        for (int j = 0; j < symmetric; j++) {
            String action = inducedAction(asymmetric + j);
            Integer set = setOfAction.get(action);
            if (set == null) {
                set = setOfAction.size();
                setOfAction.put(action, set);
            }
            setStart[j] = Math.multiplyExact(set, wordsPerSet);
        }
        this.canonicalBits = new long[Math.multiplyExact(setOfAction.size(), wordsPerSet)];
        this.before = new int[canonicalBits.length];
        boolean[] marked = new boolean[setOfAction.size()];
        this.base = new long[symmetric + 1];
        for (int j = 0; j < symmetric; j++) {
            int set = setStart[j] / wordsPerSet;
            if (!marked[set]) {
                marked[set] = true;
                markCanonical(asymmetric + j, setStart[j]);
            }
            base[j + 1] = base[j] + setCount(setStart[j]);
        }
        this.size = asymmetricSize + base[symmetric];
        long symmetricSize = base[symmetric];
        int shift = 0;
        while ((symmetricSize >>> shift) > 2L * Math.max(1, symmetric)) {
            shift++;
        }
        this.jumpShift = shift;
        this.jump = new int[(int) (symmetricSize >>> shift) + 1];
        for (int bucket = 0, j = 0; bucket < jump.length; bucket++) {
            long first = (long) bucket << shift;
            while (j + 1 < symmetric && base[j + 1] <= first) {
                j++;
            }
            jump[bucket] = j;
        }
        if (size >= 1L << 35) {
            throw new IllegalArgumentException("board " + own + "-" + enemy + " of " + size
                + " classes is too large for the prepared rank");
        }
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

    /**
     * How the stabiliser of a class permutes the free points, renumbered 0..23-W. Renumbering keeps
     * the order of the points, hence of masks, so two classes with the same induced action have the
     * same S-canonical configurations and can share one bit set.
     */
    private String inducedAction(int ordinal) {
        int ownMask = classes.canonical(ordinal);
        StringBuilder key = new StringBuilder();
        for (int s = classes.stabiliser(ordinal) & ~1; s != 0; s &= s - 1) {
            int g = Integer.numberOfTrailingZeros(s);
            for (int p = 0; p < 24; p++) {
                if ((ownMask >>> p & 1) == 0) {
                    int q = Symmetries.map(g, p);
                    key.append((char) ('A' + q - Integer.bitCount(ownMask & ((1 << q) - 1))));
                }
            }
            key.append('/');
        }
        return key.toString();
    }

    /**
     * Sets the bits of the enemy configurations that are the smallest of their images under the
     * class's stabiliser. Works on the renumbered (squeezed) masks, whose order is the masks'
     * order, with the induced permutations as byte tables: no spreading per configuration.
     */
    private void markCanonical(int ordinal, int firstWord) {
        int ownMask = classes.canonical(ordinal);
        int others = classes.stabiliser(ordinal) & ~1;
        int[] freeIndex = new int[24];
        for (int p = 0, f = 0; p < 24; p++) {
            freeIndex[p] = (ownMask >>> p & 1) == 0 ? f++ : -1;
        }
        int[][] induced = new int[Integer.bitCount(others)][3 * 256];
        int n = 0;
        for (int s = others; s != 0; s &= s - 1, n++) {
            int g = Integer.numberOfTrailingZeros(s);
            for (int p = 0; p < 24; p++) {
                int from = freeIndex[p];
                if (from < 0) {
                    continue;
                }
                int to = 1 << freeIndex[Symmetries.map(g, p)];
                for (int v = 0; v < 256; v++) {
                    if ((v >>> (from & 7) & 1) != 0) {
                        induced[n][(from >>> 3) * 256 + v] |= to;
                    }
                }
            }
        }
        int squeezed = (1 << enemy) - 1;
        for (long c = 0; c < block; c++) {
            if (isSmallestImage(squeezed, induced)) {
                canonicalBits[firstWord + (int) (c >>> 6)] |= 1L << c;
            }
            squeezed = Masks.nextSameBitCount(squeezed);
        }
        int count = 0;
        for (int w = firstWord; w < firstWord + wordsPerSet; w++) {
            before[w] = count;
            count += Long.bitCount(canonicalBits[w]);
        }
    }

    private static boolean isSmallestImage(int mask, int[][] byteTables) {
        int b0 = mask & 0xFF, b1 = 256 + ((mask >>> 8) & 0xFF), b2 = 512 + (mask >>> 16);
        for (int[] t : byteTables) {
            if ((t[b0] | t[b1] | t[b2]) < mask) {
                return false;
            }
        }
        return true;
    }

    /** The set bits of the bit set starting at {@code firstWord}. */
    private long setCount(int firstWord) {
        int last = firstWord + wordsPerSet - 1;
        return before[last] + Long.bitCount(canonicalBits[last]);
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
        int j = ordinal - asymmetric;
        int word = setStart[j] + (c >>> 6);
        return asymmetricSize + base[j] + before[word] + Long.bitCount(canonicalBits[word] & ((1L << c) - 1));
    }

    /**
     * The own part of {@link #rank}, once for many enemy masks: bits 0..23 the points the
     * canonical own mask leaves free, bits 24..27 the symmetry to it, and from bit 28 either the
     * class's first index (an asymmetric class, with bit 63 set) or its number among the
     * symmetric classes (bit 63 clear). The first index is below {@link #size()}, so under 2^35.
     */
    @Override
    public long prepareOwn(int ownMask) {
        int entry = classes.entry(ownMask);
        int ordinal = entry >>> 4;
        long low = (~classes.canonical(ordinal) & 0xFFFFFFL) | (long) (entry & 15) << 24;
        if (ordinal < asymmetric) {
            return Long.MIN_VALUE | ordinal * block << 28 | low;
        }
        return (long) (ordinal - asymmetric) << 28 | low;
    }

    /** {@link #rank} of the own mask {@code prepared} was made from and {@code enemyMask}. */
    @Override
    public long rankPrepared(long prepared, int enemyMask) {
        int free = (int) prepared & 0xFFFFFF;
        int e = Symmetries.apply((int) (prepared >>> 24) & 15, enemyMask);
        if (prepared < 0) {
            return ((prepared & Long.MAX_VALUE) >>> 28) + Colex24.of(Squeeze.extract(e, free));
        }
        int j = (int) (prepared >>> 28);
        int smallest = e;
        for (int s = classes.stabiliser(asymmetric + j) & ~1; s != 0; s &= s - 1) {
            int img = Symmetries.apply(Integer.numberOfTrailingZeros(s), e);
            if (img < smallest) {
                smallest = img;
            }
        }
        int c = Colex24.of(Squeeze.extract(smallest, free));
        int word = setStart[j] + (c >>> 6);
        return asymmetricSize + base[j] + before[word] + Long.bitCount(canonicalBits[word] & ((1L << c) - 1));
    }

    /**
     * {@link #rankPrepared} of {@code enemy} plus each of {@code points}: for an asymmetric own
     * class the shared men are mapped and squeezed once, and each point adds one bit, at the
     * number of free points below its image.
     */
    @Override
    public int rankEach(long prepared, int enemyMask, int points, long[] out, int at) {
        int k = at;
        if (prepared >= 0) {
            for (int p = points; p != 0; p &= p - 1) {
                out[k++] = rankPrepared(prepared, enemyMask | (p & -p));
            }
            return k - at;
        }
        int free = (int) prepared & 0xFFFFFF;
        int g = (int) (prepared >>> 24) & 15;
        long first = (prepared & Long.MAX_VALUE) >>> 28;
        int squeezed = Squeeze.extract(Symmetries.apply(g, enemyMask), free);
        for (int p = points; p != 0; p &= p - 1) {
            int q = Symmetries.map(g, Integer.numberOfTrailingZeros(p));
            out[k++] = first + Colex24.of(squeezed | 1 << Integer.bitCount(free & ((1 << q) - 1)));
        }
        return k - at;
    }

    /**
     * {@link #rankPrepared} of masks that each move one man of {@code base}: for an asymmetric
     * own class {@code base} is mapped and squeezed once, and each move clears the squeezed bit
     * of the point it left and sets the one of the point it took.
     */
    @Override
    public int rankMoved(long prepared, int base, int[] moved, int n, long[] out, int at) {
        if (prepared >= 0) {
            return SectorIndex.super.rankMoved(prepared, base, moved, n, out, at);
        }
        int free = (int) prepared & 0xFFFFFF;
        int g = (int) (prepared >>> 24) & 15;
        long first = (prepared & Long.MAX_VALUE) >>> 28;
        int squeezed = Squeeze.extract(Symmetries.apply(g, base), free);
        for (int k = 0; k < n; k++) {
            int after = moved[k];
            int change = base ^ after;
            int left = Symmetries.map(g, Integer.numberOfTrailingZeros(change & base));
            int taken = Symmetries.map(g, Integer.numberOfTrailingZeros(change & after));
            int s = squeezed ^ 1 << Integer.bitCount(free & ((1 << left) - 1))
                ^ 1 << Integer.bitCount(free & ((1 << taken) - 1));
            out[at + k] = first + Colex24.of(s);
        }
        return n;
    }

    /** Asymmetric classes first, a block each in class order, then the symmetric ones, a run each. */
    @Override
    public boolean runsByOwn() {
        return true;
    }

    @Override
    public long ownStart(long prepared) {
        return prepared < 0 ? (prepared & Long.MAX_VALUE) >>> 28 : asymmetricSize + base[(int) (prepared >>> 28)];
    }

    /** The class alone, without the canonical mask and symmetry a handle carries. */
    @Override
    public long ownStartOf(int ownMask) {
        int ordinal = classes.entry(ownMask) >>> 4;
        return ordinal < asymmetric ? (long) ordinal * block : asymmetricSize + base[ordinal - asymmetric];
    }

    /**
     * The first index of an asymmetric own class: {@link #rankPrepared} adds the colex rank of
     * the enemy men, mapped by the class's symmetry and squeezed onto the free points.
     */
    @Override
    public long blockStart(long prepared) {
        if (prepared >= 0) {
            throw new IllegalArgumentException("the own mask of this handle has a symmetry: its positions fill no block");
        }
        return (prepared & Long.MAX_VALUE) >>> 28;
    }

    /** The point's number after the class's symmetry and the squeeze onto the free points, as {@link #rankPrepared} takes it. */
    @Override
    public int blockOrder(long prepared, int point) {
        int free = (int) prepared & 0xFFFFFF;
        int q = Symmetries.map((int) (prepared >>> 24) & 15, point);
        return Integer.bitCount(free & ((1 << q) - 1));
    }

    /** Every symmetry class has one index. */
    @Override
    public boolean foldsEverySymmetry() {
        return true;
    }

    /** One index per class, none left over. */
    @Override
    public boolean hasHoles() {
        return false;
    }

    /** Whether the class of the prepared own mask is asymmetric (then no two enemy masks share an index). */
    @Override
    public boolean asymmetric(long prepared) {
        return prepared < 0;
    }

    /** The canonical representative of an index: its own men canonical, its enemy men smallest under the own men's stabiliser. */
    @Override
    public long unrank(long index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " is outside 0.." + (size - 1)
                + " of board " + own + "-" + enemy);
        }
        if (index < asymmetricSize) {
            int ordinal = ordinalOf(index);
            int ownMask = classes.canonical(ordinal);
            return SectorIndex.pack(ownMask, freeUncolex((int) (index - ordinal * block), ownMask));
        }
        long rest = index - asymmetricSize;
        int j = symmetricClassAt(rest);
        int c = canonicalColex(j, (int) (rest - base[j]));
        int ownMask = classes.canonical(asymmetric + j);
        return SectorIndex.pack(ownMask, freeUncolex(c, ownMask));
    }

    /** The free colex rank of the k-th S-canonical enemy configuration of symmetric class j (the k-th set bit of its set). */
    private int canonicalColex(int j, int k) {
        int word = wordHolding(setStart[j], k);
        long bits = canonicalBits[word];
        for (int skip = k - before[word]; skip > 0; skip--) {
            bits &= bits - 1;
        }
        return ((word - setStart[j]) << 6) + Long.numberOfTrailingZeros(bits);
    }

    /**
     * The positions of the indexes {@code first .. first + count - 1}, as {@link #unrank} packs
     * them, into {@code out[0 .. count-1]}: the bulk form for walking a sector in index order.
     * Consecutive indexes of one own class are its enemy configurations in colex order: all of
     * them in an asymmetric class, the canonical ones (the set bits of its bit set) in a symmetric
     * one. So each position after the first costs a few bit operations, a step to the next
     * subset per colex rank skipped, instead of a walk over the board; past {@link #MAX_STEPS}
     * skipped ranks a fresh unrank is cheaper. (JMH on 3-3, where the symmetric classes hold
     * 22 % of the positions: 3.4 ns per position instead of 21.5, walking them this way.)
     */
    @Override
    public void unrankRange(long first, int count, long[] out) {
        if (first < 0 || count < 0 || first + count > size || count > out.length) {
            throw new IndexOutOfBoundsException("indexes " + first + " + " + count + " into an array of "
                + out.length + ": outside 0.." + (size - 1) + " of board " + own + "-" + enemy);
        }
        long i = first;
        long last = first + count;
        int k = 0;
        while (i < last && i < asymmetricSize) {
            int ordinal = ordinalOf(i);
            int ownMask = classes.canonical(ordinal);
            int free = ~ownMask & 0xFFFFFF;
            int e = freeUncolex((int) (i - ordinal * block), ownMask);
            out[k++] = SectorIndex.pack(ownMask, e);
            i++;
            long end = Math.min((ordinal + 1) * block, last);
            for (; i < end; i++) {
                e = Masks.nextSubsetOf(free, e);
                out[k++] = SectorIndex.pack(ownMask, e);
            }
        }
        while (i < last) {
            long rest = i - asymmetricSize;
            int j = symmetricClassAt(rest);
            int ownMask = classes.canonical(asymmetric + j);
            int free = ~ownMask & 0xFFFFFF;
            int setFirst = setStart[j];
            int c = canonicalColex(j, (int) (rest - base[j]));
            int word = setFirst + (c >>> 6);
            long bits = canonicalBits[word] & (-2L << (c & 63));   // the set bits after c in its word
            int e = freeUncolex(c, ownMask);
            out[k++] = SectorIndex.pack(ownMask, e);
            i++;
            long end = Math.min(asymmetricSize + base[j + 1], last);
            for (; i < end; i++) {
                while (bits == 0) {
                    bits = canonicalBits[++word];
                }
                int next = ((word - setFirst) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (next - c > MAX_STEPS) {
                    e = freeUncolex(next, ownMask);
                } else {
                    for (int step = c; step < next; step++) {
                        e = Masks.nextSubsetOf(free, e);
                    }
                }
                c = next;
                out[k++] = SectorIndex.pack(ownMask, e);
            }
        }
    }

    /** The symmetric own class (numbered from 0 after the asymmetric ones) holding the symmetric part's index {@code rest}. */
    private int symmetricClassAt(long rest) {
        int j = jump[(int) (rest >>> jumpShift)];
        while (base[j + 1] <= rest) {
            j++;
        }
        return j;
    }

    /** {@code index / block} for an index of the asymmetric part, by a multiplication instead of a 64-bit division. */
    private int ordinalOf(long index) {
        long q = (long) (index * inverseBlock);
        if (q * block > index) {
            q--;
        } else if ((q + 1) * block <= index) {
            q++;
        }
        return (int) q;
    }

    /** The word of the set starting at {@code firstWord} that holds its k-th set bit: the first whose count through it exceeds k. */
    private int wordHolding(int firstWord, int k) {
        int lo = firstWord, hi = firstWord + wordsPerSet - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before[mid] + Long.bitCount(canonicalBits[mid]) > k) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The colex rank of the enemy men renumbered over the points the own men leave free. */
    private static int freeColex(int enemyMask, int ownMask) {
        return Colex24.of(Squeeze.extract(enemyMask, ~ownMask & 0xFFFFFF));
    }

    /** The inverse of {@link #freeColex}: the squeezed enemy men from the table, spread back onto the free points. */
    private int freeUncolex(int rank, int ownMask) {
        return Squeeze.deposit(subsets[rank], ~ownMask & 0xFFFFFF);
    }

    /** The classes whose own men have no symmetry but the identity, each a block of {@link #block()} indexes first. */
    public int asymmetricOwnClasses() {
        return asymmetric;
    }

    /** C(24 - W, B): the enemy configurations of one own mask. */
    public long block() {
        return block;
    }
}
