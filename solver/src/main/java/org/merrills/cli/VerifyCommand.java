package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
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

    @Mixin
    DatabaseRules rules;

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
        rules.check(db, variant);
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
            ExecutorService pool = Executors.newFixedThreadPool(n);
            try {
                for (String name : names) {
                    long start = System.nanoTime();
                    Sector s = Sector.parse(name);
                    long[] result = check(s, indexes.of(s), () -> new Verifier(variant, indexes), values, pool, n, out);
                    problems += result[1];
                    out.printf(Locale.ROOT, "%-9s %,14d positions checked, %d wrong  %.1f s%n", name, result[0],
                        result[1], (System.nanoTime() - start) / 1e9);
                    out.flush();
                }
            } finally {
                pool.shutdownNow();
            }
        }
        out.println(problems == 0 ? "verify: OK" : "verify: " + problems + " values disagree with their children");
        out.flush();
        return problems == 0 ? 0 : 1;
    }

    /** Checks one sector on {@code n} threads, each with its own verifier (they hold move buffers). */
    private long[] check(Sector s, SectorIndex index, java.util.function.Supplier<Verifier> verifiers,
                         SolvedValues values, ExecutorService pool, int n, PrintWriter out) throws Exception {
        long size = index.size();
        long count = sample == null ? size : Math.min(sample, size);
        AtomicLong checked = new AtomicLong();
        AtomicLong wrong = new AtomicLong();
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            long lo = count * t / n, hi = count * (t + 1) / n;
            SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + s.hashCode() + t);
            parts.add(pool.submit(() -> {
                Verifier verifier = verifiers.get();
                for (long k = lo; k < hi; k++) {
                    long i = sample == null ? k : rnd.nextLong(size);
                    long packed = index.unrank(i);
                    if (packed == SectorIndex.HOLE) {
                        continue;
                    }
                    checked.incrementAndGet();
                    int stored = values.value(s, i);
                    int expected = verifier.expected(s, i, values);
                    if (stored != expected && wrong.incrementAndGet() <= MAX_REPORTED) {
                        Position p = new Position(SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), s.wf(), s.bf(), Side.WHITE);
                        synchronized (out) {
                            out.println("WRONG " + s + " index " + i + " " + p + ": stored " + Value.describe(stored)
                                + ", children say " + Value.describe(expected));
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : parts) {
            f.get();
        }
        return new long[] {checked.get(), wrong.get()};
    }
}
