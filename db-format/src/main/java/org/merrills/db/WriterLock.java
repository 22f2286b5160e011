package org.merrills.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one writer of a database directory: an OS lock ({@link FileChannel#tryLock()}) on
 * {@value #FILE_NAME}, which the OS releases when the process dies, so a crash never leaves it
 * stuck. The holder writes its pid into the file and empties it on a clean close; a pid found there
 * on taking the lock means the previous writer died mid-run, and its leftovers need repair.
 */
final class WriterLock implements AutoCloseable {
    static final String FILE_NAME = "writer.lock";

    private final FileChannel channel;
    private final FileLock lock;
    private final String previousOwner;

    private WriterLock(FileChannel channel, FileLock lock, String previousOwner) {
        this.channel = channel;
        this.lock = lock;
        this.previousOwner = previousOwner;
    }

    static WriterLock acquire(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                throw new DatabaseException(DatabaseException.Kind.BUSY, "database " + dir
                    + " is already open for writing in this process");
            }
            if (lock == null) {
                throw new DatabaseException(DatabaseException.Kind.BUSY, "database " + dir + " is being written by another process (pid "
                    + contents(ch) + ", lock file " + file + "); wait for it to finish or use another --db");
            }
            String previous = contents(ch);
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)), 0);
            ch.force(true);
            return new WriterLock(ch, lock, previous);
        } catch (java.nio.file.AccessDeniedException | java.nio.file.ReadOnlyFileSystemException e) {
            closeQuietly(ch);
            throw new DatabaseException("cannot write database directory " + dir + " (permission denied or a read-only "
                + "file system): solving and repairing need write access; probe, stats, verify and play do not", e);
        } catch (IOException e) {
            closeQuietly(ch);
            if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null
                && (fse.getReason().contains("Read-only file system") || fse.getReason().contains("Operation not permitted"))) {
                throw new DatabaseException("cannot write database directory " + dir + " (" + fse.getReason().toLowerCase()
                    + "): solving and repairing need write access; probe, stats, verify and play do not", e);
            }
            throw new DatabaseException(DatabaseException.isNoSpace(e) ? DatabaseException.Kind.NO_SPACE
                : DatabaseException.Kind.UNUSABLE, "cannot lock database " + dir + " (" + file + "): " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
    }

    /** Whether the previous writer died without closing the database. */
    boolean previousWriterDied() {
        return !previousOwner.isEmpty();
    }

    private static String contents(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(64);
        ch.read(b, 0);
        return new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII).trim();
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing; the first error is the one to report
            }
        }
    }

    @Override
    public void close() {
        try {
            channel.truncate(0);
            channel.force(true);
            lock.release();
        } catch (IOException e) {
            throw new DatabaseException("cannot release the writer lock: " + e.getMessage(), e);
        } finally {
            closeQuietly(channel);
        }
    }
}
