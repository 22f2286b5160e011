package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.retro.SolveRunner;
import org.merrills.retro.SolvedSector;
import org.merrills.rules.Position;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code merrills solve}: the strong solution, sector by sector, into a database; resumable. */
@Command(name = "solve", mixinStandardHelpOptions = true,
    description = {"Solves sectors (default: every sector of the game) and everything they depend on, "
        + "in dependency order, into the database. Sectors already complete in the database are "
        + "skipped, so a run stopped at any moment resumes where it stopped.",
        "Prints progress while it works and a summary table at the end."})
public final class SolveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Mixin
    RuleOptions rules;

    @Option(names = "--sector", paramLabel = "W-B-WF-BF", split = ",",
        description = "Sectors to solve (default: all); their dependencies come along.")
    List<String> sectors;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;


    @Override
    public Integer call() throws Exception {
        Path db = dbOption.dir;
        Variant variant = rules.variant();
        int men = variant.men();
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1 || n > 1024) {
            throw new IllegalArgumentException("--threads must be 1 to 1024, got " + n);
        }
        SectorGraph graph = SectorGraph.of(variant);
        List<Sector> targets = new ArrayList<>();
        if (sectors == null || sectors.isEmpty()) {
            targets.addAll(graph.sectors());
        } else {
            for (String name : sectors) {
                targets.add(Sector.parse(name));
            }
        }
        Databases.checkRules(db, variant);
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = new Progress(spec.commandLine().getErr(), System.console() != null);
        BoardIndexes indexes = Indexes.standard();
        long start = System.nanoTime();
        List<SolvedSector> solved;
        try (Database database = Database.open(db, variant.fingerprint(), true)) {
            for (String leftover : database.cleanedUp()) {
                progress.log("removed leftover " + leftover + " from an interrupted run");
            }
            solved = new SolveRunner(database, variant, indexes, n).run(targets, progress);
            progress.done();
            printSummary(out, solved, database);
            Sector opening = new Sector(0, 0, men, men);
            if (database.isComplete(opening.name())) {
                int v = database.reader(opening.name()).value(indexes.of(opening).rank(0, 0));
                out.println("opening " + Position.opening(men) + " (" + variant + "): " + Value.describe(v)
                    + " for white");
            }
        }
        out.printf(Locale.ROOT, "solved %d sectors in %.1f s with %d threads into %s%n", solved.size(),
            (System.nanoTime() - start) / 1e9, n, db);
        out.flush();
        return 0;
    }

    private static void printSummary(PrintWriter out, List<SolvedSector> solved, Database database) {
        if (solved.isEmpty()) {
            out.println("nothing to solve: every sector asked for is already in the database");
            return;
        }
        out.printf("%-10s %14s %14s %14s %14s %8s %8s %9s%n", "sector", "positions", "wins", "losses", "draws",
            "longest", "longest", "seconds");
        out.printf("%-10s %14s %14s %14s %14s %8s %8s %9s%n", "", "", "", "", "", "win", "loss", "");
        long p = 0, w = 0, l = 0, d = 0;
        for (SolvedSector s : solved) {
            SectorMeta m = database.catalogue().get(s.sector().name());
            out.printf(Locale.ROOT, "%-10s %,14d %,14d %,14d %,14d %8s %8s %9.1f%n", s.sector(), s.positions(), s.wins(),
                s.losses(), s.draws(), plies(s.longestWin()), plies(s.longestLoss()), m == null ? 0.0 : m.wallMillis() / 1e3);
            p += s.positions();
            w += s.wins();
            l += s.losses();
            d += s.draws();
        }
        out.printf(Locale.ROOT, "%-10s %,14d %,14d %,14d %,14d%n", "total", p, w, l, d);
    }

    private static String plies(int d) {
        return d < 0 ? "-" : Integer.toString(d);
    }
}
