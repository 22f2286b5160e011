package org.merrills.retro;

import java.util.Arrays;
import org.merrills.db.Value;
import org.merrills.index.Sector;

/**
 * A solved sector in memory: one value per index slot as a {@code short} (distances stay exact
 * up to 32767 plies), in the state's chunks of 2^16 ({@link StateArray}: never humongous in G1)
 * so that sectors over 2^31 slots work, with statistics over the positions (holes skipped).
 */
public final class SolvedSector implements SolvedValues.SectorValues {
    static final short HOLE = -2;
    static final int CHUNK_BITS = StateArray.CHUNK_BITS;
    static final int CHUNK = 1 << CHUNK_BITS;

    private final Sector sector;
    private final long size;
    private final short[][] chunks;
    private long positions;
    private long wins;
    private long losses;
    private long draws;
    private int longestWin = -1;
    private int longestLoss = -1;

    SolvedSector(Sector sector, long size) {
        this.sector = sector;
        this.size = size;
        int n = (int) ((size + CHUNK - 1) >>> CHUNK_BITS);
        chunks = new short[n][];
        for (int c = 0; c < n; c++) {
            chunks[c] = new short[(int) Math.min(CHUNK, size - ((long) c << CHUNK_BITS))];
        }
    }

    public Sector sector() {
        return sector;
    }

    /** Index slots, holes included. */
    public long size() {
        return size;
    }

    /** The value at an index (a {@link Value} int); {@link Value#DRAW} for a hole. */
    @Override
    public int value(long index) {
        int v = chunks[(int) (index >>> CHUNK_BITS)][(int) index & (CHUNK - 1)];
        return v == HOLE ? Value.DRAW : v;
    }

    /** Whether no position has this index. */
    public boolean isHole(long index) {
        return chunks[(int) (index >>> CHUNK_BITS)][(int) index & (CHUNK - 1)] == HOLE;
    }

    void set(long index, int value) {
        chunks[(int) (index >>> CHUNK_BITS)][(int) index & (CHUNK - 1)] = (short) value;
    }

    short[] chunk(int c) {
        return chunks[c];
    }

    int chunks() {
        return chunks.length;
    }

    /** Marks every slot a hole: where a solver starts a result whose positions it then writes. */
    void fillHoles() {
        for (short[] chunk : chunks) {
            Arrays.fill(chunk, HOLE);
        }
    }

    /**
     * Counts wins, losses, draws and the longest distances; called once the values are final.
     * Through a histogram of the values, so that the pass over every slot (up to 5.9 x 10^8 in
     * the standard game, on one thread while the others wait) branches on none of them; two
     * histograms, even and odd slots, so that a run of one value does not wait on its own count.
     */
    SolvedSector tally() {
        long[] even = new long[Short.MAX_VALUE + 3];   // at v + 2: a hole (-2), a draw (-1), a distance
        long[] odd = new long[even.length];
        for (short[] chunk : chunks) {
            int k = 0;
            for (; k + 1 < chunk.length; k += 2) {
                even[chunk[k] + 2]++;
                odd[chunk[k + 1] + 2]++;
            }
            if (k < chunk.length) {
                even[chunk[k] + 2]++;
            }
        }
        wins = losses = 0;
        longestWin = longestLoss = -1;
        draws = even[Value.DRAW + 2] + odd[Value.DRAW + 2];
        for (int d = 0; d <= Short.MAX_VALUE; d++) {
            long n = even[d + 2] + odd[d + 2];
            if (n == 0) {
                continue;
            }
            if ((d & 1) == 1) {
                wins += n;
                longestWin = d;
            } else {
                losses += n;
                longestLoss = d;
            }
        }
        positions = wins + losses + draws;
        return this;
    }

    /** Positions, holes not counted. */
    public long positions() {
        return positions;
    }

    public long wins() {
        return wins;
    }

    public long losses() {
        return losses;
    }

    public long draws() {
        return draws;
    }

    /** The longest win in plies, -1 when nothing is won. */
    public int longestWin() {
        return longestWin;
    }

    /** The longest loss in plies, -1 when nothing is lost. */
    public int longestLoss() {
        return longestLoss;
    }

    @Override
    public String toString() {
        return sector + ": " + positions + " positions, " + wins + " won, " + losses + " lost, "
            + draws + " drawn, longest win " + longestWin + ", longest loss " + longestLoss;
    }
}
