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
     * Opens {@code dir} under the rules its sector files record. With {@code noFlying}, a database
     * solved with flying is refused (and the other way round), never read as the other variant.
     */
    static Probe open(Path dir, boolean noFlying) {
        Variant v = variantOf(dir);
        if (v.flying() == noFlying) {
            throw new IllegalArgumentException("the database " + dir + " was solved with flying "
                + (v.flying() ? "on" : "off") + "; " + (noFlying ? "drop --no-flying or solve one with --no-flying"
                : "pass --no-flying to read it"));
        }
        return Probe.open(dir, v);
    }

    /** The rules of the database in {@code dir}, from its files' headers; an error a user can act on if there is none. */
    static Variant variantOf(Path dir) {
        if (!Files.exists(dir)) {
            throw new ExitStatus.MissingDataException("no database at " + dir + "; build one with: merrills solve --db " + dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--db " + dir + " is a file, not a database directory");
        }
        return Probe.variantOf(dir);
    }
}
