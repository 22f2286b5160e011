package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import org.merrills.db.Database;
import org.merrills.db.Packing;
import org.merrills.db.SectorMeta;

/**
 * The loop {@code merrills pack} and {@code merrills unpack} share: every catalogued sector of a
 * database rewritten one at a time, in place or into another directory, a line per sector and a
 * summary (bytes before and after, bits per position, plain bytes per second).
 */
final class Repacking {
    /** One sector's rewrite, given its row as the files say it (the catalogue may be lost). */
    interface Step {
        Packing.Outcome apply(Database from, Database to, String sector, SectorMeta row);
    }

    private Repacking() {
    }

    /** Runs {@code step} over every sector of {@code dir} (into {@code out}, or in place when null); the exit status. */
    static int run(String command, Path dir, Path out, Step step, PrintWriter stdout) {
        Databases.requireDirectory(dir);
        if (out != null && out.toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize())) {
            out = null;
        }
        SortedMap<String, SectorMeta> rows = Database.readCatalogue(dir);
        if (rows.isEmpty()) {
            throw new ExitStatus.MissingDataException("the database " + dir + " holds no solved sector");
        }
        String fingerprint = rows.values().iterator().next().ruleFingerprint();
        long t0 = System.nanoTime();
        long before = 0, after = 0, positions = 0, rewritten = 0;
        // a copy only reads the source: it may be packed while a solve goes on writing it
        try (Database from = Database.open(dir, fingerprint, out == null);
             Database to = out == null ? null : Database.open(out, fingerprint, true)) {
            Database target = to == null ? from : to;
            stdout.printf("merrills %s: %d sectors of %s%s, with %s%n", command, rows.size(), dir,
                out == null ? " in place" : " into " + out, Packing.codec());
            String format = "%-12s %,15d entries %,15d -> %,13d bytes %8.4f bits/position %7.1f s%s%n";
            for (var e : rows.entrySet()) {
                Packing.Outcome o = step.apply(from, target, e.getKey(), e.getValue());
                // Each sector is read and written once: unmapped now, the files already done do not
                // stay resident (packing the standard game kept 17.8 GB of them mapped before).
                from.closeReadersExcept(Set.of());
                target.closeReadersExcept(Set.of());
                long p = Math.max(1, e.getValue().positions());
                stdout.printf(Locale.ROOT, format, e.getKey(), o.entries(), o.before(), o.after(), 8.0 * o.after() / p,
                    o.nanos() / 1e9, o.rewritten() ? "" : "  (already done)");
                stdout.flush();
                before += o.before();
                after += o.after();
                positions += e.getValue().positions();
                rewritten += o.rewritten() ? 1 : 0;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        stdout.printf(Locale.ROOT, "%s: %d of %d sectors rewritten; %,d -> %,d bytes (%.2f %%), %.4f bits per position"
                + " (%,d positions); %.1f s, %.0f MB/s of plain files%n", command, rewritten, rows.size(), before, after,
            100.0 * after / Math.max(1, before), 8.0 * after / Math.max(1, positions), positions, seconds,
            Math.max(before, after) / 1e6 / seconds);
        stdout.flush();
        return 0;
    }
}
