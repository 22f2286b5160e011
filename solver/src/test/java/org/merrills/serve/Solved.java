package org.merrills.serve;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.merrills.db.Database;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.retro.SolveRunner;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;

/** Small databases for the server's tests, solved in-process into a directory. */
final class Solved {
    private Solved() {
    }

    /** Solves the named sectors (and what they depend on) of the game with {@code men} men each, flying on; none: all. */
    static void solve(Path dir, int men, String... sectors) {
        solve(dir, Variant.standard(men, true), sectors);
    }

    /** Solves the named sectors (and what they depend on) of variant {@code v}; none: all. */
    static void solve(Path dir, Variant v, String... sectors) {
        List<Sector> targets = new ArrayList<>();
        for (String s : sectors) {
            targets.add(Sector.parse(s));
        }
        if (targets.isEmpty()) {
            targets.addAll(SectorGraph.of(v).sectors());
        }
        try (Database db = Database.open(dir, v.fingerprint(), true)) {
            new SolveRunner(db, v, Indexes.standard(), 1).run(targets, new SolveRunner.Listener() { });
        }
    }

    /** {@code count} positions of the game with {@code men} men each, spread over its sectors, either side to move. */
    static List<String> randomPositions(int men, int count, long seed) {
        Random rnd = new Random(seed);
        List<Sector> sectors = SectorGraph.of(Variant.standard(men, true)).sectors();
        List<String> positions = new ArrayList<>();
        while (positions.size() < count) {
            Sector s = sectors.get(positions.size() % sectors.size());
            SectorIndex index = Indexes.standard().of(s);
            long packed = index.unrank(Math.floorMod(rnd.nextLong(), index.size()));
            int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
            positions.add(rnd.nextBoolean() ? new Position(own, enemy, s.wf(), s.bf(), Side.WHITE).toString()
                : new Position(enemy, own, s.bf(), s.wf(), Side.BLACK).toString());
        }
        return positions;
    }
}
