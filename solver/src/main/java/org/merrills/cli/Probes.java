package org.merrills.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.merrills.probe.Probe;
import org.merrills.rules.Variant;

/** Opening a database for the lookup commands, with the errors a user can act on. */
final class Probes {
    private Probes() {
    }

    /**
     * Opens {@code dir} under the rules its catalogue records, after {@code expected} has checked
     * them against what the user asked for (a mismatch is refused, never read as another game).
     */
    static Probe open(Path dir, DatabaseRules expected) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("no database at " + dir + "; build one with: merrills solve --db " + dir);
        }
        Variant v = Probe.variantOf(dir);
        expected.check(dir, v);
        return Probe.open(dir, v);
    }
}
