package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.probe.json.Json;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code merrills stats}: the catalogue of a database directory, one line per sector and the
 * totals, or with {@code --json} one JSON array of one object per sector. Reads whatever rules the
 * directory was solved under; each row shows its men per side and flying rule.
 */
@Command(name = "stats", mixinStandardHelpOptions = true,
    description = {"Show the solved sectors of a database: positions, wins, draws, losses, longest win and loss; "
        + "then the damaged sector files and the game's sectors not solved yet.",
        "Reads the sector files (and the catalogue where it matches them): needs no write access. "
        + "Exit status 4 if a file is damaged."})
public final class StatsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--quick", description = "Check each file's header, footer and tables only, not every block "
        + "(for a big database: the full check reads every byte).")
    boolean quick;

    @Option(names = "--json", description = "Print one JSON array of objects, one per sector: its catalogue row "
        + "(counts, longest lines, checksum, solver, time) and its file (fileBytes, fileKind plain or packed).")
    boolean json;

    @picocli.CommandLine.Mixin
    DatabaseRules rules;

    @Override
    public Integer call() {
        Path db = dbOption.dir;
        Databases.requireDirectory(db);
        Database.Survey survey = Database.survey(db, !quick);
        SortedMap<String, SectorMeta> rows = survey.rows();
        PrintWriter err = spec.commandLine().getErr();
        survey.notes().forEach(n -> err.println("stats: " + n));
        if (rows.isEmpty() && survey.damaged().isEmpty()) {
            throw new ExitStatus.MissingDataException("database " + db + " has no solved sectors; build one with: "
                + "merrills solve --db " + db);
        }
        for (SectorMeta m : rows.values()) {
            Variant found;
            try {
                found = Variant.fromFingerprint(m.ruleFingerprint());
            } catch (IllegalArgumentException e) {
                continue; // rules of another version: listed as their fingerprint
            }
            rules.checkName(db, found);
        }
        SortedSet<String> missing = missingSectors(rows);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            printJson(out, rows, db);
        } else {
            printTable(out, rows, db);
            survey.damaged().forEach((sector, why) -> out.println("DAMAGED " + sector + ": " + why));
            if (!missing.isEmpty()) {
                out.println("missing " + missing.size() + " of the game's sectors: " + String.join(" ", missing));
            }
        }
        out.flush();
        if (!survey.damaged().isEmpty()) {
            return Databases.damaged(err, "stats", db, survey.damaged().size(), "");
        }
        return 0;
    }

    /** The sectors of the game (by the rules of the rows) that have no sound file. */
    private static SortedSet<String> missingSectors(SortedMap<String, SectorMeta> rows) {
        SortedSet<String> missing = new TreeSet<>();
        if (rows.isEmpty()) {
            return missing;
        }
        try {
            Variant v = Variant.fromFingerprint(rows.values().iterator().next().ruleFingerprint());
            for (Sector s : SectorGraph.of(v).sectors()) {
                if (!rows.containsKey(s.name())) {
                    missing.add(s.name());
                }
            }
        } catch (IllegalArgumentException otherRules) {
            // rules this program does not know: no list of the game's sectors
        }
        return missing;
    }

    private void printTable(PrintWriter out, SortedMap<String, SectorMeta> rows, Path db) {
        String format = "%-12s %14s %14s %14s %14s %8s %8s %14s %6s %8s  %s%n";
        out.printf("Database %s: %d sectors (values for the side to move; longest in plies)%n", db, rows.size());
        out.printf(format, "sector", "positions", "wins", "draws", "losses", "longestW", "longestL", "file bytes", "file",
            "bits/pos", "rules");
        long positions = 0, wins = 0, draws = 0, losses = 0, entries = 0;
        SectorFileSizes sizes = new SectorFileSizes();
        int longestWin = -1, longestLoss = -1;
        Map<String, Integer> fingerprints = new LinkedHashMap<>();
        for (Map.Entry<String, SectorMeta> e : rows.entrySet()) {
            SectorMeta m = e.getValue();
            SectorFileSizes.File f = sizes.add(db, e.getKey(), m.positions());
            out.printf(format, e.getKey(), m.positions(), m.wins(), m.draws(), m.losses(), plies(m.longestWin()),
                plies(m.longestLoss()), f.bytes() < 0 ? "-" : Long.toString(f.bytes()), f.kind(), f.bitsPerPosition(),
                shortRules(m.ruleFingerprint()));
            positions += m.positions();
            wins += m.wins();
            draws += m.draws();
            losses += m.losses();
            entries += m.entries();
            longestWin = Math.max(longestWin, m.longestWin());
            longestLoss = Math.max(longestLoss, m.longestLoss());
            fingerprints.merge(m.ruleFingerprint(), 1, Integer::sum);
        }
        out.printf(format, "total", positions, wins, draws, losses, plies(longestWin), plies(longestLoss),
            Long.toString(sizes.bytes()), "", sizes.bitsPerPosition(positions), "");
        out.printf("index entries: %d (one byte each in a plain file)%n", entries);
        out.printf("on disk: %d bytes in %d packed and %d plain sector files, %s bits per position%n", sizes.bytes(),
            sizes.packed(), sizes.plain(), sizes.bitsPerPosition(positions));
        fingerprints.forEach((fp, n) -> out.printf("rules %s: %d sector%s%n", fp, n, n == 1 ? "" : "s"));
    }

    private static String plies(int d) {
        return d < 0 ? "-" : Integer.toString(d);
    }

    /** "9 men, flying on" (the variant's name first unless standard) from a fingerprint naming them, else the fingerprint itself. */
    static String shortRules(String fingerprint) {
        try {
            Variant v = Variant.fromFingerprint(fingerprint);
            return (v.name().equals("standard") ? "" : v.name() + ", ") + v.men() + " men, flying " + (v.flying() ? "on" : "off");
        } catch (IllegalArgumentException e) {
            return fingerprint;
        }
    }

    /** One sector in {@code --json}: its catalogue row and its file on disk. */
    record SectorRow(String sector, long positions, long wins, long draws, long losses, Integer longestWin,
                     Integer longestLoss, long entries, String status, String rules, String fileChecksum,
                     int formatVersion, String solverVersion, long wallMillis, int threads, String finishedAt,
                     Long fileBytes, String fileKind) {
    }

    private static void printJson(PrintWriter out, SortedMap<String, SectorMeta> rows, Path db) {
        SectorFileSizes sizes = new SectorFileSizes();
        List<SectorRow> list = new ArrayList<>();
        for (Map.Entry<String, SectorMeta> e : rows.entrySet()) {
            SectorMeta m = e.getValue();
            SectorFileSizes.File f = sizes.add(db, e.getKey(), m.positions());
            list.add(new SectorRow(e.getKey(), m.positions(), m.wins(), m.draws(), m.losses(),
                m.longestWin() < 0 ? null : m.longestWin(), m.longestLoss() < 0 ? null : m.longestLoss(), m.entries(),
                m.status(), m.ruleFingerprint(), String.format("%08x", m.fileChecksum()), m.formatVersion(),
                m.solverVersion(), m.wallMillis(), m.threads(), Instant.ofEpochMilli(m.finishedAt()).toString(),
                f.bytes() < 0 ? null : f.bytes(), f.kind()));
        }
        out.println(Json.line(list));
    }
}
