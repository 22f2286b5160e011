package org.merrills.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.rules.Variant;

/** Checks a command makes of a database directory before it opens it. */
final class Databases {
    private Databases() {
    }

    /** Refuses a directory that already holds sectors solved under other rules. */
    static void checkRules(Path dir, Variant variant) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        SortedMap<String, SectorMeta> rows;
        try {
            rows = Database.readCatalogue(dir);
        } catch (RuntimeException e) {
            return; // no catalogue yet: a fresh directory
        }
        for (SectorMeta m : rows.values()) {
            if (!m.ruleFingerprint().equals(variant.fingerprint())) {
                throw new IllegalArgumentException("the database " + dir + " holds sectors solved under other rules ("
                    + describe(m.ruleFingerprint()) + "), not " + variant + "; use another --db directory");
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
