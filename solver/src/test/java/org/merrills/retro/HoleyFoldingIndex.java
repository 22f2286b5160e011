package org.merrills.retro;

import org.merrills.index.PlainIndex;
import org.merrills.index.SectorIndex;
import org.merrills.index.Symmetries;

/**
 * A test-only folding index, simple enough to trust: a position's index is the smallest
 * {@link PlainIndex} rank over its 16 images, and a slot whose plain position is not that smallest
 * image is a hole. So every image of a position ranks to one index, unrank gives the canonical
 * image, and most slots are holes: exactly what the solver must handle with a real folding index.
 */
final class HoleyFoldingIndex implements SectorIndex {
    private final PlainIndex plain;

    HoleyFoldingIndex(int own, int enemy) {
        plain = new PlainIndex(own, enemy);
    }

    @Override
    public int own() {
        return plain.own();
    }

    @Override
    public int enemy() {
        return plain.enemy();
    }

    @Override
    public long size() {
        return plain.size();
    }

    @Override
    public long rank(int own, int enemy) {
        long best = Long.MAX_VALUE;
        for (int g = 0; g < Symmetries.COUNT; g++) {
            best = Math.min(best, plain.rank(Symmetries.apply(g, own), Symmetries.apply(g, enemy)));
        }
        return best;
    }

    @Override
    public long unrank(long index) {
        long packed = plain.unrank(index);
        return rank(SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed)) == index ? packed : HOLE;
    }
}
