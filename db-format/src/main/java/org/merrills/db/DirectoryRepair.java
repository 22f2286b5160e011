package org.merrills.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes the catalogue an index of the sector files again, whatever happened to it: the sector
 * files are the truth (each names its sector and rules and carries its checksums), the catalogue
 * only saves counting them. A catalogue row is kept when the file it describes is there with the
 * same checksum; a file without such a row is checked in full and counted; a file that fails its
 * checks is set aside (renamed, never deleted) and reported; a row without a file is dropped. A
 * missing, empty, damaged or foreign catalogue is no reason to touch a single sector file.
 *
 * <p>{@link #survey} does the same looking only (for readers, which may have no write access);
 * {@link #repair} acts, and is what every writable open runs, with the writer lock held.
 */
final class DirectoryRepair {
    /** What the files of a directory are: the rows they support, the damaged ones, and what was done. */
    record Outcome(SortedMap<String, SectorMeta> rows, SortedMap<String, String> damaged, List<String> notes) {
    }

    /** The version recorded for a row counted from its file: who solved it is not in the file. */
    static final String REBUILT_VERSION = "unknown (catalogued from the file)";

    private DirectoryRepair() {
    }

    /** How far a writer's repair goes beyond removing temporaries and setting damaged files aside. */
    enum Depth {
        /**
         * Opening for writing: only the files without a matching catalogue row are read in full;
         * files of other rules are refused.
         */
        ON_OPEN,
        /**
         * {@code merrills repair}: every block of every file is read; files of other rules are
         * set aside too (the user asked, and the rules kept were chosen).
         */
        FULL
    }

    /**
     * Repairs {@code dir} for a writer under {@code fingerprint}: removes temporaries of
     * interrupted writes, sets aside files that fail their checks, and returns the rows of every
     * sound file, as far as {@code depth} says.
     *
     * @throws DatabaseException if the directory holds sound sector files solved under other rules
     *                           and {@code depth} is {@link Depth#ON_OPEN} (then nothing is changed
     *                           but the temporaries)
     */
    static Outcome repair(Path dir, String fingerprint, Depth depth) {
        List<String> notes = new ArrayList<>();
        for (String name : SectorFiles.removeTemporaries(dir)) {
            notes.add("removed " + name + ", a temporary file of an interrupted write");
        }
        return examine(dir, fingerprint, depth == Depth.FULL, true, notes);
    }

    /**
     * The rules a repair keeps where the files mix rules: those of the catalogue's rows if it can
     * be read, else those of the most files; none when that is a tie.
     */
    static Optional<String> prevailingRules(Path dir) {
        Map<String, Integer> votes = new TreeMap<>();
        Catalogue.Read read = Catalogue.readCopy(dir);
        boolean fromCatalogue = read.rows() != null && !read.rows().isEmpty();
        if (fromCatalogue) {
            read.rows().values().forEach(r -> votes.merge(r.ruleFingerprint(), 1, Integer::sum));
        } else {
            Database.sectorsByRules(dir).forEach((fingerprint, sectors) -> votes.put(fingerprint, sectors.size()));
        }
        int most = votes.values().stream().max(Integer::compare).orElse(0);
        List<String> top = votes.entrySet().stream().filter(e -> e.getValue() == most).map(Map.Entry::getKey).toList();
        return top.size() == 1 ? Optional.of(top.get(0)) : Optional.empty();
    }

    /**
     * The same as {@link #repair} without changing anything, under whatever rules the files have;
     * {@code full} checks every block of every file.
     */
    static Outcome survey(Path dir, boolean full) {
        return examine(dir, null, full, false, new ArrayList<>());
    }

    /**
     * A file of rules other than {@code fingerprint} (given only by a writer's repair) is set aside
     * when {@code full}, the user's repair ({@link Depth#FULL}), and refused otherwise.
     */
    private static Outcome examine(Path dir, String fingerprint, boolean full, boolean act, List<String> notes) {
        List<Path> files = SectorFiles.list(dir);
        Catalogue.Read old = Catalogue.readCopy(dir);
        SortedMap<String, SectorMeta> oldRows = old.rows() == null ? new TreeMap<>() : old.rows();
        Map<Path, SectorReader.Identity> infos = new TreeMap<>();
        SortedMap<String, String> damaged = new TreeMap<>();
        for (Path f : files) {
            String sector = SectorFiles.sectorOf(f.getFileName().toString());
            try {
                SectorReader.Identity info = SectorReader.identify(f, sector, null);
                if (fingerprint != null && !info.header().fingerprint().equals(fingerprint)) {
                    if (full) {
                        damaged.put(sector, "solved under rules '" + info.header().fingerprint() + "', not this database's '"
                            + fingerprint + "'");
                        continue;
                    }
                    throw new DatabaseException("rules mismatch: database " + dir + " holds sectors solved under rules '"
                        + info.header().fingerprint() + "' (for example " + sector + "), not under rules '"
                        + fingerprint + "'; use another directory");
                }
                infos.put(f, info);
            } catch (SectorFileException e) {
                damaged.put(sector, e.getMessage());
            }
        }
        Map<Path, SectorMeta> fitting = new HashMap<>();
        List<Path> toCount = new ArrayList<>();
        for (Map.Entry<Path, SectorReader.Identity> e : infos.entrySet()) {
            SectorReader.Identity info = e.getValue();
            SectorMeta row = oldRows.get(info.header().sector());
            if (row != null && row.isComplete() && row.ruleFingerprint().equals(info.header().fingerprint())
                && row.fileChecksum() == info.checksum() && row.entries() == info.header().entries()) {
                fitting.put(e.getKey(), row);
            }
            if (full || !fitting.containsKey(e.getKey())) {
                toCount.add(e.getKey());
            }
        }
        Map<Path, Object> countedFiles = countAll(toCount, infos);
        SortedMap<String, SectorMeta> rows = new TreeMap<>();
        List<String> counted = new ArrayList<>();
        for (Map.Entry<Path, SectorReader.Identity> e : infos.entrySet()) {
            String sector = e.getValue().header().sector();
            Object found = countedFiles.get(e.getKey());
            if (found instanceof SectorFileException x) {
                damaged.put(sector, x.getMessage());
            } else if (fitting.containsKey(e.getKey())) {
                rows.put(sector, fitting.get(e.getKey()));
            } else {
                rows.put(sector, (SectorMeta) found);
                counted.add(sector);
            }
        }
        String catalogue = "the catalogue " + dir.resolve(Catalogue.FILE_NAME);
        if (old.rows() == null && !infos.isEmpty()) {
            notes.add(catalogue + " is " + old.problem() + "; " + (act ? "rebuilt it" : "counted instead") + " from "
                + counted.size() + " verified sector file" + (counted.size() == 1 ? "" : "s"));
        } else if (!counted.isEmpty()) {
            notes.add(catalogue + " did not describe " + counted.size() + " of the " + infos.size() + " sector files "
                + "(an interrupted run, or a catalogue of another database); " + (act ? "catalogued" : "counted")
                + " them from the files: " + String.join(" ", counted));
        }
        for (String sector : oldRows.keySet()) {
            if (!rows.containsKey(sector) && !damaged.containsKey(sector)) {
                notes.add("dropped the catalogue's row of " + sector + ": its file " + SectorFileFormat.fileName(sector)
                    + " is not in the directory");
            }
        }
        if (act) {
            for (Map.Entry<String, String> d : damaged.entrySet()) {
                Path aside = SectorFiles.setAside(dir.resolve(SectorFileFormat.fileName(d.getKey())));
                notes.add("set aside " + aside.getFileName() + ": " + d.getValue() + "; it will be solved again");
            }
        }
        return new Outcome(rows, damaged, List.copyOf(notes));
    }

    /**
     * Each of {@code files} checked in full and counted ({@link #count}), to its row or to the
     * {@link SectorFileException} it failed with: on as many threads as there are cores, a file
     * each, the biggest first so that none is left to run alone at the end. {@code merrills
     * repair} of the standard game's 498 plain files on two cores (2026-12-05): 51.1 s on one
     * thread, 29.8 s on two.
     */
    private static Map<Path, Object> countAll(List<Path> files, Map<Path, SectorReader.Identity> infos) {
        Map<Path, Object> out = new ConcurrentHashMap<>();
        FileChecks.biggestFirst(files, f -> infos.get(f).header().entries(), Runtime.getRuntime().availableProcessors(),
            f -> out.put(f, countOrFailure(f, infos.get(f))));
        return out;
    }

    private static Object countOrFailure(Path file, SectorReader.Identity info) {
        try {
            return count(file, info.header().sector(), info.header().fingerprint());
        } catch (SectorFileException x) {
            return x;
        }
    }

    /**
     * The full check of a file and its row counted from its values: the byte codes tallied per
     * code by the check's own pass over the data, then the escaped distances from the overflow
     * table. Reading value by value cost a lookup per entry, and of a packed file a block-cache
     * probe per entry: {@code merrills repair} of the packed standard game took 387 s that way,
     * and 106 s with the codes read again in chunks after the check, on one thread (the plain
     * files 115 s and 51 s; 2026-12-05).
     */
    private static SectorMeta count(Path file, String sector, String fingerprint) {
        try (SectorReader r = SectorReader.open(file, sector, fingerprint)) {
            long[] byCode = new long[256];
            r.verifyAll(byCode);
            int[] escaped = r.escapedValues();
            if (byCode[Value.CODE_ESCAPE] != escaped.length) {
                throw new SectorFileException(file, SectorFileException.Problem.BAD_TABLE, byCode[Value.CODE_ESCAPE]
                    + " entries are escaped, the overflow table holds " + escaped.length);
            }
            long wins = 0, losses = 0;
            int longestWin = -1, longestLoss = -1;
            for (int code = 0; code < Value.CODE_ESCAPE; code++) {
                if (byCode[code] > 0) {
                    int v = Value.decode(code);
                    if (Value.isWin(v)) {
                        wins += byCode[code];
                        longestWin = Math.max(longestWin, v);
                    } else if (Value.isLoss(v)) {
                        losses += byCode[code];
                        longestLoss = Math.max(longestLoss, v);
                    }
                }
            }
            for (int v : escaped) {
                if (Value.isWin(v)) {
                    wins++;
                    longestWin = Math.max(longestWin, v);
                } else if (Value.isLoss(v)) {
                    losses++;
                    longestLoss = Math.max(longestLoss, v);
                }
            }
            long entries = r.entries();
            long finished;
            try {
                finished = Files.getLastModifiedTime(file).toMillis();
            } catch (IOException e) {
                finished = 0;
            }
            // Holes of an index, if it has any, are stored as draws: the production index has none.
            return new SectorMeta(SectorMeta.COMPLETE, fingerprint, entries, entries, wins, losses, entries - wins - losses,
                longestWin, longestLoss, r.fileChecksum(), r.formatVersion(), REBUILT_VERSION, 0, 0, finished);
        }
    }
}
