package org.merrills.cli;

import java.util.Locale;

/** Sizes as a person reads them, and the machine's limits the commands check before they start. */
final class Resources {
    private Resources() {
    }

    /** The most worker threads a command accepts: four per core (more only slows a solve down). */
    static int maxThreads() {
        return 4 * Runtime.getRuntime().availableProcessors();
    }

    /** "1.3 GiB", "420 MiB", "12 KiB". */
    static String gib(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.0f KiB", Math.max(1, bytes) / 1024.0);
    }
}
