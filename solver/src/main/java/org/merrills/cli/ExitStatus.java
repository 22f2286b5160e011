package org.merrills.cli;

import org.merrills.db.DatabaseException;
import org.merrills.db.SectorFileException;
import org.merrills.probe.MissingSectorException;
import picocli.CommandLine;

/**
 * The exit statuses of every command, one per kind of failure, so that a script can tell what to
 * do without reading the message (listed in the README, "Exit statuses"); and the one-line message
 * each failure gets, naming what is wrong and what to do.
 */
enum ExitStatus {
    OK(0),
    /** A bug: the message says so and asks for {@code --debug}. */
    INTERNAL(1),
    /** The command line or a position is malformed, or asks for what cannot work. */
    BAD_INPUT(2),
    /** What was asked for is not there: no database, a sector not solved. */
    MISSING_DATA(3),
    /** A file fails its checks, or a value disagrees with its children. */
    DAMAGED_DATA(4),
    /** Another process writes the database. */
    BUSY(5),
    /** Not enough disk or memory. */
    OUT_OF_RESOURCES(6);

    final int code;

    ExitStatus(int code) {
        this.code = code;
    }

    /** The status and one-line message of a failure. */
    record Failure(ExitStatus status, String message) {
    }

    /** What a failure means for the user. */
    static Failure of(Throwable e) {
        if (e instanceof CommandLine.ParameterException) {
            return new Failure(BAD_INPUT, e.getMessage());
        }
        if (e instanceof MissingSectorException) {
            return new Failure(MISSING_DATA, e.getMessage());
        }
        if (e instanceof SectorFileException) {
            return new Failure(((SectorFileException) e).kind() == DatabaseException.Kind.MISSING ? MISSING_DATA : DAMAGED_DATA,
                e.getMessage() + "; run 'merrills repair --db DIR' to set it aside, then solve again to recompute it");
        }
        if (e instanceof DatabaseException de) {
            return switch (de.kind()) {
                case MISSING -> new Failure(MISSING_DATA, e.getMessage() + "; build it with 'merrills solve --db DIR'");
                case DAMAGED -> new Failure(DAMAGED_DATA, e.getMessage() + "; run 'merrills repair --db DIR'");
                case BUSY -> new Failure(BUSY, e.getMessage());
                case NO_SPACE -> new Failure(OUT_OF_RESOURCES, e.getMessage());
                case UNUSABLE -> new Failure(BAD_INPUT, e.getMessage());
            };
        }
        if (e instanceof OutOfResourcesException) {
            return new Failure(OUT_OF_RESOURCES, e.getMessage());
        }
        if (e instanceof MissingDataException) {
            return new Failure(MISSING_DATA, e.getMessage());
        }
        if (e instanceof IllegalArgumentException || e instanceof java.io.UncheckedIOException) {
            return new Failure(BAD_INPUT, String.valueOf(e.getMessage()));
        }
        if (e instanceof OutOfMemoryError) {
            return new Failure(OUT_OF_RESOURCES, "out of memory (" + e.getMessage() + ", the JVM may use "
                + Resources.gib(Runtime.getRuntime().maxMemory()) + "); give it more with MERRILLS_JAVA_OPTS=-Xmx<size>, "
                + "see the README, \"Memory and threads\"");
        }
        if (e instanceof InternalError) {
            return new Failure(OUT_OF_RESOURCES, "a write to a mapped file failed (" + e.getMessage()
                + "): the disk is probably full; free some space and run again");
        }
        return new Failure(INTERNAL, "internal error: " + e + "; run again with --debug for the stack trace and "
            + "please report it");
    }

    /** A check before the work found that the disk or the memory will not do. */
    static final class OutOfResourcesException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfResourcesException(String message) {
            super(message);
        }
    }

    /** Something the command needs is not there (for failures not raised by the database itself). */
    static final class MissingDataException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingDataException(String message) {
            super(message);
        }
    }
}
