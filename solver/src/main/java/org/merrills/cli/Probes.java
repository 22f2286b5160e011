package org.merrills.cli;

import java.nio.file.Path;
import org.merrills.probe.Probe;
import org.merrills.rules.Variant;

/** Opening a database for the lookup commands, with the errors a user can act on. */
final class Probes {
    private Probes() {
    }

    /**
     * Opens {@code dir} under the rules its sector files record, after {@code expected} has
     * checked them against what the user asked for (a mismatch is refused, never read as another
     * game).
     */
    static Probe open(Path dir, DatabaseRules expected) {
        Variant v = variantOf(dir);
        expected.check(dir, v);
        return Probe.open(dir, v);
    }

    /** The rules of the database in {@code dir}, from its files' headers; an error a user can act on if there is none. */
    static Variant variantOf(Path dir) {
        Databases.requireDirectory(dir);
        return Probe.variantOf(dir);
    }
}
