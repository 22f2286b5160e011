package org.merrills.retro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.SectorFileFormat;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorWriter;
import org.merrills.db.Value;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * A unit's files written behind the next unit's solve: the codes encoded from a result are the
 * file's, whatever the threads; units are committed in order, one at a time; a failed write
 * stops the run, and a run that fails keeps every unit solved before the one that failed.
 */
class WriteBehindTest {
    private static final String RULES = Variant.standard(3, true).fingerprint();

    @TempDir
    Path tmp;

    /** A result of {@code size} slots: holes, draws, distances, some past what a byte holds. */
    private static SolvedSector randomResult(long size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        SolvedSector s = new SolvedSector(Sector.parse("3-3-0-0"), size);
        s.fillHoles();
        for (long i = 0; i < size; i++) {
            int kind = rnd.nextInt(10);
            if (kind == 0) {
                continue;
            }
            s.set(i, kind == 1 ? Value.DRAW : kind == 2 ? Value.MAX_INLINE_DISTANCE + 1 + rnd.nextInt(3000)
                : kind == 3 ? Value.MAX_INLINE_DISTANCE : rnd.nextInt(200));
        }
        return s.tally();
    }

    @Test
    void theEncodedCodesReadAndWriteWhatTheResultHolds() throws Exception {
        for (long size : new long[] {1, (1 << 18) - 1, 1 << 18, 3L * (1 << 18) + 7}) {
            SolvedSector r = randomResult(size, size);
            HeapValues one = HeapValues.encode(r, new SolverThreads(1));
            HeapValues three = HeapValues.encode(r, new SolverThreads(3));
            assertEquals(size, one.size());
            for (long i = 0; i < size; i++) {
                int expected = r.isHole(i) ? Value.DRAW : r.value(i);
                assertEquals(expected, one.value(i), "slot " + i + " of " + size);
                assertEquals(expected, three.value(i), "slot " + i + " of " + size + ", three threads");
            }
            // the file from the codes is the file from the values, and it reads back the values
            Path byValues = tmp.resolve("values-" + size), byCodes = tmp.resolve("codes-" + size);
            try (Database a = Database.open(byValues, RULES, true); Database b = Database.open(byCodes, RULES, true)) {
                SectorMeta meta = SectorMeta.solved(r.positions(), r.wins(), r.losses(), r.draws(), r.longestWin(),
                    r.longestLoss(), "test", 0, 1);
                SectorWriter w = a.create("3-3-0-0", size);
                w.putAll(r::value);
                w.commit(meta);
                w = b.create("3-3-0-0", size);
                three.writeTo(w);
                w.commit(meta);
                assertArrayEquals(Files.readAllBytes(a.file("3-3-0-0")), Files.readAllBytes(b.file("3-3-0-0")));
                for (long i = 0; i < size; i += 7) {
                    assertEquals(r.value(i), b.reader("3-3-0-0").value(i), "slot " + i);
                }
            }
        }
    }

    private static WriteBehind.Job job(String sector, long size, long seed) {
        SolvedSector r = randomResult(size, seed);
        return new WriteBehind.Job(sector, HeapValues.encode(r, new SolverThreads(2)),
            SectorMeta.solved(r.positions(), r.wins(), r.losses(), r.draws(), r.longestWin(), r.longestLoss(), "test", 0, 1));
    }

    @Test
    void aUnitIsInTheDatabaseOnceTheNextIsSubmittedOrTheWriterClosed() {
        // made first, so that each submit follows the one before at once
        List<WriteBehind.Job> first = List.of(job("3-3-0-0", 1 << 22, 1), job("2-3-1-0", 1 << 22, 2));
        List<WriteBehind.Job> second = List.of(job("2-2-1-1", 1 << 22, 3));
        try (Database db = Database.open(tmp, RULES, true)) {
            WriteBehind writes = new WriteBehind(db);
            writes.submit(first);
            writes.submit(second);
            assertTrue(db.isComplete("3-3-0-0") && db.isComplete("2-3-1-0"), "the unit before a submit is written");
            writes.close();
            assertTrue(db.isComplete("2-2-1-1"), "closing lets the unit in flight finish");
        }
    }

