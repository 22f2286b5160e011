package org.merrills.probe;

import java.nio.file.Path;
import org.merrills.index.Sector;
import org.merrills.rules.Variant;

/** A probe needed a sector the database does not hold; the message names the command that computes it. */
public final class MissingSectorException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient Sector sector;
    private final String command;

    public MissingSectorException(Sector sector, Path dir, Variant variant) {
        this(sector, dir, "merrills solve --db " + dir + " --variant " + variant.name() + " --men " + variant.men()
            + (variant.flying() ? "" : " --no-flying") + " --sector " + sector);
    }

    private MissingSectorException(Sector sector, Path dir, String command) {
        super("sector " + sector + " is not in the database " + dir + "; compute it with: " + command);
        this.sector = sector;
        this.command = command;
    }

    /** The sector the probe needed. */
    public Sector sector() {
        return sector;
    }

    /** The command line that computes it (with the sectors it depends on). */
    public String command() {
        return command;
    }
}
