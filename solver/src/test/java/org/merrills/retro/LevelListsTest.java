package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The frontier lists against a plain list per level and region: what goes in, from several
 * appenders and across chunk boundaries, comes out of its level and region once, and only there.
 */
class LevelListsTest {
    @Test
    void everyEntryComesOutOfItsLevelOnce() {
        SplittableRandom rnd = new SplittableRandom(11);
        int levels = 5;
        int regions = 3;
        LevelLists lists = new LevelLists(3, regions);
        List<List<Long>> decided = new ArrayList<>();
        List<List<Integer>> pending = new ArrayList<>();
        for (int d = 0; d < levels * regions; d++) {
            decided.add(new ArrayList<>());
            pending.add(new ArrayList<>());
        }
        long next = 0;
        for (int step = 0; step < 400; step++) {
            LevelLists.Appender a = lists.appender(rnd.nextInt(3));
            int level = 1 + rnd.nextInt(levels - 1);
            int region = rnd.nextInt(regions);
            int key = level * regions + region;
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    long e = LevelLists.entry(rnd.nextInt(2), next++);
                    a.decided(level, region, e);
                    decided.get(key).add(e);
                }
                case 1 -> {
                    // runs of up to three chunks to one level, so that chunks fill and are handed on
                    int count = rnd.nextInt(10) == 0 ? rnd.nextInt(3 * LevelLists.CHUNK) : rnd.nextInt(40);
                    for (int k = 0; k < count; k++) {
                        long e = LevelLists.entry(rnd.nextInt(2), next++);
                        a.decided(level, region, e);
                        decided.get(key).add(e);
                    }
                }
                default -> {
                    int e = LevelLists.pendingEntry(rnd.nextInt(2), next++ & (LevelLists.MAX_SLOTS - 1));
                    a.pending(level, region, e);
                    pending.get(key).add(e);
                }
            }
        }
        for (int d = 0; d < levels; d++) {
            boolean more = false;
            for (int k = d * regions; k < levels * regions; k++) {
                more |= !decided.get(k).isEmpty() || !pending.get(k).isEmpty();
            }
            if (more) {
                assertTrue(lists.anyFrom(d), "level " + d + ": entries still to come");
            }
            List<List<LevelLists.Chunk>> taken = lists.take(d);
            assertEquals(regions, taken.size(), "level " + d + ": one list per region");
            for (int r = 0; r < regions; r++) {
                List<Long> gotDecided = new ArrayList<>();
                List<Integer> gotPending = new ArrayList<>();
                boolean pendingSeen = false;
                for (LevelLists.Chunk c : taken.get(r)) {
                    assertTrue(c.length() > 0 && c.length() <= LevelLists.CHUNK, "chunk of " + c.length());
                    if (c.isPending()) {
                        pendingSeen = true;
                        for (int k = 0; k < c.length(); k++) {
                            gotPending.add(c.pending()[k]);
                        }
                    } else {
                        assertFalse(pendingSeen, "level " + d + ": decided chunks come before pending ones");
                        for (int k = 0; k < c.length(); k++) {
                            gotDecided.add(c.decided()[k]);
                        }
                    }
                }
                gotDecided.sort(null);
                gotPending.sort(null);
                List<Long> wantDecided = new ArrayList<>(decided.get(d * regions + r));
                List<Integer> wantPending = new ArrayList<>(pending.get(d * regions + r));
                wantDecided.sort(null);
                wantPending.sort(null);
                String where = "level " + d + " region " + r;
                // sizes first, then the lists without printing thousands of entries
                assertEquals(wantDecided.size(), gotDecided.size(), where + ": decided entries");
                assertTrue(wantDecided.equals(gotDecided), where + ": decided entries differ");
                assertEquals(wantPending.size(), gotPending.size(), where + ": pending entries");
                assertTrue(wantPending.equals(gotPending), where + ": pending entries differ");
            }
            for (List<LevelLists.Chunk> r : lists.take(d)) {
                assertTrue(r.isEmpty(), "level " + d + " is forgotten once taken");
            }
        }
    }
}
