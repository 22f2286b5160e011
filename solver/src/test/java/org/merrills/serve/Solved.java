package org.merrills.serve;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.merrills.db.Database;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.retro.SolveRunner;
import org.merrills.rules.Variant;

/** Small databases for the server's tests, solved in-process into a directory. */
final class Solved {
    private Solved() {
    }

    /** Solves the named sectors (and what they depend on) of the game with {@code men} men each, flying on; none: all. */
    static void solve(Path dir, int men, String... sectors) {
        Variant v = Variant.of(men, true);
        List<Sector> targets = new ArrayList<>();
        for (String s : sectors) {
            targets.add(Sector.parse(s));
        }
        if (targets.isEmpty()) {
            targets.addAll(SectorGraph.of(men).sectors());
        }
        try (Database db = Database.open(dir, v.fingerprint(), true)) {
            new SolveRunner(db, v, Indexes.standard(), 1).run(targets, new SolveRunner.Listener() { });
        }
    }
}
