package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.merrills.db.Database;
import org.merrills.db.DatabaseException;
import org.merrills.db.FileChecks;
import org.merrills.db.VerifyJournal;
import org.merrills.db.Value;
import org.merrills.probe.json.Json;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.retro.CopiedValues;
import org.merrills.retro.SolveRunner;
import org.merrills.retro.SolvedValues;
import org.merrills.retro.Verifier;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code merrills verify}: every file checked in full, then every stored value recomputed from its
 * children with the forward move generator, independently of the solver's counters and unmoves.
 * Writes nothing but its {@link VerifyJournal}, so that a check of hours can stop and go on: on a
 * read-only database it checks all the same, only a later run cannot resume from it (with
 * {@code --repair} it first repairs, which needs write access).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Checks a database: first every file in full (header, rule fingerprint, every "
        + "checksum), then recomputes each stored value from its children with the forward move "
        + "generator and reports every disagreement. Exit status 4 if anything is damaged or wrong.",
        "--sample K checks K random positions per sector instead of all; --repair first sets damaged "
        + "files aside and rebuilds the catalogue (as 'merrills repair').",
        "A full check goes on where an earlier one stopped: the sectors it found right against the same "
        + "files (recorded in the database's " + VerifyJournal.FILE_NAME + ") are not checked again; "
        + "--fresh checks them all."})
public final class VerifyCommand implements Callable<Integer> {
    private static final int MAX_REPORTED = 20;

    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Mixin
    ThreadsOption threadsOption;

    @Mixin
    DatabaseRules rules;

    @Option(names = "--sector", paramLabel = "W-B-WF-BF", split = ",", description = "Sectors to check (default: all).")
    List<String> sectors;

