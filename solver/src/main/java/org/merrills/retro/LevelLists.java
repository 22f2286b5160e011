package org.merrills.retro;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * The frontiers of a pair's propagation: per level, the positions decided at that level and the
 * slots whose pending win falls due at it, so that level d visits exactly the positions it has to
 * expand and nothing else. Without them every level would re-read every slot of the pair, a cost
 * of levels x size (6-6-0-0 has 167 levels).
 *
 * <p>An entry is one {@code long}: the pair's half (0 or 1) in bit {@link #HALF_BIT}, below it a
 * payload. A decided entry carries the position itself, packed as
 * {@link org.merrills.index.SectorIndex#pack} (any member of its symmetry class: the write that
 * decided it had the position in hand), so that expanding it needs no unrank; a pending entry
 * carries the slot, since it must first win the compare-and-set on that slot.
 *
 * <p>Each worker appends to its own {@link Appender} without locks; entries go in chunks of
 * {@link #CHUNK}, and a full chunk is handed to the shared list of its level (one lock per
 * 4096 entries). Between levels, with the workers idle, the calling thread flushes the workers'
 * partial chunks of the next level and takes its chunks as the units of work. A level's chunks
 * are dropped once taken, so the lists hold only what is still to come: the pending wins seeded
 * for later levels and the decisions made for the levels just ahead, 8 bytes an entry.
 *
 * <p>The order of the entries depends on the threads; the values do not (see
 * {@link PairSolver}), since each decided slot is in exactly one decided list, put there by the
 * write that decided it, and a pending slot is expanded only by the write that turns it into its
 * win.
 */
final class LevelLists {
    static final int HALF_BIT = 48;
    static final long PAYLOAD_MASK = (1L << HALF_BIT) - 1;
    static final int CHUNK = 1 << 12;

    /** A run of entries of one level and kind. */
    record Chunk(long[] entries, int length, boolean pending) {
    }

    /** Full chunks by {@code 2 * level + (pending ? 1 : 0)}; guarded by this. */
    private final List<List<Chunk>> full = new ArrayList<>();
    private final Appender[] appenders;
    /** One past the highest level any entry was added for (written under this). */
    private int levels;

    LevelLists(int workers) {
        appenders = new Appender[workers];
        for (int w = 0; w < workers; w++) {
            appenders[w] = new Appender();
        }
    }

    /** An entry of half {@code half} carrying {@code payload}: a packed position (decided) or a slot (pending). */
    static long entry(int half, long payload) {
        return (long) half << HALF_BIT | payload;
    }

    static int half(long entry) {
        return (int) (entry >>> HALF_BIT);
    }

    static long payload(long entry) {
        return entry & PAYLOAD_MASK;
    }

    Appender appender(int worker) {
        return appenders[worker];
    }

    /** Whether some level at or after {@code d} may still hold entries. */
    synchronized boolean anyFrom(int d) {
        for (Appender a : appenders) {
            if (a.highest >= d) {
                return true;
            }
        }
        return levels > d;
    }

    /**
     * The chunks of level {@code d}, pending ones last, the workers' partial chunks included;
     * call only while no worker appends. The level is forgotten.
     */
    synchronized List<Chunk> take(int d) {
        for (Appender a : appenders) {
            a.flush(2 * d);
            a.flush(2 * d + 1);
        }
        List<Chunk> out = new ArrayList<>();
        for (int kind = 0; kind < 2; kind++) {
            int k = 2 * d + kind;
            if (k < full.size() && full.get(k) != null) {
                out.addAll(full.get(k));
                full.set(k, null);
            }
        }
        return out;
    }

    private synchronized void hand(int key, Chunk chunk) {
        while (full.size() <= key) {
            full.add(null);
        }
        List<Chunk> list = full.get(key);
        if (list == null) {
            full.set(key, list = new ArrayList<>());
        }
        list.add(chunk);
        levels = Math.max(levels, key / 2 + 1);
    }

    /** One worker's side of the lists: its partial chunk per level and kind. */
    final class Appender {
        private final List<long[]> open = new ArrayList<>();
        private final IntArrayList fill = new IntArrayList();
        /** The highest level with entries in a partial chunk here, or -1. */
        private int highest = -1;

        /** Adds a position decided at {@code level} (its value is written already). */
        void decided(int level, long entry) {
            add(2 * level, entry);
        }

        /** Adds a slot whose pending win falls due at {@code level}. */
        void pending(int level, long entry) {
            add(2 * level + 1, entry);
        }

        private void add(int key, long entry) {
            while (open.size() <= key) {
                open.add(null);
                fill.add(0);
            }
            long[] chunk = open.get(key);
            if (chunk == null) {
                open.set(key, chunk = new long[CHUNK]);
                highest = Math.max(highest, key / 2);
            }
            int n = fill.getInt(key);
            chunk[n++] = entry;
            if (n == CHUNK) {
                hand(key, new Chunk(chunk, n, (key & 1) == 1));
                open.set(key, null);
                n = 0;
            }
            fill.set(key, n);
        }

        private void flush(int key) {
            if (key < open.size() && open.get(key) != null) {
                int n = fill.getInt(key);
                if (n > 0) {
                    hand(key, new Chunk(open.get(key), n, (key & 1) == 1));
                }
                open.set(key, null);
                fill.set(key, 0);
            }
        }
    }
}
