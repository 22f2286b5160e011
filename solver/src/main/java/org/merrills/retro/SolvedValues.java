package org.merrills.retro;

import org.merrills.index.Sector;

/**
 * Where the solver and the verifier read the values of sectors already solved: the value (a
 * {@link org.merrills.db.Value} int) of the position at {@code index} of sector {@code s}. An
 * in-memory map of {@link SolvedSector}s or an open database both fit.
 */
@FunctionalInterface
public interface SolvedValues {
    int value(Sector s, long index);

    /**
     * The values of one sector. The solver asks once per sector and then reads through the
     * result in its inner loop, so an implementation that can hand out the sector's array (or
     * mapped file) directly saves a map lookup per child; the default goes through {@link #value}.
     */
    default SectorValues of(Sector s) {
        return index -> value(s, index);
    }

    /** The values of one solved sector by index. */
    @FunctionalInterface
    interface SectorValues {
        int value(long index);
    }
}
