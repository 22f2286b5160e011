package org.merrills.retro;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import org.merrills.db.SectorReader;
import org.merrills.db.SectorWriter;
import org.merrills.db.Value;

/**
 * A solved sector's values copied out of its file into the heap, one byte code per position as
 * on disk, for the solver's reads of child sectors. The solver reads a child at random (a capture
 * lands anywhere in it), and a mapped file is paged in 4 KiB pages: in a child of 5 x 10^8
 * positions nearly every read then misses the TLB and walks the page table as well as fetching
 * the byte. The heap sits on 2 MiB pages where the JVM gets them, so the same reads miss the TLB
 * far less; the copy costs one sequential pass over the file, a fraction of a second per 10^8
 * positions. The few distances too long for a byte code are copied too, so the file can be
 * unmapped once copied: its pages then leave the process's resident set.
 *
 * <p>A sector just solved is encoded into the same form straight from its result ({@link
 * #encode}): that is what {@link SolveRunner} writes to the file, on a thread of its own, and
 * what the next unit reads if it needs the sector, before the file is even committed.
 */
final class HeapValues implements SolvedValues.SectorValues {
    /**
     * Chunks of 256 KiB: ordinary objects in any G1 heap (see {@link StateArray}), where one
     * array per gigabyte would need that many contiguous free regions, which a heap fragmented
     * by earlier units may not have.
     */
    private static final int CHUNK_BITS = 18;
    private static final int CHUNK_MASK = (1 << CHUNK_BITS) - 1;

    private final long size;
    private final byte[][] chunks;
    private final long[] escapedIndexes;
    private final int[] escapedValues;

    private HeapValues(SectorReader file) {
        long entries = file.entries();
        size = entries;
        int n = (int) ((entries + CHUNK_MASK) >>> CHUNK_BITS);
        chunks = new byte[n][];
        for (int c = 0; c < n; c++) {
            long start = (long) c << CHUNK_BITS;
            int length = (int) Math.min(1L << CHUNK_BITS, entries - start);
            chunks[c] = new byte[length];
            file.copyCodes(start, chunks[c], length);
        }
        escapedIndexes = file.escapedIndexes();
        escapedValues = file.escapedValues();
    }

    private HeapValues(long size, byte[][] chunks, long[] escapedIndexes, int[] escapedValues) {
        this.size = size;
        this.chunks = chunks;
        this.escapedIndexes = escapedIndexes;
        this.escapedValues = escapedValues;
    }

    /**
     * The byte codes of a solved sector, as its file will hold them (a hole is a draw), encoded
     * by {@code threads} a chunk at a time: the result need not stay for the file's write.
     */
    static HeapValues encode(SolvedSector s, SolverThreads threads) {
        long size = s.size();
        int n = (int) ((size + CHUNK_MASK) >>> CHUNK_BITS);
        byte[][] chunks = new byte[n][];
        // per chunk, the escaped distances found in it: chunks go to threads in any order
        long[][] escIndexes = new long[n][];
        int[][] escValues = new int[n][];
        Encoder[] workers = threads.workers(Encoder[]::new, Encoder::new);
        WorkerPool.run(workers, n, (w, c) -> {
            long start = (long) c << CHUNK_BITS;
            byte[] codes = new byte[(int) Math.min(1L << CHUNK_BITS, size - start)];
            w.indexes.clear();
            w.values.clear();
            for (int k = 0; k < codes.length; k++) {
                int v = s.value(start + k);
                int code = Value.encode(v);
                codes[k] = (byte) code;
                if (code == Value.CODE_ESCAPE) {
                    w.indexes.add(start + k);
                    w.values.add(v);
                }
            }
            chunks[c] = codes;
            if (!w.indexes.isEmpty()) {
                escIndexes[c] = w.indexes.toLongArray();
                escValues[c] = w.values.toIntArray();
            }
        }, () -> { });
        LongArrayList indexes = new LongArrayList();
        IntArrayList values = new IntArrayList();
        for (int c = 0; c < n; c++) {
            if (escIndexes[c] != null) {
                indexes.addElements(indexes.size(), escIndexes[c]);
                values.addElements(values.size(), escValues[c]);
            }
        }
        return new HeapValues(size, chunks, indexes.toLongArray(), values.toIntArray());
    }

    /** One thread's escaped distances of the chunk in hand. */
    private static final class Encoder {
        final LongArrayList indexes = new LongArrayList();
        final IntArrayList values = new IntArrayList();
    }

    /** The sector's entries, holes included. */
    long size() {
        return size;
    }

    /** Puts every value into {@code w}, whose sector has as many entries as this. */
    void writeTo(SectorWriter w) {
        w.putCodes(chunks, CHUNK_BITS);
        for (int i = 0; i < escapedIndexes.length; i++) {
            w.put(escapedIndexes[i], escapedValues[i]);
        }
    }

    /** The values of {@code file}, copied (every block checked on the way); the file is not needed after. */
    static HeapValues copy(SectorReader file) {
        return new HeapValues(file);
    }

    @Override
    public int value(long index) {
        int code = chunks[(int) (index >>> CHUNK_BITS)][(int) index & CHUNK_MASK] & 0xFF;
        return code == Value.CODE_ESCAPE ? escaped(index) : Value.decode(code);
    }

    private int escaped(long index) {
        int i = Arrays.binarySearch(escapedIndexes, index);
        if (i < 0) {
            throw new IllegalStateException("entry " + index + " is escaped but not in its file's table");
        }
        return escapedValues[i];
    }
}
