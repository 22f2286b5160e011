package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.merrills.db.Value;
import org.merrills.index.Sector;

/**
 * The statistics of a result against counting its slots one by one, over results that span
 * several chunks and end in odd lengths, with holes, draws and distances at random (some runs of
 * one value, as real results have them).
 */
class SolvedSectorTest {
    @Test
    void tallyCountsWhatTheSlotsHold() {
        SplittableRandom rnd = new SplittableRandom(26);
        for (long size : new long[] {1, 2, 3, SolvedSector.CHUNK - 1, SolvedSector.CHUNK + 1, 3L * SolvedSector.CHUNK + 7}) {
            for (int maxDistance : new int[] {0, 1, 9, 400, Short.MAX_VALUE}) {
                SolvedSector s = new SolvedSector(Sector.parse("3-3-0-0"), size);
                s.fillHoles();
                long positions = 0, wins = 0, losses = 0, draws = 0;
                int longestWin = -1, longestLoss = -1;
                for (long i = 0; i < size; i++) {
                    int kind = rnd.nextInt(8);
                    if (kind == 0) {
                        continue;                     // stays a hole
                    }
                    int v = kind == 1 ? Value.DRAW
                        : kind == 2 && i > 0 && !s.isHole(i - 1) ? s.value(i - 1)   // a run
                        : rnd.nextInt(maxDistance + 1);
                    s.set(i, v);
                    positions++;
                    if (v == Value.DRAW) {
                        draws++;
                    } else if (v % 2 == 1) {
                        wins++;
                        longestWin = Math.max(longestWin, v);
                    } else {
                        losses++;
                        longestLoss = Math.max(longestLoss, v);
                    }
                }
                s.tally();
                String what = size + " slots, distances to " + maxDistance;
                assertEquals(positions, s.positions(), what);
                assertEquals(wins, s.wins(), what);
                assertEquals(losses, s.losses(), what);
                assertEquals(draws, s.draws(), what);
                assertEquals(longestWin, s.longestWin(), what);
                assertEquals(longestLoss, s.longestLoss(), what);
            }
        }
    }

    @Test
    void fillHolesMarksEverySlot() {
        SolvedSector s = new SolvedSector(Sector.parse("3-3-0-0"), 2L * SolvedSector.CHUNK + 5);
        s.set(0, 3);
        s.set(2L * SolvedSector.CHUNK + 4, Value.DRAW);
        s.fillHoles();
        for (long i = 0; i < s.size(); i++) {
            assertTrue(s.isHole(i), "slot " + i);
        }
        assertEquals(0, s.tally().positions());
    }
}
