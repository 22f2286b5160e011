package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Move;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/** The unmove generator against the move generator, on random moving positions of every size. */
class UnmovesTest {
    private final Random random = new Random(20261130);

    private int randomMask(int count, int taken) {
        int mask = 0;
        while (Integer.bitCount(mask) < count) {
            int p = random.nextInt(24);
            if ((taken >>> p & 1) == 0) {
                mask |= 1 << p;
            }
        }
        return mask;
    }

    /** The positions one non-capturing move of the side to move leads to, seen from the new mover. */
    private static Set<Long> quietChildren(int own, int enemy, boolean flying) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int n = Variant.standard(9, flying).moves().generate(own, enemy, 0, moves);
        Set<Long> out = new HashSet<>();
        for (int k = 0; k < n; k++) {
            int m = moves[k];
            if (!Move.isCapture(m)) {
                int child = own & ~(1 << Move.from(m)) | 1 << Move.to(m);
                out.add(SectorIndex.pack(enemy, child));
            }
        }
        return out;
    }

    private static Set<Long> predecessors(int own, int enemy, boolean flying) {
        long[] buf = new long[Unmoves.MAX_UNMOVES];
        int n = new Unmoves(Variant.standard(9, flying)).generate(own, enemy, 0, buf);
        Set<Long> out = new HashSet<>();
        for (int k = 0; k < n; k++) {
            assertTrue(out.add(buf[k]), "unmoves repeat a predecessor");
        }
        return out;
    }

    @Test
    void everyPredecessorHasThePositionAmongItsChildrenAndBack() {
        int checkedEdges = 0;
        for (boolean flying : new boolean[] {true, false}) {
            for (int w = 3; w <= 9; w++) {
                for (int b = 3; b <= 9; b++) {
                    for (int trial = 0; trial < 300; trial++) {
                        int own = randomMask(w, 0);
                        int enemy = randomMask(b, own);
                        for (long p : predecessors(own, enemy, flying)) {
                            int pOwn = SectorIndex.ownOf(p), pEnemy = SectorIndex.enemyOf(p);
                            assertEquals(b, Integer.bitCount(pOwn));
                            assertEquals(own, pEnemy);
                            assertTrue(quietChildren(pOwn, pEnemy, flying).contains(SectorIndex.pack(own, enemy)),
                                "predecessor without the move back");
                            checkedEdges++;
                        }
                        for (long c : quietChildren(own, enemy, flying)) {
                            assertTrue(predecessors(SectorIndex.ownOf(c), SectorIndex.enemyOf(c), flying)
                                .contains(SectorIndex.pack(own, enemy)), "child whose unmoves miss the parent");
                            checkedEdges++;
                        }
                    }
                }
            }
        }
        assertTrue(checkedEdges > 10_000, "too few edges checked: " + checkedEdges);
    }

    @Test
    void aManStandingInAMillWasNotMovedLast() {
        // Enemy men a7 d7 g7 (a mill) and b6: only b6 can have moved, and only from a neighbour.
        int enemy = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 3;
        int own = 1 << 21 | 1 << 22 | 1 << 23;
        long[] buf = new long[Unmoves.MAX_UNMOVES];
        int n = new Unmoves(Variant.STANDARD).generate(own, enemy, 0, buf);
        // b6's neighbours: d6 (4) and b4 (10); a7 and d7... are taken.
        assertEquals(2, n);
        Set<Integer> froms = new HashSet<>();
        for (int k = 0; k < n; k++) {
            int pOwn = SectorIndex.ownOf(buf[k]);
            froms.add(Integer.numberOfTrailingZeros(pOwn & ~enemy));
        }
        assertEquals(Set.of(4, 10), froms);
    }
}
