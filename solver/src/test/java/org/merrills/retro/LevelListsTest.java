package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The frontier lists against a plain list per level: what goes in, from several appenders and
 * across chunk boundaries, comes out of its level once, and only there.
 */
class LevelListsTest {
    @Test
    void everyEntryComesOutOfItsLevelOnce() {
        SplittableRandom rnd = new SplittableRandom(11);
        int levels = 5;
        LevelLists lists = new LevelLists(3);
        List<List<Long>> decided = new ArrayList<>();
        List<List<Integer>> pending = new ArrayList<>();
        for (int d = 0; d < levels; d++) {
            decided.add(new ArrayList<>());
            pending.add(new ArrayList<>());
        }
        long next = 0;
        for (int step = 0; step < 400; step++) {
            LevelLists.Appender a = lists.appender(rnd.nextInt(3));
            int level = 1 + rnd.nextInt(levels - 1);
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    long e = LevelLists.entry(rnd.nextInt(2), next++);
                    a.decided(level, e);
                    decided.get(level).add(e);
                }
                case 1 -> {
                    // runs of up to three chunks to one level, so that chunks fill and are handed on
                    int count = rnd.nextInt(10) == 0 ? rnd.nextInt(3 * LevelLists.CHUNK) : rnd.nextInt(40);
                    for (int k = 0; k < count; k++) {
                        long e = LevelLists.entry(rnd.nextInt(2), next++);
                        a.decided(level, e);
                        decided.get(level).add(e);
                    }
                }
                default -> {
                    int e = LevelLists.pendingEntry(rnd.nextInt(2), next++ & (LevelLists.MAX_SLOTS - 1));
                    a.pending(level, e);
                    pending.get(level).add(e);
                }
            }
        }
        for (int d = 0; d < levels; d++) {
            boolean more = false;
            for (int e = d; e < levels; e++) {
                more |= !decided.get(e).isEmpty() || !pending.get(e).isEmpty();
            }
            if (more) {
                assertTrue(lists.anyFrom(d), "level " + d + ": entries still to come");
            }
            List<Long> gotDecided = new ArrayList<>();
            List<Integer> gotPending = new ArrayList<>();
            boolean pendingSeen = false;
            for (LevelLists.Chunk c : lists.take(d)) {
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
            List<Long> wantDecided = new ArrayList<>(decided.get(d));
            List<Integer> wantPending = new ArrayList<>(pending.get(d));
            wantDecided.sort(null);
            wantPending.sort(null);
            // sizes first, then the lists without printing thousands of entries
            assertEquals(wantDecided.size(), gotDecided.size(), "level " + d + ": decided entries");
            assertTrue(wantDecided.equals(gotDecided), "level " + d + ": decided entries differ");
            assertEquals(wantPending.size(), gotPending.size(), "level " + d + ": pending entries");
            assertTrue(wantPending.equals(gotPending), "level " + d + ": pending entries differ");
            assertTrue(lists.take(d).isEmpty(), "level " + d + " is forgotten once taken");
        }
    }
}
