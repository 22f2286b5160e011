package org.merrills.retro;

import java.util.Arrays;
import org.merrills.db.SectorReader;
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
 */
final class HeapValues implements SolvedValues.SectorValues {
    /**
     * Chunks of 256 KiB: ordinary objects in any G1 heap (see {@link StateArray}), where one
     * array per gigabyte would need that many contiguous free regions, which a heap fragmented
     * by earlier units may not have.
     */
    private static final int CHUNK_BITS = 18;
    private static final int CHUNK_MASK = (1 << CHUNK_BITS) - 1;

    private final byte[][] chunks;
    private final long[] escapedIndexes;
    private final int[] escapedValues;

    private HeapValues(SectorReader file) {
        long entries = file.entries();
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
