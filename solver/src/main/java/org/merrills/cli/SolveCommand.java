package org.merrills.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.merrills.db.Database;
import org.merrills.db.FileKind;
import org.merrills.db.Packing;
import org.merrills.db.SectorMeta;
import org.merrills.db.Value;
import org.merrills.probe.json.Json;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.retro.SolveRunner;
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
        "Before it starts it checks that the disk and the memory will do. Prints progress while it "
        + "works and a summary table at the end (with --json, one JSON object instead)."})
public final class SolveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Mixin
    ThreadsOption threadsOption;

    @Mixin
    RuleOptions rules;

    @Option(names = "--sector", paramLabel = "W-B-WF-BF", split = ",",
        description = "Sectors to solve (default: all); their dependencies come along.")
    List<String> sectors;


    @Option(names = "--pack", description = {"Keep the database packed: each sector's file is packed as soon as it "
        + "is written (as 'merrills pack' does, every value and distance kept), and plain files already in the "
        + "database (a run without --pack, or one stopped between a write and its packing) are packed first. About "
        + "a third of the disk of plain files, for the games whose plain files outgrow the disk (Lasker 133 GB, "
        + "Morabaraba 112 GB)."})
    boolean pack;

    @Option(names = "--json", description = "Print the summary as one JSON object.")
    boolean json;

    /** One solved sector of the summary. */
    record SectorRow(String sector, long positions, long wins, long draws, long losses, Integer longestWin,
                     Integer longestLoss, double seconds) {
    }

    /** Counts over many sectors. */
    record Totals(int sectors, long positions, long wins, long draws, long losses) {
    }

    /** The value of the opening, once its sector is solved. */
    record Opening(String position, String value, Integer distance, String forSide) {
    }

    /**
     * The JSON summary of a run; {@code solvedBytes} is what the files of the sectors solved take
     * on disk (packed or plain).
     */
    record Summary(String database, String rules, int threads, double seconds, List<String> notes,
                   List<SectorRow> solved, Totals solvedTotal, long solvedBytes, Totals game, int gameSectors,
                   Opening opening) {
    }

    @Override
    public Integer call() {
        Path db = dbOption.dir;
        Variant variant = rules.variant();
        int men = variant.men();
        int n = threadsOption.count();
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
        BoardIndexes indexes = Indexes.standard();
        boolean fresh = !Files.exists(db);
        if (fresh) { // checked before the directory is made: a refusal leaves nothing behind
            SolveRunner.requireInGame(graph, variant, targets);
            SolveResources.check(db, graph.closure(targets), indexes, graph, pack);
        }
        long start = System.nanoTime();
        List<Sector> solved;
        try (Database database = Database.open(db, variant.fingerprint(), true);
             Progress progress = Progress.of(spec.commandLine().getErr(), "solving", Eta.SOLVING, graph)) {
            database.notes().forEach(progress::log);
            progress.measuredBefore(database.catalogue(), n);
            if (pack) {
                packPlainFiles(database, progress, n);
            }
            SolveRunner runner = new SolveRunner(database, variant, indexes, n, pack ? Packing.Options.defaults() : null);
            List<Sector> todo = runner.plan(targets);
            if (!fresh) { // a new database holds nothing yet: checked above already
                SolveResources.check(db, todo, indexes, graph, pack);
            }
            try {
                solved = runner.run(targets, progress);
            } catch (OutOfMemoryError e) {
                throw new ExitStatus.OutOfResourcesException("out of memory while solving (the JVM may use "
                    + Resources.gib(Runtime.getRuntime().maxMemory()) + "); the sectors solved so far are kept and the "
                    + "database is as it was before the sector in hand; give the JVM more with MERRILLS_JAVA_OPTS=-Xmx<size> "
                    + "(README, \"Memory and threads\") and run again to resume");
            }
            progress.close();
            double seconds = (System.nanoTime() - start) / 1e9;
            Summary summary = summary(database, variant, graph, indexes, solved, n, seconds);
            if (json) {
                out.println(Json.line(summary));
            } else {
                printSummary(out, summary);
            }
        }
        out.flush();
        return 0;
    }

    private Summary summary(Database database, Variant variant, SectorGraph graph, BoardIndexes indexes,
                            List<Sector> solved, int threads, double seconds) {
        SortedMap<String, SectorMeta> rows = database.catalogue();
        List<SectorRow> list = new ArrayList<>();
        long p = 0, w = 0, l = 0, d = 0, bytes = 0;
        for (Sector s : solved) {
            bytes += fileSize(database.file(s.name()));
            SectorMeta m = rows.get(s.name());
            if (m == null) {
                throw new IllegalStateException("sector " + s + " was written but has no catalogue row");
            }
            list.add(new SectorRow(s.name(), m.positions(), m.wins(), m.draws(), m.losses(),
                m.longestWin() < 0 ? null : m.longestWin(), m.longestLoss() < 0 ? null : m.longestLoss(),
                m.wallMillis() / 1e3));
            p += m.positions();
            w += m.wins();
            l += m.losses();
            d += m.draws();
        }
        long gp = 0, gw = 0, gl = 0, gd = 0;
        int present = 0;
        for (Sector s : graph.sectors()) {
            SectorMeta m = rows.get(s.name());
            if (m != null) {
                present++;
                gp += m.positions();
                gw += m.wins();
                gl += m.losses();
                gd += m.draws();
            }
        }
        Opening opening = null;
        int men = variant.men();
        Sector first = new Sector(0, 0, men, men);
        if (database.isComplete(first.name())) {
            int v = database.reader(first.name()).value(indexes.of(first).rank(0, 0));
            opening = new Opening(Position.opening(men).toString(), Value.kind(v), Value.isDraw(v) ? null : v, "white");
        }
        return new Summary(database.directory().toString(), variant.fingerprint(), threads, seconds, database.notes(), list,
            new Totals(list.size(), p, w, d, l), bytes, new Totals(present, gp, gw, gd, gl), graph.sectors().size(), opening);
    }

    private void printSummary(PrintWriter out, Summary s) {
        if (s.solved().isEmpty()) {
            out.println("nothing to solve: every sector asked for is already in the database");
        } else {
            String head = "%-10s %14s %14s %14s %14s %8s %8s %9s%n";
            out.printf(head, "sector", "positions", "wins", "draws", "losses", "longest", "longest", "seconds");
            out.printf(head, "", "", "", "", "", "win", "loss", "");
            for (SectorRow r : s.solved()) {
                out.printf(Locale.ROOT, "%-10s %,14d %,14d %,14d %,14d %8s %8s %9.1f%n", r.sector(), r.positions(), r.wins(),
                    r.draws(), r.losses(), plies(r.longestWin()), plies(r.longestLoss()), r.seconds());
            }
            Totals t = s.solvedTotal();
            out.printf(Locale.ROOT, "%-10s %,14d %,14d %,14d %,14d%n", "total", t.positions(), t.wins(), t.draws(), t.losses());
            out.printf(Locale.ROOT, "%-10s %,14d bytes on disk (%s), %.3f bits per position%n", "files", s.solvedBytes(),
                pack ? "packed" : "plain", 8.0 * s.solvedBytes() / Math.max(1, t.positions()));
        }
        Totals g = s.game();
        out.printf(Locale.ROOT, "%-10s %,14d %,14d %,14d %,14d   (%d of the game's %d sectors in the database)%n",
            "game", g.positions(), g.wins(), g.draws(), g.losses(), g.sectors(), s.gameSectors());
        if (s.opening() != null) {
            out.println("opening " + s.opening().position() + " (" + rules.variant() + "): "
                + (s.opening().distance() == null ? "draw" : s.opening().value() + " in " + s.opening().distance())
                + " for white");
        }
        out.printf(Locale.ROOT, "solved %d sectors in %.1f s with %d threads into %s%n", s.solved().size(), s.seconds(),
            s.threads(), s.database());
    }

    /**
     * Packs, in place, every catalogued sector whose file is plain: a database solved with
     * {@code --pack} stays packed even when a run was stopped between a unit's write and its
     * packing (the end of a session stops a long run anywhere), or began without {@code --pack}.
     */
    private static void packPlainFiles(Database database, Progress progress, int threads) {
        List<String> plain = new ArrayList<>();
        for (String sector : database.catalogue().keySet()) {
            if (!isPacked(database.file(sector))) {
                plain.add(sector);
            }
        }
        if (plain.isEmpty()) {
            return;
        }
        progress.log("packing the " + plain.size() + " sectors the database holds as plain files first");
        long start = System.nanoTime(), before = 0, after = 0;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (String sector : plain) {
                Packing.Outcome o = Packing.pack(database, database, sector, Packing.Options.defaults(), pool);
                before += o.before();
                after += o.after();
            }
        } finally {
            pool.shutdownNow();
        }
        progress.log(String.format(Locale.ROOT, "packed %d sectors: %,d -> %,d bytes in %.1f s", plain.size(), before,
            after, (System.nanoTime() - start) / 1e9));
    }

    /** Whether a catalogued sector's file is packed (its magic says so). */
    private static boolean isPacked(Path file) {
        try {
            return FileKind.of(file) == FileKind.PACKED;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + file + ": " + e.getMessage(), e);
        }
    }

    private static String plies(Integer d) {
        return d == null ? "-" : Integer.toString(d);
    }
}
