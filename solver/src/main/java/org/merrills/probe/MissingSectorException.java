package org.merrills.probe;

import java.nio.file.Path;
import org.merrills.index.Sector;
import org.merrills.rules.Variant;

/** A probe needed a sector the database does not hold; the message names the command that computes it. */
public final class MissingSectorException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public MissingSectorException(Sector sector, Path dir, Variant variant) {
        super("sector " + sector + " is not in the database " + dir + "; compute it with: merrills solve --db "
            + dir + " --variant " + variant.name() + " --men " + variant.men() + (variant.flying() ? "" : " --no-flying") + " --sector " + sector);
    }
}
