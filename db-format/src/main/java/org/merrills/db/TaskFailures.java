package org.merrills.db;

import java.util.concurrent.ExecutionException;

/**
 * The failure of a task run on a worker thread, raised again on the thread that waited for it, so
 * that the command reports it as what it is: a full disk, a damaged file or an exhausted heap keep
 * their own exit status instead of turning into a generic failure of the pool.
 */
public final class TaskFailures {
    private TaskFailures() {
    }

    /**
     * Throws the task's own exception if it is unchecked (a {@link RuntimeException} or an
     * {@link Error}); a checked one, which no task here declares, comes back wrapped for the
     * caller to throw: {@code throw TaskFailures.rethrow(e);}.
     */
    public static RuntimeException rethrow(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        if (cause instanceof Error r) {
            throw r;
        }
        return new IllegalStateException(cause);
    }
}
