package org.merrills.cli;

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
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--db " + dir + " is a file, not a database directory");
        }
        for (String fingerprint : Database.rulesOf(dir).keySet()) {
            if (!fingerprint.equals(variant.fingerprint())) {
                throw new IllegalArgumentException("the database " + dir + " holds sectors solved under other rules ("
                    + describe(fingerprint) + "), not " + variant + "; use another --db directory");
            }
        }
    }

    static String describe(String fingerprint) {
        try {
            return Variant.fromFingerprint(fingerprint).toString();
        } catch (IllegalArgumentException e) {
            return fingerprint;
        }
    }
}
