package org.merrills.db;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Decoded blocks of packed sector files, shared by every reader and thread of a process, so that
 * repeated probes near the same place decode once. Set-associative: a block may sit in any of the
 * {@value #WAYS} slots of the set its (file, block) hashes to, and a new block takes a free slot of
 * the set or evicts one at random (a direct-mapped cache, one slot per block, measured 7 % misses
 * on 256 random blocks of a 4096-slot cache, each miss a whole block decode). Lock-free: a slot
 * holds an immutable entry, swapped whole. Bounded: the bytes held never exceed the budget by more than
 * one block per thread racing to insert; a block that does not fit is decoded but not kept.
 */
final class BlockCache {
    /** The budget of the process-wide cache: system property {@code merrills.blockCacheMiB}, default 256. */
    static final BlockCache SHARED = new BlockCache(
        Long.getLong("merrills.blockCacheMiB", 256) << 20, PackedFileFormat.DEFAULT_BLOCK_SIZE);

    private static final AtomicLong NEXT_FILE_ID = new AtomicLong();
    static final int WAYS = 8;

    private record Entry(long key, byte[] data) {
    }

    private final AtomicReferenceArray<Entry> slots;
    private final int mask;
    private final long budget;
    private final AtomicLong held = new AtomicLong();

    /** A cache of at most {@code budgetBytes}, with one slot per {@code typicalBlock} bytes of it. */
    BlockCache(long budgetBytes, int typicalBlock) {
        long wanted = Math.max(WAYS, budgetBytes / typicalBlock);
        int n = Integer.highestOneBit((int) Math.min(1 << 24, wanted));
        this.slots = new AtomicReferenceArray<>(n);
        this.mask = n / WAYS - 1;
        this.budget = budgetBytes;
    }

    /** A number never given before, naming one open file's blocks in the cache. */
    static long newFileId() {
        return NEXT_FILE_ID.incrementAndGet();
    }

    private static long key(long fileId, int block) {
        return (fileId << 32) | (block & 0xFFFFFFFFL);
    }

    /** The first slot of the key's set. */
    private int set(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return ((int) (h ^ (h >>> 29)) & mask) * WAYS;
    }

    /** The decoded block, or null if it is not held. */
    byte[] get(long fileId, int block) {
        long key = key(fileId, block);
        int first = set(key);
        for (int i = first; i < first + WAYS; i++) {
            Entry e = slots.get(i);
            if (e != null && e.key == key) {
                return e.data;
            }
        }
        return null;
    }

    /** Keeps a decoded block (never to be modified again), in a free slot of its set or evicting one, if the budget allows. */
    void put(long fileId, int block, byte[] data) {
        long key = key(fileId, block);
        int first = set(key);
        int s = -1;
        for (int i = first; i < first + WAYS; i++) {
            Entry e = slots.get(i);
            if (e != null && e.key == key) {
                return; // another thread kept it meanwhile
            }
            if (e == null && s < 0) {
                s = i;
            }
        }
        if (s < 0) {
            s = first + ThreadLocalRandom.current().nextInt(WAYS);
        }
        Entry old = slots.get(s);
        long freed = old == null ? 0 : old.data.length;
        if (held.get() - freed + data.length > budget) {
            return;
        }
        if (slots.compareAndSet(s, old, new Entry(key, data))) {
            held.addAndGet(data.length - freed);
        }
    }

    /** Bytes held now. */
    long heldBytes() {
        return held.get();
    }
}
