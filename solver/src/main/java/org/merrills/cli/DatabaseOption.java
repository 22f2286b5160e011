package org.merrills.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --db DIR} option every database command shares. */
final class DatabaseOption {
    @Option(names = "--db", paramLabel = "DIR", defaultValue = "db",
        description = "Database directory (default: ${DEFAULT-VALUE}).")
    Path dir;
}
