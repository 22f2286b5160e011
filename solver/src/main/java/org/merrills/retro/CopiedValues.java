package org.merrills.retro;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.merrills.db.Database;
import org.merrills.index.Sector;

/**
 * A database's sectors as the solver and the verifier read them: each sector asked for is copied
 * into the heap once ({@link HeapValues}: their reads are random, and the heap's pages are larger
 * than a mapping's) and kept until {@link #keepOnly} lets it go, so that consecutive units that
 * read the same child share one copy while the heap holds no more than the unit in hand reads.
 * A file is unmapped once copied, so that its pages are not resident twice; whoever still reads
 * it through the database maps it again.
 */
public final class CopiedValues implements SolvedValues {
    private final Database db;
    private final Map<String, HeapValues> copies = new HashMap<>();

    public CopiedValues(Database db) {
        this.db = db;
    }

    /** One value: from the copy if there is one, else from the file (one value is no reason to copy a sector). */
    @Override
    public int value(Sector s, long index) {
        HeapValues v;
        synchronized (this) {
            v = copies.get(s.name());
        }
        return v != null ? v.value(index) : db.reader(s.name()).value(index);
    }

    @Override
    public synchronized SectorValues of(Sector s) {
        HeapValues v = copies.get(s.name());
        if (v == null) {
            v = HeapValues.copy(db.reader(s.name()));
            copies.put(s.name(), v);
            db.closeReader(s.name());
        }
        return v;
    }

    /**
     * Takes {@code codes} as the copy of {@code s}: a sector just solved, whose file may not be
     * written yet ({@link SolveRunner}).
     */
    synchronized void hold(Sector s, HeapValues codes) {
        copies.put(s.name(), codes);
    }

    /** Drops the copies of every sector but those named in {@code keep}. */
    public synchronized void keepOnly(Set<String> keep) {
        copies.keySet().retainAll(keep);
    }
}