    /**
     * A packing writer leaves each unit packed, with the values of its codes, while the run's
     * thread opens and unmaps the shared readers as a run does after each unit: the packer reads
     * the file through a reader of its own, which that cannot unmap.
     */
    @Test
    void aPackingWriterPacksEachFileWhileTheRunUnmapsItsReaders() throws Exception {
        List<WriteBehind.Job> units = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            units.add(job(k + "-3-1-0", (1 << 21) + 5 * k, 10 + k));
        }
        try (Database db = Database.open(tmp, RULES, true)) {
            WriteBehind writes = new WriteBehind(db, org.merrills.db.Packing.Options.defaults(), 2);
            for (WriteBehind.Job unit : units) {
                writes.submit(List.of(unit));
                for (int round = 0; round < 50; round++) { // the packing of the unit just submitted goes on meanwhile
                    for (WriteBehind.Job done : units) {
                        if (db.isComplete(done.sector())) {
                            db.reader(done.sector()).value(round);
                        }
                    }
                    db.closeReadersExcept(java.util.Set.of());
                }
            }
            writes.close();
            for (WriteBehind.Job unit : units) {
                org.merrills.db.SectorReader r = db.reader(unit.sector());
                assertTrue(r.isPacked(), unit.sector());
                for (long i = 0; i < unit.codes().size(); i += 3) {
                    assertEquals(unit.codes().value(i), r.value(i), unit.sector() + " slot " + i);
                }
            }
        }
    }

    @Test
    void aFailedWriteIsThrownAtTheNextSubmitAndAtClose() {
        WriteBehind.Job good = job("3-3-0-0", 100, 4);
        // names the database refuses: such a write fails on the writer's thread
        List<WriteBehind.Job> bad = List.of(new WriteBehind.Job("no such name!", good.codes(), good.meta()));
        List<WriteBehind.Job> again = List.of(new WriteBehind.Job("again!", good.codes(), good.meta()));
        List<WriteBehind.Job> andAgain = List.of(new WriteBehind.Job("and again!", good.codes(), good.meta()));
        try (Database db = Database.open(tmp, RULES, true)) {
            WriteBehind writes = new WriteBehind(db);
            writes.submit(bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> writes.submit(List.of(good)));
            assertTrue(e.getMessage().contains("bad sector name 'no such name!'"), e.getMessage());
            assertFalse(db.isComplete("3-3-0-0"), "nothing after a failed unit is written");

            writes.submit(again);
            assertThrows(IllegalArgumentException.class, writes::close);

            WriteBehind more = new WriteBehind(db);
            more.submit(andAgain);
            RuntimeException stopped = new RuntimeException("what stopped the run");
            more.close(stopped);
            assertEquals(1, stopped.getSuppressed().length, "the write's failure goes with what stopped the run");
            assertTrue(stopped.getSuppressed()[0].getMessage().contains("'and again!'"));
        }
    }

    /**
     * A run stopped in its third unit (here by its listener) keeps the two units before it,
     * the second of which was still being written when the third started, and their files are
     * those of a run that went through.
     */
    @Test
    void aRunThatFailsKeepsEveryUnitSolvedBeforeIt() throws Exception {
        Variant v = Variant.standard(3, true);
        List<Sector> all = SectorGraph.of(v).sectors();
        Path whole = tmp.resolve("whole"), part = tmp.resolve("part");
        try (Database db = Database.open(whole, v.fingerprint(), true)) {
            new SolveRunner(db, v, Indexes.standard(), 2).run(all, new SolveRunner.Listener() { });
        }
        List<Sector> finished = new ArrayList<>();
        IllegalStateException stop = new IllegalStateException("stopped in the third unit");
        try (Database db = Database.open(part, v.fingerprint(), true)) {
            int[] units = {0};
            IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                new SolveRunner(db, v, Indexes.standard(), 2).run(all, new SolveRunner.Listener() {
                    @Override
                    public void started(List<Sector> sectors, long positions) {
                        if (++units[0] == 3) {
                            throw stop;
                        }
                    }

                    @Override
                    public void finished(SolvedSector sector, SectorMeta meta) {
                        finished.add(sector.sector());
                    }
                }));
            assertSame(stop, e);
            assertTrue(finished.size() >= 2, finished.toString());
            for (Sector s : all) {
                assertEquals(finished.contains(s), db.isComplete(s.name()), s + " in the database after the failed run");
            }
        }
        for (Sector s : finished) {
            assertArrayEquals(Files.readAllBytes(whole.resolve(s.name() + SectorFileFormat.SUFFIX)),
                Files.readAllBytes(part.resolve(s.name() + SectorFileFormat.SUFFIX)), s.name());
        }
    }
}
