package org.merrills.retro;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.merrills.index.BoardIndexes;
import org.merrills.index.PlainIndex;
import org.merrills.index.SectorIndex;
import org.merrills.index.Symmetries;

/**
 * A test-only folding index without holes, built by brute force for boards small enough: the
 * positions are numbered in the order of their smallest {@link PlainIndex} rank over the 16
 * images, with a dense table from every plain rank to that number. Fine up to four men a side
 * (a 51 million entry table for 4 against 4); it lets the game with four men each be solved and
 * verified in seconds with a folding index, as the real one will.
 */
final class DenseFoldingIndex implements SectorIndex {
    private static final Map<Long, DenseFoldingIndex> CACHE = new ConcurrentHashMap<>();

    private final PlainIndex plain;
    private final int[] classOf;
    private final long[] canonical;

    private DenseFoldingIndex(int own, int enemy) {
        plain = new PlainIndex(own, enemy);
        long size = plain.size();
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("board " + own + "-" + enemy + " is too large for a dense test table");
        }
        classOf = new int[(int) size];
        java.util.Arrays.fill(classOf, -1);
        long[] reps = new long[(int) size / 8 + 16];
        int classes = 0;
        for (int i = 0; i < size; i++) {
            if (classOf[i] >= 0) {
                continue;
            }
            long p = plain.unrank(i);
            int o = SectorIndex.ownOf(p), e = SectorIndex.enemyOf(p);
            for (int g = 0; g < Symmetries.COUNT; g++) {
                classOf[(int) plain.rank(Symmetries.apply(g, o), Symmetries.apply(g, e))] = classes;
            }
            if (classes == reps.length) {
                reps = java.util.Arrays.copyOf(reps, reps.length * 2);
            }
            reps[classes++] = p;
        }
        canonical = java.util.Arrays.copyOf(reps, classes);
    }

    /** One shared instance per board, built on first use. */
    static final BoardIndexes INDEXES = (own, enemy) ->
        CACHE.computeIfAbsent((long) own << 8 | enemy, k -> new DenseFoldingIndex(own, enemy));

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
        return canonical.length;
    }

    @Override
    public long rank(int own, int enemy) {
        return classOf[(int) plain.rank(own, enemy)];
    }

    @Override
    public long unrank(long index) {
        return canonical[(int) index];
    }
}
