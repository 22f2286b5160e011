package org.merrills.db;

/** Something wrong with a database directory or its use; the message says what and where. */
public class DatabaseException extends RuntimeException {
    public DatabaseException(String message) {
        super(message);
    }

    public DatabaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
