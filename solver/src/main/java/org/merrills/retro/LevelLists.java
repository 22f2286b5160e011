package org.merrills.retro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The frontiers of a pair's propagation: per level and per region, the positions decided at that
 * level and the slots whose pending win falls due at it, so that level d visits exactly the
 * positions it has to expand and nothing else. Without them every level would re-read every slot
 * of the pair, a cost of levels x size (6-6-0-0 has 167 levels).
 *
 * <p>A region is a range of slots of the state that an entry's predecessors are written to (see
 * {@link PairSolver}): the entries of one region of one level are expanded by one worker, which
 * is then the only writer of that range.
 *
 * <p>A decided entry is one {@code long}: the pair's half (0 or 1) in bit {@link #HALF_BIT}, below
 * it the position itself, packed as {@link org.merrills.index.SectorIndex#pack} (any member of its
 * symmetry class: the write that decided it had the position in hand), so that expanding it needs
 * no unrank. A pending entry is one {@code int}, the half in bit {@link #PENDING_HALF_BIT} and
 * below it the slot, since it must first find that slot still pending at its level: most of a big
 * pair's frontier is pending wins, all seeded before the first level (the standard game's
 * 6-9/9-6 held 2.4 GB of entries, 36 % of its 818 M slots, as longs), and every sector of a
 * 24-point board has fewer than 2^30 slots (the largest, 8-8-0-0, 5.9 x 10^8).
 *
 * <p>Each worker appends to its own {@link Appender} without locks, into one open chunk per level,
 * kind and region; a chunk starts small (most (level, region) pairs of a big pair's seed hold a
 * few hundred pending entries per worker) and grows up to {@link #CHUNK} entries, and a full one
 * is handed to the shared list of its level and region (one lock per 4096 entries). Between
 * levels, with the workers idle, the calling thread flushes the workers' partial chunks of the
 * next level and takes its chunks. A level's chunks are dropped once taken, so the lists hold
 * only what is still to come: the pending wins seeded for later levels (4 bytes each) and the
 * decisions made for the levels just ahead (8 bytes).
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
    /** The size an open chunk starts at; it grows four times at a time up to {@link #CHUNK}. */
    static final int FIRST_CHUNK = 1 << 6;
    static final int PENDING_HALF_BIT = 30;
    /** One past the largest slot a pending entry can carry. */
    static final long MAX_SLOTS = 1L << PENDING_HALF_BIT;

    /** A run of entries of one level, region and kind: decided (longs) or pending (ints), the other null. */
    record Chunk(long[] decided, int[] pending, int length) {
        boolean isPending() {
            return pending != null;
        }
    }

    private final int regions;
    /**
     * Full chunks by {@code 2 * level + (pending ? 1 : 0)}, then by region (null where none);
     * guarded by this.
     */
    private final List<List<Chunk>[]> full = new ArrayList<>();
    private final Appender[] appenders;
    /** One past the highest level any entry was added for (written under this). */
    private int levels;

    LevelLists(int workers, int regions) {
        if (regions < 1) {
            throw new IllegalArgumentException(regions + " regions");
        }
        this.regions = regions;
        appenders = new Appender[workers];
        for (int w = 0; w < workers; w++) {
            appenders[w] = new Appender();
        }
    }

    int regions() {
        return regions;
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
     * The chunks of level {@code d} by region (an empty list where none), decided ones first,
     * the workers' partial chunks included; call only while no worker appends. The level is
     * forgotten.
     */
    synchronized List<List<Chunk>> take(int d) {
        for (Appender a : appenders) {
            a.flush(d);
        }
        List<List<Chunk>> out = new ArrayList<>(regions);
        for (int r = 0; r < regions; r++) {
            out.add(new ArrayList<>());
        }
        for (int kind = 0; kind < 2; kind++) {
            int k = 2 * d + kind;
            if (k < full.size() && full.get(k) != null) {
                List<Chunk>[] byRegion = full.get(k);
                for (int r = 0; r < regions; r++) {
                    if (byRegion[r] != null) {
                        out.get(r).addAll(byRegion[r]);
                    }
                }
                full.set(k, null);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private synchronized void hand(int key, int region, Chunk chunk) {
        while (full.size() <= key) {
            full.add(null);
        }
        List<Chunk>[] byRegion = full.get(key);
        if (byRegion == null) {
            full.set(key, byRegion = new List[regions]);
        }
        if (byRegion[region] == null) {
            byRegion[region] = new ArrayList<>();
        }
        byRegion[region].add(chunk);
        levels = Math.max(levels, key / 2 + 1);
    }

    /** One worker's side of the lists: its open chunk per level, kind and region. */
    final class Appender {
        /** Per level, per region: the open chunk (null if none) and how full it is. */
        private final List<long[][]> openDecided = new ArrayList<>();
        private final List<int[]> fillDecided = new ArrayList<>();
        private final List<int[][]> openPending = new ArrayList<>();
        private final List<int[]> fillPending = new ArrayList<>();
        /** The highest level with entries in an open chunk here, or -1. */
        private int highest = -1;

        /** Adds a position decided at {@code level} (its value is written already) to region {@code region}. */
        void decided(int level, int region, long entry) {
            while (openDecided.size() <= level) {
                openDecided.add(null);
                fillDecided.add(null);
            }
            long[][] open = openDecided.get(level);
            if (open == null) {
                openDecided.set(level, open = new long[regions][]);
                fillDecided.set(level, new int[regions]);
                highest = Math.max(highest, level);
            }
            int[] fill = fillDecided.get(level);
            long[] chunk = open[region];
            int n = fill[region];
            if (chunk == null) {
                open[region] = chunk = new long[FIRST_CHUNK];
            } else if (n == chunk.length) {
                open[region] = chunk = Arrays.copyOf(chunk, Math.min(CHUNK, 4 * n));
            }
            chunk[n++] = entry;
            if (n == CHUNK) {
                hand(2 * level, region, new Chunk(chunk, null, n));
                open[region] = null;
                n = 0;
            }
            fill[region] = n;
        }

        /** Adds a slot whose pending win falls due at {@code level} ({@link #pendingEntry}) to region {@code region}. */
        void pending(int level, int region, int entry) {
            while (openPending.size() <= level) {
                openPending.add(null);
                fillPending.add(null);
            }
            int[][] open = openPending.get(level);
            if (open == null) {
                openPending.set(level, open = new int[regions][]);
                fillPending.set(level, new int[regions]);
                highest = Math.max(highest, level);
            }
            int[] fill = fillPending.get(level);
            int[] chunk = open[region];
            int n = fill[region];
            if (chunk == null) {
                open[region] = chunk = new int[FIRST_CHUNK];
            } else if (n == chunk.length) {
                open[region] = chunk = Arrays.copyOf(chunk, Math.min(CHUNK, 4 * n));
            }
            chunk[n++] = entry;
            if (n == CHUNK) {
                hand(2 * level + 1, region, new Chunk(null, chunk, n));
                open[region] = null;
                n = 0;
            }
            fill[region] = n;
        }

        /** Hands the open chunks of level {@code d} over to the shared lists. */
        private void flush(int d) {
            if (d < openDecided.size() && openDecided.get(d) != null) {
                long[][] open = openDecided.get(d);
                int[] fill = fillDecided.get(d);
                for (int r = 0; r < regions; r++) {
                    if (fill[r] > 0) {
                        hand(2 * d, r, new Chunk(open[r], null, fill[r]));
                    }
                }
                openDecided.set(d, null);
                fillDecided.set(d, null);
            }
            if (d < openPending.size() && openPending.get(d) != null) {
                int[][] open = openPending.get(d);
                int[] fill = fillPending.get(d);
                for (int r = 0; r < regions; r++) {
                    if (fill[r] > 0) {
                        hand(2 * d + 1, r, new Chunk(null, open[r], fill[r]));
                    }
                }
                openPending.set(d, null);
                fillPending.set(d, null);
            }
        }
    }
}
