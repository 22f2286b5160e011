package org.merrills.db;

/**
 * Something wrong with a database directory or its use; the message says what and where, and
 * {@link #kind()} says which kind of trouble it is, so that a command can pick its exit status
 * and its advice without parsing the text.
 */
public class DatabaseException extends RuntimeException {
    /** The kinds of trouble a user acts on differently. */
    public enum Kind {
        /** The directory cannot serve as a database as given (not a directory, not writable, other rules). */
        UNUSABLE,
        /** What was asked for is not in the database (no directory, no such sector). */
        MISSING,
        /** A file fails its checks. */
        DAMAGED,
        /** Another process writes the directory. */
        BUSY,
        /** The disk is full (or the file system refuses to grow a file). */
        NO_SPACE
    }

    private final Kind kind;

    public DatabaseException(String message) {
        this(Kind.UNUSABLE, message, null);
    }

    public DatabaseException(String message, Throwable cause) {
        this(Kind.UNUSABLE, message, cause);
    }

    public DatabaseException(Kind kind, String message) {
        this(kind, message, null);
    }

    public DatabaseException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /**
     * A failed write of {@code temp}, the new file that packing or unpacking puts beside a
     * sector's file: a full disk says so ({@link Kind#NO_SPACE}), anything else is the directory's.
     */
    static DatabaseException cannotWrite(java.nio.file.Path temp, java.io.IOException e) {
        return isNoSpace(e)
            ? new DatabaseException(Kind.NO_SPACE, "the disk of " + temp.getParent() + " is full: no room for the new file "
                + temp.getFileName() + " (the sector's file is as it was)", e)
            : new DatabaseException("cannot write " + temp + ": " + e.getMessage(), e);
    }

    /** Whether an I/O failure means the disk is full: Java says so only in the message. */
    static boolean isNoSpace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? null : t.getMessage().toLowerCase(java.util.Locale.ROOT);
            // ENOSPC and EDQUOT as the JDK words them, and Chronicle's "Not enough space to fallocate"
            if (m != null && (m.contains("no space left") || m.contains("disk quota exceeded") || m.contains("not enough space"))) {
                return true;
            }
        }
        return false;
    }
}
