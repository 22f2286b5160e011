package org.merrills.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.merrills.db.Database;
import org.merrills.db.Packing;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.probe.Probe;
import org.merrills.retro.SolveRunner;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;

/**
 * A solved database for the lookup benchmarks: the game with {@code merrills.bench.men} men each
 * (default 4), solved into a temporary directory (deleted on close), or the directory
 * {@code merrills.bench.db} names; and random positions spread over all its sectors.
 */
final class SolvedGame implements AutoCloseable {
    final Variant variant;
    final Probe probe;
    private final Path tempDir;

    private SolvedGame(Variant variant, Probe probe, Path tempDir) {
        this.variant = variant;
        this.probe = probe;
        this.tempDir = tempDir;
    }

    static SolvedGame open(String tempPrefix) throws IOException {
        return open(tempPrefix, "merrills.bench.db", false);
    }

    /**
     * The database the system property {@code dbProperty} names, or the game solved into a
     * temporary directory, every sector then packed when {@code pack} is set.
     */
    static SolvedGame open(String tempPrefix, String dbProperty, boolean pack) throws IOException {
        int men = Integer.getInteger("merrills.bench.men", 4);
        Variant variant = Variant.standard(men, true);
        String given = System.getProperty(dbProperty);
        Path dir;
        Path temp = null;
        if (given != null) {
            dir = Path.of(given);
        } else {
            temp = Files.createTempDirectory(tempPrefix);
            dir = temp;
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try (Database db = Database.open(dir, variant.fingerprint(), true)) {
                new SolveRunner(db, variant, Indexes.standard(), Runtime.getRuntime().availableProcessors())
                    .run(SectorGraph.of(variant).sectors(), new SolveRunner.Listener() { });
                if (pack) {
                    for (String sector : db.catalogue().keySet()) {
                        Packing.pack(db, db, sector, Packing.Options.defaults(), pool);
                    }
                }
            } finally {
                pool.shutdown();
            }
        }
        return new SolvedGame(variant, Probe.open(dir, variant), temp);
    }

    /** The sectors of the game. */
    List<Sector> sectors() {
        return SectorGraph.of(variant).sectors();
    }

    /** {@code count} random positions of every sector, both colours to move; probed once, so every page is mapped. */
    Position[] positions(int count) {
        Position[] out = randomPositions(sectors(), count, 11);
        for (Position p : out) {
            probe.moves(p);
        }
        return out;
    }

    /** {@code count} random positions of the given sectors, both colours to move. */
    static Position[] randomPositions(List<Sector> sectors, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position[] out = new Position[count];
        for (int i = 0; i < count; ) {
            Sector s = sectors.get(rnd.nextInt(sectors.size()));
            SectorIndex index = Indexes.standard().of(s);
            long packed = index.unrank(rnd.nextLong(index.size()));
            if (packed == SectorIndex.HOLE) {
                continue;
            }
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            out[i++] = rnd.nextBoolean() ? new Position(own, enemy, s.wf(), s.bf(), Side.WHITE)
                : new Position(enemy, own, s.bf(), s.wf(), Side.BLACK);
        }
        return out;
    }

    @Override
    public void close() throws Exception {
        probe.close();
        if (tempDir != null) {
            try (var files = Files.walk(tempDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
    }
}
