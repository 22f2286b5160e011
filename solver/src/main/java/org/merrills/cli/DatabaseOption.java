package org.merrills.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --db DIR} option every database command shares; an empty name is refused (it would mean the current directory). */
final class DatabaseOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    Path dir = Path.of("db");

    @Option(names = "--db", paramLabel = "DIR", defaultValue = "db",
        description = "Database directory (default: ${DEFAULT-VALUE}).")
    void setDir(String value) {
        if (value.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--db needs a directory name, got an empty one");
        }
        if (value.indexOf('\0') >= 0) {
            throw new ParameterException(spec.commandLine(), "--db: a directory name cannot hold a NUL character");
        }
        try {
            dir = Path.of(value);
        } catch (java.nio.file.InvalidPathException e) {
            throw new ParameterException(spec.commandLine(), "--db: not a usable directory name: " + e.getMessage());
        }
    }
}
