package org.merrills.retro;

import java.util.Arrays;
import org.merrills.db.Value;
import org.merrills.index.SectorIndex;
import org.merrills.rules.MoveGenerator;

/**
 * What the captures of one mover's mask give, remembered for the enemy mask in hand, so that
 * {@link Verifier} and the pair solver's seed ({@link PairSeeder}) read them once instead of
 * once per parent; and what the captures of the position in hand give together (its summary:
 * {@link #win}, {@link #loss}, {@link #drawn}).
 *
 * <p>A move that closes a mill leaves the mover's men T and then takes any removable man r of
 * the enemy men E: its children are (E - r, T) for every such r, whoever T's parent was. In the
 * verifier's walk by enemy men every parent of T with E is checked in turn, and a T holding a
 * mill is reached from each parent that closed it: three for a placement (any of the mill's
 * points placed last), two or three for a board move. The best of T's captures is the same for
 * all of them, so it is worked out for the first and looked up by the others: the same children
 * and the same stored values, fewer reads and ranks.
 *
 * <p>T is keyed by the index of its quiet position (E to move against T) in the sector a move
 * without capture leads to: when E's own class there is asymmetric, those positions fill one
 * block, one index per T, and T's offset in it is its slot here. For another E there is no
 * memo (every lookup misses). An entry holds the shortest win the captures give the mover, the
 * longest loss and whether one is drawn, with the tag of the enemy mask it was made for above
 * them: a new enemy mask takes a new tag, so older entries read as misses without clearing.
 */
final class CaptureMemo {
    /** What {@link #get} answers for a T not worked out for this enemy mask. */
    static final int MISS = -1;
    /** No win among the captures (bits 0-11 of an entry); the longest loss is in bits 12-23 (0: none), a draw in bit 24. */
    private static final int NO_WIN = 0xFFF;
    private static final int MAX_DISTANCE = 0xFFE;
    private static final int DRAW_BIT = 1 << 24;
    private static final int TAG_SHIFT = 25;
    /** Tags 1..63, so that an entry is never negative (never {@link #MISS}); 0 is an entry never written. */
    private static final int MAX_TAG = 63;

    /** The keys of the position in hand's children T: their indexes in {@link #index}. */
    final long[] keys = new long[MoveGenerator.MAX_MOVES];
    private int[] entries = new int[0];
    private int tag;
    private SectorIndex index;
    private long blockSize;
    private int enemy = -1;
    private long own;
    private long block = -1;
    /** The summary: the shortest win the captures give ({@link Integer#MAX_VALUE}: none), the longest loss (-1: none), whether one is drawn. */
    int win;
    int loss;
    boolean drawn;

    /**
     * For a new sector: the children T are keyed in {@code index}, where an asymmetric enemy
     * mask's quiet positions fill blocks of {@code blockSize}; a null index turns the memo off.
     */
    void sector(SectorIndex index, long blockSize) {
        this.index = index;
        this.blockSize = blockSize;
        enemy = -1;
        block = -1;
        tag = MAX_TAG;       // the first enemy mask clears what an earlier sector left
    }

    /** Makes the memo the enemy mask's; whether it keeps anything for it. */
    boolean forEnemy(int e) {
        if (e == enemy) {
            return block >= 0;
        }
        enemy = e;
        block = -1;
        if (index == null || e == 0) {
            return false;
        }
        long prepared = index.prepareOwn(e);
        if (!index.asymmetric(prepared)) {
            return false;
        }
        own = prepared;
        block = index.blockStart(prepared);
        if (entries.length < blockSize) {
            entries = new int[Math.toIntExact(blockSize)];
            tag = 0;
        }
        if (++tag > MAX_TAG) {
            Arrays.fill(entries, 0);
            tag = 1;
        }
        return true;
    }

    /** The index the keys are ranked in, with the enemy mask's handle {@link #own()}. */
    SectorIndex index() {
        return index;
    }

    long own() {
        return own;
    }

    /** The entry of {@code keys[j]}, or {@link #MISS}. */
    int get(int j) {
        int entry = entries[(int) (keys[j] - block)];
        return entry >>> TAG_SHIFT == tag ? entry : MISS;
    }

    /**
     * Remembers what the captures of {@code keys[j]} give: the shortest win ({@link
     * Integer#MAX_VALUE}: none), the longest loss (-1: none), whether one is drawn. A distance
     * past what an entry holds is not remembered (the captures are then read each time).
     */
    void put(int j, int win, int loss, boolean drawn) {
        if (win != Integer.MAX_VALUE && win > MAX_DISTANCE || loss > MAX_DISTANCE) {
            return;
        }
        entries[(int) (keys[j] - block)] = (win == Integer.MAX_VALUE ? NO_WIN : win) | Math.max(loss, 0) << 12
            | (drawn ? DRAW_BIT : 0) | tag << TAG_SHIFT;
    }

    /**
     * Sums the entries of the {@code moves} keys when all are remembered, and says so; else
     * leaves the summary empty.
     */
    boolean sumRemembered(int moves) {
        clearSummary();
        for (int j = 0; j < moves; j++) {
            int entry = get(j);
            if (entry == MISS) {
                clearSummary();
                return false;
            }
            win = Math.min(win, win(entry));
            loss = Math.max(loss, loss(entry));
            drawn |= drawn(entry);
        }
        return true;
    }

    /**
     * Sums the captures from the children's values, {@code n} of them, each man's in the order
     * of the moves (the j-th move's at j, j + moves, ...), and with {@code remember} puts each
     * move's own into the memo under {@code keys[j]}.
     */
    void sumChildren(int[] values, int n, int moves, boolean remember) {
        clearSummary();
        for (int j = 0; j < moves; j++) {
            int w = Integer.MAX_VALUE, l = -1;
            boolean d = false;
            for (int k = j; k < n; k += moves) {
                int child = values[k];
                if (child == Value.DRAW) {
                    d = true;
                } else if ((child & 1) == 0) {
                    w = Math.min(w, child + 1);
                } else {
                    l = Math.max(l, child + 1);
                }
            }
            win = Math.min(win, w);
            loss = Math.max(loss, l);
            drawn |= d;
            if (remember) {
                put(j, w, l, d);
            }
        }
    }

    private void clearSummary() {
        win = Integer.MAX_VALUE;
        loss = -1;
        drawn = false;
    }

    /** An entry's shortest win, {@link Integer#MAX_VALUE} if none. */
    static int win(int entry) {
        int w = entry & NO_WIN;
        return w == NO_WIN ? Integer.MAX_VALUE : w;
    }

    /** An entry's longest loss, -1 if none. */
    static int loss(int entry) {
        int l = entry >>> 12 & 0xFFF;
        return l == 0 ? -1 : l;
    }

    static boolean drawn(int entry) {
        return (entry & DRAW_BIT) != 0;
    }
}
