package org.merrills.index;

/**
 * The k-subsets of the points 0..n-1 in colex order, as masks: the table that turns a colex rank
 * back into its subset with one load. Colex order on masks of k bits is their numeric order, and
 * the subsets of 0..n-1 come first among those of 0..n, so one table per k serves every n: it is
 * built as far as the largest n a board has asked for and grown (replaced) when a bigger one asks.
 *
 * <p>Why a table: the walk down the free points that {@link FoldedIndex#unrank} did instead takes
 * a data-dependent branch per point, about one misprediction per enemy man, and that unrank is
 * on the pair solver's expansion of every pending win. The boards that matter for speed are the
 * big ones, with few free points, whose tables are small (C(15, 9) = 5005 masks for 9-9, 20 KB)
 * and stay in the cache; the tables of k = 0..9 over 24 points, more than the standard game's
 * boards ask, would hold 2.6 million masks, 10 MB (not counted in the index's memory figures).
 */
final class ColexSubsets {
    /** Per k, the masks built so far: C(n, k) of them for the largest n asked. */
    private static final int[][] BY_SIZE = new int[25][];

    private ColexSubsets() {
    }

    /** The k-subsets of 0..n-1 in colex order (the array may hold more: the subsets of a larger n follow). */
    static synchronized int[] of(int n, int k) {
        if (n < 0 || n > 24 || k < 0 || k > n) {
            throw new IllegalArgumentException("no " + k + "-subsets of " + n + " points");
        }
        long needed = Binomial.of(n, k);
        int[] table = BY_SIZE[k];
        if (table == null || table.length < needed) {
            table = new int[(int) needed];
            int mask = (1 << k) - 1;
            for (int r = 0; r < table.length; r++, mask = Masks.nextSameBitCount(mask)) {
                table[r] = mask;
            }
            BY_SIZE[k] = table;
        }
        return table;
    }
}
