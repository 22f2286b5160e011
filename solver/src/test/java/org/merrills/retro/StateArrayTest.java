package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The state's filter bits against two plain boolean arrays, over a size that is no multiple of 64 or of a chunk. */
class StateArrayTest {
    @Test
    void filterBitsAreSetExactlyWhereMarked() {
        long size = StateArray.CHUNK + 1000 + 37;
        StateArray st = new StateArray(size);
        boolean[] decided = new boolean[(int) size];
        boolean[] closed = new boolean[(int) size];
        SplittableRandom random = new SplittableRandom(5);
        for (int n = 0; n < 20_000; n++) {
            int i = random.nextInt((int) size);
            if (random.nextBoolean()) {
                st.markDecided(i);
                decided[i] = true;
                closed[i] = true;
            } else {
                st.markClosed(i);
                closed[i] = true;
            }
        }
        for (long i : new long[] {0, 63, 64, size - 1}) {
            st.markClosed(i);
            closed[(int) i] = true;
        }
        for (int i = 0; i < size; i++) {
            assertEquals(decided[i], st.knownDecided(i), "decided bit of slot " + i);
            assertEquals(closed[i], st.knownClosed(i), "closed bit of slot " + i);
        }
    }
}
