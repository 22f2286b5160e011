package org.merrills.serve;

import java.time.Duration;

/**
 * What one client may ask of the server, so that it cannot hurt the others: the size of a request
 * body, the length of one position, the positions in one bulk request, the requests served at
 * once (the rest wait up to {@code queueWait}, then get 503), the plies of a drawn main line, and
 * how long a silent connection is kept.
 */
public record Limits(int maxBodyBytes, int maxLineChars, int maxBulkPositions, int maxConcurrent, Duration queueWait,
                     int maxDrawPlies, Duration idleTimeout, int maxHeaderBytes) {
    public Limits {
        if (maxBodyBytes < 1 || maxLineChars < 1 || maxBulkPositions < 1 || maxConcurrent < 1 || maxDrawPlies < 0
            || maxHeaderBytes < 1024) {
            throw new IllegalArgumentException("limits must be positive: " + maxBodyBytes + ", " + maxLineChars + ", "
                + maxBulkPositions + ", " + maxConcurrent + ", " + maxDrawPlies + ", " + maxHeaderBytes);
        }
    }

    /** 10,000 positions of up to 64 characters fit the 1 MiB body; 8 KiB of headers; 10 s idle. */
    public static Limits defaults(int maxConcurrent) {
        return new Limits(1 << 20, 64, 10_000, maxConcurrent, Duration.ofSeconds(2), 1000, Duration.ofSeconds(10), 8192);
    }
}
