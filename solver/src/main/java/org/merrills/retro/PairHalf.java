package org.merrills.retro;

import org.merrills.index.Edges;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;

/**
 * One sector of a moving pair under solve ({@link PairSolver}): its state words, where they lie,
 * and the solved sectors its moves out of the pair lead to.
 *
 * <p>The state is laid out by the index of the board with the sides swapped: the word of the
 * position (own men O, enemy men E) is at {@code swapped.rank(E, O)}, the partner's index asked
 * with the two masks exchanged, so the state runs by enemy men first. Two walks gain:
 * <ul>
 *   <li>The seed ({@link PairSeeder}) walks the state in order, so one enemy mask E at a time:
 *   every capture child (E less a man, to move, against the mover's men after a mill) then lies
 *   in the few blocks of the child sector that E's capture masks own (read from the cache, not
 *   at random over a child of 5 x 10^8 positions), and the child sector's handle of each capture
 *   mask is made once per E.</li>
 *   <li>Every predecessor of a position (O, E) has O as its enemy men, so in the partner's
 *   swapped layout all of them lie in the block of O ({@link PairExpander}): one prepared mask,
 *   each slot a colex rank of a moved enemy mask, and their updates close together.</li>
 * </ul>
 * The result must be in each sector's own index order, so the end converts ({@link
 * PairConversion}). Measured on 2026-12-02, idle machine, two threads, files byte-identical, seed
 * / propagation / conversion: 8-8-0-0 in the own layout 110-116 / 134-161 / 4-5 s (258 and 299 s
 * in all), swapped 50 / 114 / 15 s (196 s, 3.0 M positions/s).
 */
final class PairHalf {
    final Sector sector;
    /** The sector's index: where its values go in the result and the file. */
    final SectorIndex index;
    /**
     * Where its state words are: the index of the board with the sides swapped, the position
     * (own O, enemy E) at {@code swapped.rank(E, O)}. The partner's {@code swapped} is this
     * half's {@link #index}.
     */
    final SectorIndex swapped;
    final StateArray state;
    final Edges edges;
    /** The units of {@link SolverThreads#UNIT} slots that cover the state. */
    final int units;
    /** 0 or 1: this half's bit in a {@link LevelLists} entry. */
    final int id;
    /**
     * Its state's slots in regions of {@code 2^regionBits}, numbered from {@link #firstRegion}
     * among the pair's: one region if {@link #swapped} keeps no runs by own men.
     */
    int regionBits;
    int regions;
    int firstRegion;
    PairHalf partner;
    /** The solved sectors out of the pair: after a capturing board move, a placement, a capturing placement. */
    SolvedValues.SectorValues captureValues;
    SolvedValues.SectorValues placedValues;
    SolvedValues.SectorValues placedCaptureValues;

    PairHalf(Sector sector, SectorIndex index, SectorIndex swapped, Edges edges, int id) {
        if (swapped.size() > LevelLists.MAX_SLOTS) {
            throw new IllegalArgumentException("sector " + sector + ": " + swapped.size()
                + " slots, more than a pending frontier entry can carry (" + LevelLists.MAX_SLOTS + ")");
        }
        this.sector = sector;
        this.index = index;
        this.swapped = swapped;
        this.edges = edges;
        this.id = id;
        this.state = new StateArray(swapped.size());
        this.units = SolverThreads.units(swapped.size());
    }

    /** Reads the solved sectors out of the pair that this half's {@link #edges} name from {@code solved}. */
    void readsFrom(SolvedValues solved) {
        captureValues = edges.movedCapture == null ? null : solved.of(edges.movedCapture);
        placedValues = edges.placed == null ? null : solved.of(edges.placed);
        placedCaptureValues = edges.placedCapture == null ? null : solved.of(edges.placedCapture);
    }

    void regionsOf(int bits) {
        regionBits = bits;
        regions = swapped.runsByOwn() ? (int) ((swapped.size() + (1L << bits) - 1) >>> bits) : 1;
    }

    /**
     * The region a frontier entry of this half with own men {@code own} is listed in: that of
     * the run, in the partner's state, where all its predecessors lie (they have {@code own}
     * as their enemy men, and the partner's state is laid out by this half's {@link #index}).
     */
    int regionOf(int own) {
        if (partner.regions == 1) {
            return partner.firstRegion;
        }
        return partner.firstRegion + (int) (index.ownStartOf(own) >>> regionBits);
    }

    /**
     * Which of the {@code 2^split} finer regions of {@code 2^(regionBits - split)} slots, within
     * the region {@link #regionOf} gives, the run of a frontier entry with own men {@code own}
     * starts in (0 when the partner keeps no runs by own men: then it is one region whatever
     * the split).
     */
    int subRegionOf(int own, int split) {
        if (partner.regions == 1) {
            return 0;
        }
        return (int) (index.ownStartOf(own) >>> (regionBits - split)) & ((1 << split) - 1);
    }

    /** The position whose state word is at {@code slot}, or {@link SectorIndex#HOLE}. */
    long positionAt(long slot) {
        return swap(swapped.unrank(slot));
    }

    /** A packed position with its sides swapped (own men as enemy and back); {@link SectorIndex#HOLE} stays. */
    static long swap(long packed) {
        return packed == SectorIndex.HOLE ? packed : SectorIndex.pack(SectorIndex.enemyOf(packed), SectorIndex.ownOf(packed));
    }
}
