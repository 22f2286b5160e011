package org.merrills.index;

/**
 * Where the solver and the probe get the index of a board (W, B): one instance per (W, B), built
 * once and shared by every sector {@code W-B-*-*}. {@code PlainIndex::new} is one (no folding).
 */
@FunctionalInterface
public interface BoardIndexes {
    /** The index of the boards with {@code own} men of the side to move and {@code enemy} of the other. */
    SectorIndex of(int own, int enemy);

    /** The index of a sector's boards. */
    default SectorIndex of(Sector s) {
        return of(s.w(), s.b());
    }
}
