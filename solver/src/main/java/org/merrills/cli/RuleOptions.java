package org.merrills.cli;

import org.merrills.rules.Variant;
import picocli.CommandLine.Option;

/** The options that name a rule set, shared by every command that takes rules: {@code --variant}, {@code --men}, {@code --no-flying}. */
final class RuleOptions {
    @Option(names = "--variant", paramLabel = "NAME", defaultValue = "standard",
        description = "The rule set: standard (Nine Men's Morris), lasker (10 men, place or move while "
            + "holding men) or morabaraba (12 men, diagonals, a full board draws). Default: ${DEFAULT-VALUE}.")
    String variant;

    @Option(names = "--men", paramLabel = "N",
        description = "Men per side, 3 to the variant's full count (default: that count: 9, 10 or 12).")
    Integer men;

    @Option(names = "--no-flying", description = "The variant without flying.")
    boolean noFlying;

    /** The rule set these options name; a clear error for a bad name or count. */
    Variant variant() {
        return Variant.named(variant, men, !noFlying);
    }
}
