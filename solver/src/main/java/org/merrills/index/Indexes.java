package org.merrills.index;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The folding indexes of every board, built on first use and kept: the {@link BoardIndexes} the
 * solver and the probe should use. {@link #standard()} is the one shared instance.
 *
 * <p>Building a board's tables takes well under a second (see the README for the figures) and the
 * own classes of W are shared by all boards (W, *). Lookups after the first are one volatile read,
 * so {@link #of} may sit in a hot path; concurrent first calls for one board build it once.
 */
public final class Indexes implements BoardIndexes {
    private static final Indexes STANDARD = new Indexes();

    private final AtomicReferenceArray<OwnClasses> ownClasses = new AtomicReferenceArray<>(25);
    private final AtomicReferenceArray<FoldedIndex> boards = new AtomicReferenceArray<>(25 * 25);

    /** A cache of its own; tests and tools that want to measure building use this. */
    public Indexes() {
    }

    /** The process-wide cache. */
    public static Indexes standard() {
        return STANDARD;
    }

    @Override
    public FoldedIndex of(int own, int enemy) {
        if (own < 0 || enemy < 0 || own + enemy > 24) {
            throw new IllegalArgumentException("no board holds " + own + " and " + enemy
                + " men (each 0 to 24, together at most 24)");
        }
        int key = own * 25 + enemy;
        FoldedIndex index = boards.get(key);
        if (index != null) {
            return index;
        }
        synchronized (boards) {
            index = boards.get(key);
            if (index == null) {
                index = FoldedIndex.build(own, enemy, ownClasses(own));
                boards.set(key, index);
            }
            return index;
        }
    }

    @Override
    public FoldedIndex of(Sector s) {
        return of(s.w(), s.b());
    }

    private OwnClasses ownClasses(int men) {
        OwnClasses c = ownClasses.get(men);
        if (c == null) {
            c = OwnClasses.build(men);
            ownClasses.set(men, c);
        }
        return c;
    }
}
