package org.merrills.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The runs by own men that the pair solver splits its propagation by: walking every slot of a
 * board in order, the start of the run of the slot's own class never passes the slot, and when it
 * changes, the new run starts after every slot walked so far. So each class's positions fill one
 * run of consecutive slots and two runs never overlap; checked by walking, not by the formula.
 */
class OwnRunsTest {
    @Test
    void everyOwnClassFillsOneRunOfConsecutiveSlots() {
        for (int[] board : List.of(new int[] {3, 3}, new int[] {4, 3}, new int[] {3, 5})) {
            check(Indexes.standard().of(board[0], board[1]));
            check(new PlainIndex(board[0], board[1]));
        }
    }

    private static void check(SectorIndex index) {
        assertTrue(index.runsByOwn(), index + " keeps runs by own men");
        long previous = -1;
        long last = -1;
        long runs = 0;
        for (long i = 0; i < index.size(); i++) {
            long packed = index.unrank(i);
            if (packed == SectorIndex.HOLE) {
                continue;
            }
            int own = SectorIndex.ownOf(packed);
            long start = index.ownStartOf(own);
            String where = index.own() + "-" + index.enemy() + " slot " + i;
            assertEquals(index.ownStart(index.prepareOwn(own)), start, where);
            assertTrue(start <= i, where + ": run start " + start + " past the slot");
            if (start != previous) {
                assertTrue(start > last, where + ": run from " + start + " overlaps the slots before, up to " + last);
                runs++;
            }
            previous = start;
            last = i;
        }
        assertTrue(runs > 1, "several runs");
    }
}
