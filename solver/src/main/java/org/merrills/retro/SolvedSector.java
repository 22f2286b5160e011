package org.merrills.retro;

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

    /** Counts wins, losses, draws and the longest distances; called once the values are final. */
    SolvedSector tally() {
        positions = wins = losses = draws = 0;
        longestWin = longestLoss = -1;
        for (short[] chunk : chunks) {
            for (short v : chunk) {
                if (v == HOLE) {
                    continue;
                }
                positions++;
                if (v == Value.DRAW) {
                    draws++;
                } else if ((v & 1) == 1) {
                    wins++;
                    longestWin = Math.max(longestWin, v);
                } else {
                    losses++;
                    longestLoss = Math.max(longestLoss, v);
                }
            }
        }
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
