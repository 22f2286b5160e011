package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.merrills.db.Database;
import org.merrills.rules.Variant;

/** Checks a command makes of a database directory before it opens it. */
final class Databases {
    private Databases() {
    }

    /** Refuses a directory that already holds sectors solved under other rules, or is a plain file. */
    static void checkRules(Path dir, Variant variant) {
        if (!Files.exists(dir)) {
            return;
        }
        requireDirectory(dir);
        for (String fingerprint : Database.rulesOf(dir).keySet()) {
            if (!fingerprint.equals(variant.fingerprint())) {
                throw new IllegalArgumentException("the database " + dir + " holds sectors solved under other rules ("
                    + describe(fingerprint) + "), not " + variant + "; use another --db directory");
            }
        }
    }

    /** Refuses a {@code --db} that is not there (missing data) or is a plain file (bad input). */
    static void requireDirectory(Path dir) {
        if (!Files.exists(dir)) {
            throw new ExitStatus.MissingDataException("no database at " + dir + "; build one with: merrills solve --db " + dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--db " + dir + " is a file, not a database directory");
        }
    }

    /**
     * Tells of the damaged sector files a command found (what they mean for its output in
     * {@code consequence}) and what to do; returns the exit status that says so.
     */
    static int damaged(PrintWriter err, String command, Path dir, int files, String consequence) {
        err.println("merrills " + command + ": " + files + " damaged sector file" + (files == 1 ? "" : "s") + " in " + dir
            + consequence + "; run 'merrills repair --db " + dir + "' to set them aside, then 'merrills solve' to "
            + "recompute them");
        err.flush();
        return ExitStatus.DAMAGED_DATA.code;
    }

    static String describe(String fingerprint) {
        try {
            return Variant.fromFingerprint(fingerprint).toString();
        } catch (IllegalArgumentException e) {
            return fingerprint;
        }
    }
}
