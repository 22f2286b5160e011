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
 * <p>A decided entry is one {@code long}: the pair's half (0 or 1) in bit {@link #HALF_BIT}, below
 * it the position itself, packed as {@link org.merrills.index.SectorIndex#pack} (any member of its
 * symmetry class: the write that decided it had the position in hand), so that expanding it needs
 * no unrank. A pending entry is one {@code int}, the half in bit {@link #PENDING_HALF_BIT} and
 * below it the slot, since it must first win the compare-and-set on that slot: most of a big
 * pair's frontier is pending wins, all seeded before the first level (the standard game's
 * 6-9/9-6 held 2.4 GB of entries, 36 % of its 818 M slots, as longs), and every sector of a
 * 24-point board has fewer than 2^30 slots (the largest, 8-8-0-0, 5.9 x 10^8).
 *
 * <p>Each worker appends to its own {@link Appender} without locks; entries go in chunks of
 * {@link #CHUNK}, and a full chunk is handed to the shared list of its level (one lock per
 * 4096 entries). Between levels, with the workers idle, the calling thread flushes the workers'
 * partial chunks of the next level and takes its chunks as the units of work. A level's chunks
 * are dropped once taken, so the lists hold only what is still to come: the pending wins seeded
 * for later levels (4 bytes each) and the decisions made for the levels just ahead (8 bytes).
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
    static final int PENDING_HALF_BIT = 30;
    /** One past the largest slot a pending entry can carry. */
    static final long MAX_SLOTS = 1L << PENDING_HALF_BIT;

    /** A run of entries of one level and kind: decided (longs) or pending (ints), the other null. */
    record Chunk(long[] decided, int[] pending, int length) {
        boolean isPending() {
            return pending != null;
        }
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

    /** A pending entry of half {@code half} for slot {@code slot} (below {@link #MAX_SLOTS}). */
    static int pendingEntry(int half, long slot) {
        return half << PENDING_HALF_BIT | (int) slot;
    }

    static int pendingHalf(int entry) {
        return entry >>> PENDING_HALF_BIT;
    }

    static long pendingSlot(int entry) {
        return entry & (MAX_SLOTS - 1);
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
            a.flush(d);
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
        private final List<long[]> openDecided = new ArrayList<>();
        private final List<int[]> openPending = new ArrayList<>();
        private final IntArrayList fillDecided = new IntArrayList();
        private final IntArrayList fillPending = new IntArrayList();
        /** The highest level with entries in a partial chunk here, or -1. */
        private int highest = -1;

        /** Adds a position decided at {@code level} (its value is written already). */
        void decided(int level, long entry) {
            while (openDecided.size() <= level) {
                openDecided.add(null);
                fillDecided.add(0);
            }
            long[] chunk = openDecided.get(level);
            if (chunk == null) {
                openDecided.set(level, chunk = new long[CHUNK]);
                highest = Math.max(highest, level);
            }
            int n = fillDecided.getInt(level);
            chunk[n++] = entry;
            if (n == CHUNK) {
                hand(2 * level, new Chunk(chunk, null, n));
                openDecided.set(level, null);
                n = 0;
            }
            fillDecided.set(level, n);
        }

        /** Adds a slot whose pending win falls due at {@code level} ({@link #pendingEntry}). */
        void pending(int level, int entry) {
            while (openPending.size() <= level) {
                openPending.add(null);
                fillPending.add(0);
            }
            int[] chunk = openPending.get(level);
            if (chunk == null) {
                openPending.set(level, chunk = new int[CHUNK]);
                highest = Math.max(highest, level);
            }
            int n = fillPending.getInt(level);
            chunk[n++] = entry;
            if (n == CHUNK) {
                hand(2 * level + 1, new Chunk(null, chunk, n));
                openPending.set(level, null);
                n = 0;
            }
            fillPending.set(level, n);
        }

        /** Hands the partial chunks of level {@code d} over to the shared lists. */
        private void flush(int d) {
            if (d < openDecided.size() && openDecided.get(d) != null) {
                int n = fillDecided.getInt(d);
                if (n > 0) {
                    hand(2 * d, new Chunk(openDecided.get(d), null, n));
                }
                openDecided.set(d, null);
                fillDecided.set(d, 0);
            }
            if (d < openPending.size() && openPending.get(d) != null) {
                int n = fillPending.getInt(d);
                if (n > 0) {
                    hand(2 * d + 1, new Chunk(null, openPending.get(d), n));
                }
                openPending.set(d, null);
                fillPending.set(d, 0);
            }
        }
    }
}
