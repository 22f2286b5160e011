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
}
