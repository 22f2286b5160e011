package org.merrills.probe;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.Packing;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.retro.SolveRunner;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;

/**
 * A probe that stays open (a server's) while a pack replaces the files it reads: it keeps
 * answering the same values, and it lets go of each replaced file, so that the file's disk space
 * comes back (before, {@code /proc/self/maps} kept every plain file a server had read, deleted,
 * until the server stopped).
 */
class OpenSectorsTest {
    private static final Variant FOUR = Variant.standard(4, true);

    @TempDir
    static Path tmp;

    @BeforeAll
    static void solveOnce() {
        try (Database db = Database.open(tmp.resolve("solved"), FOUR.fingerprint(), true)) {
            new SolveRunner(db, FOUR, Indexes.standard(), 2).run(SectorGraph.of(FOUR).sectors(), new SolveRunner.Listener() { });
        }
    }

    private static Path copyOfSolved(String name) throws IOException {
        Path to = Files.createDirectories(tmp.resolve(name));
        try (var files = Files.list(tmp.resolve("solved"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (f.toString().endsWith(".msdb") || f.getFileName().toString().equals(Database.CATALOGUE_FILE)) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
        return to;
    }

    /** Positions spread over every sector, either side to move. */
    private static List<Position> positions(int count, long seed) {
        Random rnd = new Random(seed);
        List<Sector> sectors = SectorGraph.of(FOUR).sectors();
        List<Position> out = new ArrayList<>();
        while (out.size() < count) {
            Sector s = sectors.get(out.size() % sectors.size());
            SectorIndex index = Indexes.standard().of(s);
            long packed = index.unrank(Math.floorMod(rnd.nextLong(), index.size()));
            if (packed == SectorIndex.HOLE) {
                continue;
            }
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            out.add(rnd.nextBoolean() ? new Position(own, enemy, s.wf(), s.bf(), Side.WHITE)
                : new Position(enemy, own, s.bf(), s.wf(), Side.BLACK));
        }
        return out;
    }

    private static int[] values(Probe probe, List<Position> ps) {
        int[] v = new int[ps.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = probe.value(ps.get(i));
        }
        return v;
    }

    /** The values of {@code ps} in the solved database, which no test rewrites. */
    private static int[] solvedValues(List<Position> ps) throws Exception {
        try (Probe probe = Probe.open(tmp.resolve("solved"), FOUR)) {
            return values(probe, ps);
        }
    }

    /** Repacks every sector of {@code dir} in place: packed when {@code pack}, else plain again. */
    private static void rewriteAll(Path dir, boolean pack) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Database db = Database.open(dir, FOUR.fingerprint(), true)) {
            for (String sector : db.catalogue().keySet()) {
                if (pack) {
                    Packing.pack(db, db, sector, Packing.Options.defaults(), pool);
                } else {
                    Packing.unpack(db, db, sector);
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    /** The mappings of this process of files of {@code dir} that are gone from it (deleted or replaced). */
    private static List<String> deletedMappings(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            if (line.contains(dir.toString()) && line.endsWith("(deleted)")) {
                out.add(line);
            }
        }
        return out;
    }

    /** Waits up to 20 s for the replaced files to be let go; what is still mapped, in short. */
    private static String awaitNoDeletedMappings(Path dir) throws Exception {
        long end = System.nanoTime() + 20_000_000_000L;
        List<String> left = deletedMappings(dir);
        while (!left.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(100);
            left = deletedMappings(dir);
        }
        return left.isEmpty() ? "" : left.size() + " mappings, the first " + left.get(0);
    }

    @Test
    void aPackInPlaceGivesBackTheReplacedFilesAndKeepsEveryValue() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/maps")), "needs Linux's /proc/self/maps");
        Path dir = copyOfSolved("pack-in-place");
        List<Position> ps = positions(2_000, 7);
        int[] expected = solvedValues(ps);
        try (Probe probe = Probe.open(dir, FOUR)) {
            assertArrayEquals(expected, values(probe, ps)); // every sector's plain file mapped
            rewriteAll(dir, true);
            assertFalse(deletedMappings(dir).isEmpty(), "the probe still maps the plain files just after the pack");
            assertEquals("", awaitNoDeletedMappings(dir), "replaced files still mapped");
            assertArrayEquals(expected, values(probe, ps));
        }
        try (Probe fresh = Probe.open(dir, FOUR)) { // and those values are the packed files' own
            assertArrayEquals(expected, values(fresh, ps));
        }
    }

    @Test
    void readsOnManyThreadsStayRightWhileEveryFileIsReplacedAgainAndAgain() throws Exception {
        Path dir = copyOfSolved("replaced-under-load");
        List<Position> ps = positions(4_000, 11);
        int[] expected = solvedValues(ps);
        try (Probe probe = Probe.open(dir, FOUR)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong reads = new AtomicLong();
            ExecutorService readers = Executors.newFixedThreadPool(4);
            List<Future<String>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                results.add(readers.submit(() -> {
                    Random rnd = new Random(seed);
                    while (!stop.get()) {
                        int i = rnd.nextInt(ps.size());
                        int v = probe.value(ps.get(i));
                        if (v != expected[i]) {
                            return ps.get(i) + ": " + v + ", expected " + expected[i];
                        }
                        reads.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (int round = 0; round < 3; round++) {
                rewriteAll(dir, true);
                Thread.sleep(OpenSectors.WATCH_MILLIS + 300); // let the watcher swap readers under the reads
                rewriteAll(dir, false);
                Thread.sleep(OpenSectors.WATCH_MILLIS + 300);
            }
            stop.set(true);
            for (Future<String> f : results) {
                assertNull(f.get());
            }
            readers.shutdown();
            assertTrue(reads.get() > 10_000, "reads during the rewrites: " + reads.get());
            if (Files.isReadable(Path.of("/proc/self/maps"))) {
                assertEquals("", awaitNoDeletedMappings(dir), "replaced files still mapped");
            }
        }
    }
}
