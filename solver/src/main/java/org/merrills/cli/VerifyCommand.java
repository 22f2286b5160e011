package org.merrills.cli;

import java.io.PrintWriter;
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
 * Reads only: it works on a read-only database (with {@code --repair} it first repairs, which
 * needs write access).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Checks a database: first every file in full (header, rule fingerprint, every "
        + "checksum), then recomputes each stored value from its children with the forward move "
        + "generator and reports every disagreement. Exit status 4 if anything is damaged or wrong.",
        "--sample K checks K random positions per sector instead of all; --repair first sets damaged "
        + "files aside and rebuilds the catalogue (as 'merrills repair')."})
public final class VerifyCommand implements Callable<Integer> {
    private static final int MAX_REPORTED = 20;

    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Mixin
    ThreadsOption threadsOption;

    @Option(names = "--sector", paramLabel = "W-B-WF-BF", split = ",", description = "Sectors to check (default: all).")
    List<String> sectors;

    @Option(names = "--sample", description = "Random positions per sector (default: every position).")
    Long sample;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of --sample (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--repair", description = "Repair first (needs write access): see 'merrills repair'.")
    boolean repair;

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
                   long wrong, boolean ok) {
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
        List<String> present = Database.sectorFiles(db);
        List<String> names = new ArrayList<>();
        if (sectors == null || sectors.isEmpty()) {
            names.addAll(present);
        } else {
            for (String s : sectors) {
                String name = Sector.parse(s).name();
                if (!present.contains(name)) {
                    throw new ExitStatus.MissingDataException("sector " + name + " is not in the database " + db
                        + "; compute it with: merrills solve --db " + db + " --men " + variant.men()
                        + (variant.flying() ? "" : " --no-flying") + " --sector " + name);
                }
                names.add(name);
            }
        }
        int n = threadsOption.count();
        List<DamagedFile> damaged = new ArrayList<>();
        List<SectorCheck> checks = new ArrayList<>();
        long wrong = 0;
        try (Database database = Database.open(db, variant.fingerprint(), false);
             Progress progress = Progress.of(spec.commandLine().getErr(), "checking")) {
            for (String name : names) {
                try {
                    database.verify(name);
                } catch (RuntimeException e) {
                    damaged.add(new DamagedFile(name, ExitStatus.of(e).message()));
                    if (!json) {
                        out.println("FILE " + name + ": " + e.getMessage());
                    }
                }
            }
            if (!json) {
                out.println("files: " + names.size() + " checked in full, " + damaged.size() + " damaged");
            }
            if (damaged.isEmpty()) {
                List<Sector> plan = names.stream().map(Sector::parse).toList();
                progress.plan(plan, false);
                BoardIndexes indexes = Indexes.standard();
                SolvedValues values = SolveRunner.valuesOf(database);
                ExecutorService pool = Executors.newFixedThreadPool(n);
                try {
                    for (Sector s : plan) {
                        long start = System.nanoTime();
                        long[] result = check(s, indexes.of(s), () -> new Verifier(variant, indexes), values, pool, n,
                            out, progress);
                        wrong += result[1];
                        SectorCheck c = new SectorCheck(s.name(), result[0], result[1], (System.nanoTime() - start) / 1e9);
                        checks.add(c);
                        String line = String.format(Locale.ROOT, "%-9s %,14d positions checked, %d wrong  %.1f s", s.name(),
                            c.checked(), c.wrong(), c.seconds());
                        progress.finishedUnit(sample == null ? indexes.of(s).size() : Math.min(sample, indexes.of(s).size()), line);
                        if (!json) {
                            out.println(line);
                            out.flush();
                        }
                    }
                } finally {
                    pool.shutdownNow();
                }
            }
        }
        boolean ok = damaged.isEmpty() && wrong == 0;
        if (json) {
            out.println(JsonLines.pretty(new Summary(db.toString(), variant.fingerprint(), names.size(), damaged, checks,
                wrong, ok)));
        } else if (!damaged.isEmpty()) {
            out.println("verify: " + damaged.size() + " damaged file" + (damaged.size() == 1 ? "" : "s")
                + "; run 'merrills repair --db " + db + "' to set them aside, then 'merrills solve' to recompute them");
        } else {
            out.println(wrong == 0 ? "verify: OK" : "verify: " + wrong + " values disagree with their children");
        }
        out.flush();
        return ok ? 0 : ExitStatus.DAMAGED_DATA.code;
    }

    /** Checks one sector on {@code n} threads, each with its own verifier (they hold move buffers). */
    private long[] check(Sector s, SectorIndex index, java.util.function.Supplier<Verifier> verifiers,
                         SolvedValues values, ExecutorService pool, int n, PrintWriter out, Progress progress) throws Exception {
        long size = index.size();
        long count = sample == null ? size : Math.min(sample, size);
        AtomicLong checked = new AtomicLong();
        AtomicLong visited = new AtomicLong();
        AtomicLong wrong = new AtomicLong();
        progress.started(List.of(s), count);
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            long lo = count * t / n, hi = count * (t + 1) / n;
            SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + s.hashCode() + t);
            parts.add(pool.submit(() -> {
                Verifier verifier = verifiers.get();
                for (long k = lo; k < hi; k++) {
                    if (((k - lo) & 0xFFFF) == 0xFFFF) {
                        progress.progress(visited.addAndGet(0x10000));
                    }
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