    @Option(names = "--sample", description = "Random positions per sector (default: every position).")
    Long sample;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of --sample (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--repair", description = "Repair first (needs write access): see 'merrills repair'.")
    boolean repair;

    @Option(names = "--fresh", description = "Check every sector again, ignoring what earlier runs recorded in "
        + VerifyJournal.FILE_NAME + ".")
    boolean fresh;

    @Option(names = "--json", description = "Print the summary as one JSON object.")
    boolean json;

    /** A file that failed its full check. */
    record DamagedFile(String sector, String problem) {
    }

    /** One sector's values checked. */
    record SectorCheck(String sector, long checked, long wrong, double seconds) {
    }

    /** The JSON summary. */
    record Summary(String database, String rules, int files, List<DamagedFile> damaged, List<SectorCheck> sectors,
                   List<String> verifiedEarlier, long wrong, boolean ok) {
    }

    @Override
    public Integer call() throws Exception {
        Path db = dbOption.dir;
        PrintWriter out = spec.commandLine().getOut();
        if (sample != null && sample < 1) {
            throw new IllegalArgumentException("--sample must be 1 or more, got " + sample);
        }
        Variant variant = Probes.variantOf(db);
        if (repair) {
            for (String line : Database.repair(db, variant.fingerprint())) {
                spec.commandLine().getErr().println("repair: " + line);
            }
        }
        rules.check(db, variant);
        Set<String> present = new LinkedHashSet<>(Database.sectorFiles(db));
        List<String> names = new ArrayList<>();
        if (sectors == null || sectors.isEmpty()) {
            // In solve order: a sector's children come just before it, so they are likely still
            // in the page cache when its values are checked against them.
            for (Sector s : SectorGraph.of(variant).sectors()) {
                if (present.contains(s.name())) {
                    names.add(s.name());
                }
            }
            Set<String> inGame = new HashSet<>(names);
            for (String name : present) {
                if (!inGame.contains(name)) {
                    names.add(name);
                }
            }
        } else {
            for (String s : sectors) {
                String name = Sector.parse(s).name();
                if (!present.contains(name)) {
                    throw new ExitStatus.MissingDataException("sector " + name + " is not in the database " + db
                        + "; compute it with: merrills solve --db " + db + " --variant " + variant.name() + " --men " + variant.men()
                        + (variant.flying() ? "" : " --no-flying") + " --sector " + name);
                }
                names.add(name);
            }
        }
        int n = threadsOption.count();
        List<DamagedFile> damaged = new ArrayList<>();
        List<SectorCheck> checks = new ArrayList<>();
        List<String> earlier = new ArrayList<>();
        Map<String, Long> checksums = new HashMap<>();
        long wrong = 0;
        try (Database database = Database.open(db, variant.fingerprint(), false);
             Progress progress = Progress.of(spec.commandLine().getErr(), "checking", Eta.CHECKING, null)) {
            for (FileChecks.Result r : checkFiles(database, names, n, progress)) {
                if (r.sound()) {
                    checksums.put(r.sector(), r.checksum());
                } else {
                    damaged.add(new DamagedFile(r.sector(), ExitStatus.of(r.problem()).message()));
                    if (!json) {
                        out.println("FILE " + r.sector() + ": " + r.problem().getMessage());
                    }
                }
            }
            if (!json) {
                out.println("files: " + names.size() + " checked in full, " + damaged.size() + " damaged");
            }
            if (damaged.isEmpty()) {
                SectorGraph graph = SectorGraph.of(variant);
                // Only a check of every position is journalled, and only then used.
                VerifyJournal journal = sample != null ? null
                    : fresh ? VerifyJournal.fresh(db, variant.fingerprint()) : VerifyJournal.load(db, variant.fingerprint());
                if (journal != null && journal.note() != null) {
                    spec.commandLine().getErr().println("verify: " + journal.note());
                }
                Map<Sector, Long> evidence = new HashMap<>();
                List<Sector> plan = new ArrayList<>();
                long earlierPositions = 0;
                for (String name : names) {
                    Sector s = Sector.parse(name);
                    evidence.put(s, evidenceOf(s, graph, checksums));
                    VerifyJournal.Entry e = journal == null ? null : journal.verified(name, evidence.get(s));
                    if (e == null) {
                        plan.add(s);
                    } else {
                        earlier.add(name);
                        earlierPositions += e.positions();
                    }
                }
                if (!earlier.isEmpty() && !json) {
                    out.printf(Locale.ROOT, "resuming: %d sector%s (%,d positions) found right by an earlier verify against "
                        + "these same files, not checked again (--fresh checks them)%n", earlier.size(),
                        earlier.size() == 1 ? "" : "s", earlierPositions);
                }
                progress.plan(plan, sample == null ? Long.MAX_VALUE : sample);
                BoardIndexes indexes = Indexes.standard();
                // A full check reads every position of a sector and its children at random: it
                // reads copies in the heap (see CopiedValues); a sample reads the files in place.
                CopiedValues copies = sample == null ? new CopiedValues(database) : null;
                SolvedValues values = sample == null ? copies : SolveRunner.valuesOf(database);
                for (Sector s : plan) {
                    // Unmap and drop what this sector does not read, so that the resident set
                    // stays the sector in hand and its children, not every file touched so far
                    // (the standard game's mapped pages took the last full verify to 17.9 GB).
                    Set<String> reads = Set.copyOf(readBy(s, graph));
                    database.closeReadersExcept(reads);
                    if (copies != null) {
                        copies.keepOnly(reads);
                    }
                    long start = System.nanoTime();
                    long size = indexes.of(s).size();
                    long count = sample == null ? size : Math.min(sample, size);
                    progress.started(List.of(s), count);
                    Verifier.Report report = Verifier.check(variant, indexes, s, values, n, sample, seed, MAX_REPORTED,
                        progress::progress);
                    for (Verifier.Disagreement d : report.first()) {
                        Position p = new Position(d.own(), d.enemy(), s.wf(), s.bf(), Side.WHITE);
                        out.println("WRONG " + s + " index " + d.index() + " " + p + ": stored " + Value.describe(d.stored())
                            + ", children say " + Value.describe(d.expected()));
                    }
                    wrong += report.wrong();
                    SectorCheck c = new SectorCheck(s.name(), report.checked(), report.wrong(), (System.nanoTime() - start) / 1e9);
                    checks.add(c);
                    String line = String.format(Locale.ROOT, "%-9s %,14d positions checked, %d wrong  %.1f s", s.name(),
                        c.checked(), c.wrong(), c.seconds());
                    progress.finishedUnit(count, line);
                    if (journal != null && report.wrong() == 0) {
                        try {
                            journal.record(new VerifyJournal.Entry(s.name(), evidence.get(s), report.checked(),
                                Math.round(c.seconds() * 1000), System.currentTimeMillis()));
                        } catch (DatabaseException e) {
                            spec.commandLine().getErr().println("verify: " + e.getMessage()
                                + "; the check goes on, but a later run cannot resume from it");
                            journal = null;
                        }
                    }
                    if (!json) {
                        out.println(line);
                        out.flush();
                    }
                }
            }
        }
        boolean ok = damaged.isEmpty() && wrong == 0;
        if (json) {
            out.println(Json.line(new Summary(db.toString(), variant.fingerprint(), names.size(), damaged, checks,
                earlier, wrong, ok)));
        } else if (!damaged.isEmpty()) {
            out.println("verify: " + damaged.size() + " damaged file" + (damaged.size() == 1 ? "" : "s")
                + "; run 'merrills repair --db " + db + "' to set them aside, then 'merrills solve' to recompute them");
        } else {
            String resumed = earlier.isEmpty() ? "" : " (" + checks.size() + " sectors checked now, " + earlier.size()
                + " by an earlier run)";
            out.println(wrong == 0 ? "verify: OK" + resumed : "verify: " + wrong + " values disagree with their children");
        }
        out.flush();
        return ok ? 0 : ExitStatus.DAMAGED_DATA.code;
    }

    /**
     * Every file's full check, on the run's threads, with a line before, a line at least every
     * {@link Progress#logSeconds} seconds and a line after: on a big database this is minutes of
     * reading before the first sector's values are checked (the packed Morabaraba game, 1,216
     * files and 39.4 GB: about five minutes on one thread, 159 s on two).
     */
    private static List<FileChecks.Result> checkFiles(Database database, List<String> names, int threads, Progress progress) {
        long start = System.nanoTime();
        long bytes = names.stream().mapToLong(name -> FileChecks.length(database, name)).sum();
        progress.log(String.format(Locale.ROOT, "checking %d files in full (%,d bytes) with %d thread%s",
            names.size(), bytes, threads, threads == 1 ? "" : "s"));
        long interval = Progress.logSeconds() * 1_000_000_000L;
        long[] done = {0, 0, start}; // files, bytes, when the last line was written
        List<FileChecks.Result> results = FileChecks.run(database, names, threads, r -> {
            done[0]++;
            done[1] += r.bytes();
            long now = System.nanoTime();
            if (now - done[2] >= interval && done[0] < names.size()) {
                done[2] = now;
                progress.log(String.format(Locale.ROOT, "files: %d of %d checked (%,d of %,d bytes)",
                    done[0], names.size(), done[1], bytes));
            }
        });
        progress.log(String.format(Locale.ROOT, "files checked in %.1f s", (System.nanoTime() - start) / 1e9));
        return results;
    }

    /**
     * The sectors whose files a check of {@code s} reads, its own first, then every sector its
     * values are recomputed from (none for a sector outside the game): what it rests on, and
     * what must stay mapped while it runs.
     */
    private static List<String> readBy(Sector s, SectorGraph graph) {
        List<String> names = new ArrayList<>();
        names.add(s.name());
        if (graph.contains(s)) {
            for (Sector t : graph.successors(s)) {
                names.add(t.name());
            }
        }
        return names;
    }

    /** What a check of {@code s} rests on: the checksums of the files it reads, in {@link #readBy}'s order. */
    private static long evidenceOf(Sector s, SectorGraph graph, Map<String, Long> checksums) {
        return VerifyJournal.evidence(readBy(s, graph).stream()
            .mapToLong(name -> checksums.getOrDefault(name, -1L)).toArray());
    }
}
