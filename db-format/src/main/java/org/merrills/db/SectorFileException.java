package org.merrills.db;

import java.nio.file.Path;

/**
 * A sector file that cannot be used: the message names the file and the problem, and
 * {@link #problem()} says which check failed, so that callers (and tests) need not parse text.
 * A damaged file is always refused with this exception, never answered from.
 */
public final class SectorFileException extends DatabaseException {
    /** Which check a sector file failed. */
    public enum Problem {
        WRONG_MAGIC("wrong magic"),
        UNSUPPORTED_VERSION("unsupported format version"),
        BAD_HEADER("bad header"),
        HEADER_CHECKSUM("header checksum mismatch"),
        RULES_MISMATCH("rules mismatch"),
        SECTOR_MISMATCH("sector mismatch"),
        TRUNCATED("truncated"),
        EXTENDED("extended"),
        BAD_FOOTER("bad footer"),
        TABLE_CHECKSUM("checksum mismatch in a table"),
        BAD_TABLE("bad overflow table"),
        BLOCK_CHECKSUM("checksum mismatch in block", " "),
        FILE_CHECKSUM("file checksum mismatch"),
        IO("cannot read");

        private final String words;
        private final String beforeDetail;

        Problem(String words) {
            this(words, ": ");
        }

        Problem(String words, String beforeDetail) {
            this.words = words;
            this.beforeDetail = beforeDetail;
        }

        /** The words the message starts its problem with. */
        public String words() {
            return words;
        }
    }

    private final Path file;
    private final Problem problem;

    public SectorFileException(Path file, Problem problem, String detail) {
        this(file, problem, detail, null);
    }

    public SectorFileException(Path file, Problem problem, String detail, Throwable cause) {
        super(kindOf(problem, cause),
            "sector file " + file + ": " + problem.words() + (detail.isEmpty() ? "" : problem.beforeDetail + detail), cause);
        this.file = file;
        this.problem = problem;
    }

    private static Kind kindOf(Problem problem, Throwable cause) {
        if (problem == Problem.IO && cause instanceof java.nio.file.NoSuchFileException) {
            return Kind.MISSING;
        }
        if (problem == Problem.IO && cause instanceof java.nio.file.AccessDeniedException) {
            return Kind.UNUSABLE;
        }
        return Kind.DAMAGED;
    }

    public Path file() {
        return file;
    }

    public Problem problem() {
        return problem;
    }
}
