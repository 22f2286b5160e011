package org.merrills.retro;

/**
 * The working state of a moving pair's solve: one {@code int} per index slot, in chunks of 2^16
 * so that sectors over 2^31 slots work. Read and written plainly: in every pass of a pair's solve
 * each word has one writer (see {@link PairSolver}), and the passes are separated by the
 * workers' joins.
 *
 * <p>A chunk is 256 KiB, under half of G1's smallest heap region (1 MiB), so that it is an
 * ordinary object whatever the heap's size. A chunk of half a region or more is "humongous": it
 * takes whole regions of its own, and a power-of-two array, a few header bytes over, takes
 * twice its size. Chunks of 2^20 ints (4 MiB and 16 bytes) in the 4 MiB regions of a 12 GB heap
 * took 8 MiB each, so the 7-9/9-7 pair's 4.2 GB of state took 8.4 GB and the standard game's
 * solve on defaults ran out of memory there.
 *
 * <p>A word {@code >= 0} is a decided value (the distance). A negative word is undecided:
 * {@code 1 << 31 | kind << 29 | param << 8 | counter}, with the kinds
 * <ul>
 *   <li>{@link #OPEN}: may still be lost; {@code param} is the loss floor (1 + the longest
 *       capture child's win, 0 without one) and {@code counter} the undecided distinct in-pair
 *       children;</li>
 *   <li>{@link #DRAWISH}: a capture leads to a draw, so it is never lost;</li>
 *   <li>{@link #PENDING_WIN}: a capture wins in {@code param} plies; an in-pair win may come
 *       sooner, so it is decided only when the level {@code param} is reached;</li>
 *   <li>{@link #HOLE}: no position has this index.</li>
 * </ul>
 */
final class StateArray {
    static final int CHUNK_BITS = 16;
    static final int CHUNK = 1 << CHUNK_BITS;
    static final int OPEN = 0;
    static final int DRAWISH = 1;
    static final int PENDING_WIN = 2;
    static final int HOLE = 3;
    /** The largest parameter a word holds. */
    static final int MAX_PARAM = (1 << 21) - 1;

    private final int[][] chunks;
    private final long size;
    /** One bit per slot, set once its word is decided: see {@link #knownDecided}. */
    private long[] decidedBits;
    /** One bit per slot, set once its word is no longer {@link #OPEN}: see {@link #knownClosed}. */
    private long[] closedBits;

    StateArray(long size) {
        this.size = size;
        int n = (int) ((size + CHUNK - 1) >>> CHUNK_BITS);
        chunks = new int[n][];
        for (int c = 0; c < n; c++) {
            chunks[c] = new int[(int) Math.min(CHUNK, size - ((long) c << CHUNK_BITS))];
        }
        decidedBits = new long[Math.toIntExact((size + 63) >>> 6)];
        closedBits = new long[decidedBits.length];
    }

    long size() {
        return size;
    }

    static int undecided(int kind, int param, int counter) {
        return 1 << 31 | kind << 29 | param << 8 | counter;
    }

    static int kind(int word) {
        return (word >>> 29) & 3;
    }

    static int param(int word) {
        return (word >>> 8) & MAX_PARAM;
    }

    static int counter(int word) {
        return word & 0xFF;
    }

    int get(long i) {
        return chunks[(int) (i >>> CHUNK_BITS)][(int) i & (CHUNK - 1)];
    }

    /** A plain write, for the passes where each slot has one writer. */
    void set(long i, int word) {
        chunks[(int) (i >>> CHUNK_BITS)][(int) i & (CHUNK - 1)] = word;
    }

    /**
     * Whether the word at {@code i} is known to be decided, from a bit per slot: a filter that the
     * propagation reads before the word, whose bits lie 32 times closer together. A set bit is
     * always true; a clear one says nothing (the slot may have been decided by a write that did not
     * {@link #markDecided mark} it, or its mark lost to another worker's write of the same long:
     * a region's last run may share a long with the next region's first). Every long ever
     * written is an OR of bits set for settled words, so no interleaving sets a bit wrongly, and
     * a lost bit only costs a read of the word. A word never goes back to undecided or to open.
     */
    boolean knownDecided(long i) {
        return (decidedBits[(int) (i >>> 6)] >>> i & 1) != 0;
    }

    /** Whether the word at {@code i} is known not to be {@link #OPEN}: a filter as {@link #knownDecided}. */
    boolean knownClosed(long i) {
        return (closedBits[(int) (i >>> 6)] >>> i & 1) != 0;
    }

    /** Marks slot {@code i} decided (and so not open); its word must be decided already. */
    void markDecided(long i) {
        decidedBits[(int) (i >>> 6)] |= 1L << i;
        closedBits[(int) (i >>> 6)] |= 1L << i;
    }

    /** Marks slot {@code i} not open; its word must be decided or of another undecided kind already. */
    void markClosed(long i) {
        closedBits[(int) (i >>> 6)] |= 1L << i;
    }

    /** The chunk holding slot {@code i}, for sweeps in index order. */
    int[] chunk(int c) {
        return chunks[c];
    }

    int chunks() {
        return chunks.length;
    }

    /** Lets a converted chunk go, so that the result and the state never both exist in full. */
    void release(int c) {
        chunks[c] = null;
    }

    /** Lets the filters' bits go, once no pass reads them (before the conversion). */
    void releaseFilters() {
        decidedBits = null;
        closedBits = null;
    }
}
