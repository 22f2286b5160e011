package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.merrills.index.Binomial;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Edges;
import org.merrills.index.EnemyMajorWalk;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Variant;

/**
 * The placing sectors solved by blocks of one enemy mask ({@link PlacingBlock}) against the
 * same sectors solved position by position, value for value, on boards with and without
 * diagonals, flying on and off, and in Lasker; and the block layout of the index the blocks rely on.
 * The position-by-position solver writes through buckets of 64 slots in rounds of one unit
 * ({@link SlotBuckets}), where the default writes through a few buckets in one round: how the
 * writes are held must change no value either.
 */
class PlacingBlockTest {
    private static final BoardIndexes INDEXES = Indexes.standard();

    @Test
    void blocksGiveEveryPlacingSectorOfTheFourMenGames() {
        for (Variant v : new Variant[] {Variant.standard(4, true), Variant.morabaraba(4, true), Variant.standard(4, false),
                                        Variant.lasker(4, true)}) {
            Map<Sector, SolvedSector> solved = GameSolver.solveAll(v, INDEXES, 2);
            SectorGraph graph = SectorGraph.of(v);
            PlacingSolver oneByOne = new PlacingSolver(v, graph, INDEXES, new SolverThreads(2), false, 6, 1);
            long byBlocks = 0, placing = 0, largest = 0;
            for (Sector s : graph.sectors()) {
                if (graph.isPair(s)) {
                    continue;
                }
                SolvedSector want = oneByOne.solve(s, GameSolver.lookup(solved));
                SolvedSector have = solved.get(s);
                assertEquals(want.size(), have.size());
                for (long i = 0; i < want.size(); i++) {
                    if (want.value(i) != have.value(i) || want.isHole(i) != have.isHole(i)) {
                        throw new AssertionError(v + " sector " + s + " index " + i + ": by blocks "
                            + have.value(i) + ", one by one " + want.value(i));
                    }
                }
                placing += have.positions();
                largest = Math.max(largest, have.size());
                byBlocks += positionsByBlocks(v, s);
            }
            // the blocks must carry most of the work, or this test would check little; in Lasker
            // a side with a man on the board may move it, so only its sectors without one place alone
            boolean lasker = v.name().equals("lasker");
            assertTrue(lasker ? byBlocks > 0 : byBlocks > placing / 2,
                v + ": " + byBlocks + " of " + placing + " placing positions by blocks");
            // buckets of 64 slots: the largest placing sector spreads over many of them (Lasker's
            // placing sectors, the few whose moves all leave them, are small)
            assertTrue(lasker || largest > 1000 * 64, v + ": largest placing sector " + largest);
        }
    }

    @Test
    void refusesBucketsAndRoundsThatCannotWork() {
        Variant v = Variant.standard(3, true);
        SectorGraph graph = SectorGraph.of(v);
        assertThrows(IllegalArgumentException.class,
            () -> new PlacingSolver(v, graph, INDEXES, new SolverThreads(1), true, 31, 1));
        assertThrows(IllegalArgumentException.class,
            () -> new PlacingSolver(v, graph, INDEXES, new SolverThreads(1), true, 10, 0));
    }

    /** The positions of a placing sector whose enemy mask the placing solver hands to a block. */
    private static long positionsByBlocks(Variant v, Sector s) {
        Edges e = new Edges(v, s, INDEXES);
        EnemyMajorWalk walk = new EnemyMajorWalk(s.w(), s.b(), 1 << 14);
        long n = 0;
        for (int u = 0; u < walk.units(); u++) {
            for (int k = walk.firstEnemy(u); k < walk.endEnemy(u); k++) {
                int enemy = walk.enemy(k);
                if (PlacingBlock.applies(e.placedIndex, e.placedIndex.prepareOwn(enemy), enemy)) {
                    n += Binomial.of(24 - s.b(), s.w());
                }
            }
        }
        return n;
    }

    @Test
    void anAsymmetricOwnMaskFillsOneBlockInColexOrder() {
        SplittableRandom rnd = new SplittableRandom(7);
        int checked = 0;
        for (int own = 3; own <= 9; own++) {
            for (int enemy = 1; enemy <= 9 && own + enemy <= 20; enemy++) {
                SectorIndex index = INDEXES.of(own, enemy);
                for (int trial = 0; trial < 200; trial++) {
                    int ownMask = randomMask(rnd, 0, own);
                    long prepared = index.prepareOwn(ownMask);
                    if (!index.asymmetric(prepared)) {
                        continue;
                    }
                    int enemyMask = randomMask(rnd, ownMask, enemy);
                    int renumbered = 0;
                    for (int p = enemyMask; p != 0; p &= p - 1) {
                        renumbered |= 1 << index.blockOrder(prepared, Integer.numberOfTrailingZeros(p));
                    }
                    assertEquals(index.rank(ownMask, enemyMask), index.blockStart(prepared) + Binomial.colex(renumbered));
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "only " + checked + " asymmetric own masks drawn");
    }

    private static int randomMask(SplittableRandom rnd, int taken, int men) {
        int mask = 0;
        while (Integer.bitCount(mask) < men) {
            int p = rnd.nextInt(24);
            if ((taken >>> p & 1) == 0) {
                mask |= 1 << p;
            }
        }
        return mask;
    }
}
