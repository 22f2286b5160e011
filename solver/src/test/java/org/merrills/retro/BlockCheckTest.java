package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.merrills.db.Value;
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
 * The verifier's check of positions by blocks of one enemy mask ({@link BlockCheck}) against the
 * one-ply recomputation with the test's own move generator ({@link ForwardCheck}), on values that
 * are no solution: every position's value drawn at random, so that every kind of child (a quiet
 * placement or board move, a flying move, a capture, a capture that leaves too few men; in Lasker
 * placements and board moves of one position, from two blocks) decides some positions, and most
 * stored values are wrong. Whatever the values, the verifier must name exactly the positions
 * whose stored value differs from what their children give, with that value.
 */
class BlockCheckTest {
    private static final BoardIndexes INDEXES = Indexes.standard();

    @Test
    void everyPositionOnRandomValuesIsJudgedAsTheForwardCheckJudgesIt() {
        // The moving sectors of one game only (flying and stepping men, the enemy with and without
        // men in hand): the block arithmetic does not depend on the variant's mills, and the forward
        // check costs about 10 us a position, 20 s or more per four-men game's moving sectors.
        record Game(Variant variant, boolean moving) {
        }
        for (Game g : new Game[] {new Game(Variant.standard(4, true), true), new Game(Variant.morabaraba(4, true), false),
            new Game(Variant.standard(4, false), false), new Game(Variant.lasker(4, true), false)}) {
            Variant v = g.variant();
            SolvedValues random = BlockCheckTest::randomValue;
            ForwardCheck forward = new ForwardCheck(v, INDEXES);
            long[] checked = new long[2], byBlocks = new long[2], wrong = new long[2];
            for (Sector s : SectorGraph.of(v).sectors()) {
                int kind = s.wf() == 0 ? 1 : 0;
                if (kind == 1 && !g.moving()) {
                    continue;
                }
                Verifier.Report r = Verifier.check(v, INDEXES, s, random, 2, null, 1, Integer.MAX_VALUE, p -> { });
                Map<Long, Verifier.Disagreement> named = new HashMap<>();
                r.first().forEach(d -> named.put(d.index(), d));
                assertEquals(r.wrong(), named.size(), s + ": every disagreement kept once");
                SectorIndex index = INDEXES.of(s);
                long disagree = 0;
                for (long i = 0; i < index.size(); i++) {
                    long packed = index.unrank(i);
                    if (packed == SectorIndex.HOLE) {
                        continue;
                    }
                    int want = forward.expected(s, SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), random);
                    Verifier.Disagreement d = named.get(i);
                    if (want == random.value(s, i)) {
                        assertNull(d, s + " index " + i + ": agrees with its children, but named");
                    } else {
                        disagree++;
                        assertTrue(d != null, s + " index " + i + ": stored " + random.value(s, i) + ", children say " + want
                            + ", not named");
                        assertEquals(want, d.expected(), s + " index " + i);
                    }
                }
                assertEquals(disagree, r.wrong(), s.toString());
                checked[kind] += r.checked();
                wrong[kind] += disagree;
                byBlocks[kind] += positionsByBlocks(v, s);
            }
            for (int kind = 0; kind < (g.moving() ? 2 : 1); kind++) {
                String what = v + (kind == 0 ? ", placing" : ", moving");
                assertTrue(byBlocks[kind] > checked[kind] / 2, what + ": " + byBlocks[kind] + " of " + checked[kind] + " by blocks");
                assertTrue(wrong[kind] > checked[kind] / 2, what + ": random values, yet only " + wrong[kind] + " of " + checked[kind] + " wrong");
            }
        }
    }

    /** A value for every position of every sector, fixed by the two: a draw, or a win or loss in 0 to 30 plies. */
    private static int randomValue(Sector s, long index) {
        long h = (index + 1) * 0x9E3779B97F4A7C15L ^ s.hashCode() * 0xC2B2AE3D27D4EB4FL;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        int v = (int) Math.floorMod(h, 32L) - 1;
        return v < 0 ? Value.DRAW : v;
    }

    /**
     * The positions of a sector whose enemy mask the verifier checks by blocks: the enemy mask is
     * asymmetric in the sector of each kind of quiet child the mover has (placements while it
     * holds men, board moves where it may move one).
     */
    private static long positionsByBlocks(Variant v, Sector s) {
        Edges e = new Edges(v, s, INDEXES);
        EnemyMajorWalk walk = new EnemyMajorWalk(s.w(), s.b(), 1 << 14);
        long positions = Binomial.of(24 - s.b(), s.w());
        long n = 0;
        for (int k = 0, end = walk.endEnemy(walk.units() - 1); k < end; k++) {
            int enemy = walk.enemy(k);
            if (positions >= BlockCheck.MIN_POSITIONS && v.moves().removable(enemy) != 0
                && (e.placed != null || e.moved != null)
                && (e.placed == null || e.placedIndex.asymmetric(e.placedIndex.prepareOwn(enemy)))
                && (e.moved == null || e.movedIndex.asymmetric(e.movedIndex.prepareOwn(enemy)))) {
                n += positions;
            }
        }
        return n;
    }
}
