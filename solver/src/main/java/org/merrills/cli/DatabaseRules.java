package org.merrills.cli;

import java.nio.file.Path;
import org.merrills.rules.Variant;
import picocli.CommandLine.Option;

/**
 * The rule options of the commands that read a database: the database itself says which rules
 * it was solved under; these only state what the user expects, and a mismatch is refused by name
 * rather than read as the other game.
 */
final class DatabaseRules {
    @Option(names = "--variant", paramLabel = "NAME",
        description = "Expect a database of this rule set (standard, lasker, morabaraba; default: whatever it holds).")
    String variant;

    @Option(names = "--no-flying", description = "Expect a database solved without flying.")
    boolean noFlying;

    /** Refuses {@code found} (the database's rules) when it is not what these options expect. */
    void check(Path dir, Variant found) {
        checkName(dir, found);
        if (found.flying() == noFlying) {
            throw new IllegalArgumentException("the database " + dir + " was solved with flying "
                + (found.flying() ? "on" : "off") + "; " + (noFlying ? "drop --no-flying or solve one with --no-flying"
                : "pass --no-flying to read it"));
        }
    }

    /** Refuses {@code found} when {@code --variant} names another rule set; flying is not checked. */
    void checkName(Path dir, Variant found) {
        if (variant != null && !Variant.named(variant, null, true).name().equals(found.name())) {
            throw new IllegalArgumentException("the database " + dir + " holds " + found.name() + " (" + found
                + "), not " + variant + "; pass --variant " + found.name() + " or use another --db");
        }
    }
}
