package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
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
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Checks a database: first every file in full (header, rule fingerprint, every "
        + "checksum), then recomputes each stored value from its children with the forward move "
        + "generator and reports every disagreement. Exit status 1 if anything is wrong.",
        "--sample K checks K random positions per sector instead of all."})
public final class VerifyCommand implements Callable<Integer> {
    private static final int MAX_REPORTED = 20;

    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--sector", paramLabel = "W-B-WF-BF", split = ",", description = "Sectors to check (default: all).")
    List<String> sectors;

    @Option(names = "--sample", description = "Random positions per sector (default: every position).")
    Long sample;

    @Option(names = "--threads", description = "Worker threads (default: all cores).")
    Integer threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of --sample (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        Path db = dbOption.dir;
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isDirectory(db)) {
            throw new IllegalArgumentException("no database at " + db);
        }
        if (sample != null && sample < 1) {
            throw new IllegalArgumentException("--sample must be 1 or more, got " + sample);
        }
        var catalogue = Database.readCatalogue(db);
        if (catalogue.isEmpty()) {
            throw new IllegalArgumentException("the database " + db + " holds no solved sector");
        }
        Variant variant = Variant.fromFingerprint(catalogue.values().iterator().next().ruleFingerprint());
        List<String> names = new ArrayList<>();
        if (sectors == null || sectors.isEmpty()) {
            names.addAll(catalogue.keySet());
        } else {
            for (String s : sectors) {
                String name = Sector.parse(s).name();
                if (!catalogue.containsKey(name)) {
                    throw new IllegalArgumentException("sector " + name + " is not in the database " + db);
                }
                names.add(name);
            }
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        long problems = 0;
        try (Database database = Database.open(db, variant.fingerprint(), false)) {
            for (String name : names) {
                try {
                    database.verify(name);
                } catch (RuntimeException e) {
                    out.println("FILE " + name + ": " + e.getMessage());
                    problems++;
                }
            }
            out.println("files: " + names.size() + " checked in full, " + problems + " damaged");
            if (problems > 0) {
                out.flush();
                return 1;
            }
            BoardIndexes indexes = Indexes.standard();
            SolvedValues values = SolveRunner.valuesOf(database);
            for (String name : names) {
                long start = System.nanoTime();
                Sector s = Sector.parse(name);
                Verifier.Report report = Verifier.check(variant, indexes, s, values, n, sample, seed, MAX_REPORTED, p -> { });
                for (Verifier.Disagreement d : report.first()) {
                    Position p = new Position(d.own(), d.enemy(), s.wf(), s.bf(), Side.WHITE);
                    out.println("WRONG " + s + " index " + d.index() + " " + p + ": stored " + Value.describe(d.stored())
                        + ", children say " + Value.describe(d.expected()));
                }
                problems += report.wrong();
                out.printf(Locale.ROOT, "%-9s %,14d positions checked, %d wrong  %.1f s%n", name, report.checked(),
                    report.wrong(), (System.nanoTime() - start) / 1e9);
                out.flush();
            }
        }
        out.println(problems == 0 ? "verify: OK" : "verify: " + problems + " values disagree with their children");
        out.flush();
        return problems == 0 ? 0 : 1;
    }
}
