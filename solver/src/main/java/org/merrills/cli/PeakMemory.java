package org.merrills.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's peak resident set since the unit in hand started, so that each sector's line
 * says what that sector took, page cache of mapped files included as far as it is mapped: the
 * whole run's peak (what {@code time -v} reports) says nothing of which size class set it. Linux
 * only ({@code /proc/self/status}'s VmHWM, reset by writing 5 to {@code /proc/self/clear_refs});
 * elsewhere, or where /proc will not be written, the peak is unknown and nothing is printed.
 */
final class PeakMemory {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");
    /** Whether the peak was reset at the last {@link #reset}: a peak not reset would be the whole run's. */
    private boolean reset;

    /** Starts a new peak: from now on, the highest resident set from the current one up. */
    void reset() {
        try {
            Files.writeString(CLEAR_REFS, "5");
            reset = true;
        } catch (IOException | RuntimeException e) {
            reset = false;
        }
    }

    /** The peak resident set in bytes since {@link #reset}, or -1 when unknown. */
    long peakBytes() {
        if (!reset) {
            return -1;
        }
        try {
            return vmHwmBytes(Files.readString(STATUS, StandardCharsets.ISO_8859_1));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The VmHWM line of a /proc status text ("VmHWM:   123456 kB") in bytes, or -1 if it has none. */
    static long vmHwmBytes(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmHWM:")) {
                String[] f = line.substring(6).trim().split("\\s+");
                if (f.length == 2 && f[1].equals("kB")) {
                    return Long.parseLong(f[0]) * 1024;
                }
            }
        }
        return -1;
    }

    /** "  peak 5.2 GiB" for a sector's line, or "" when the peak is unknown. */
    String suffix() {
        long bytes = peakBytes();
        return bytes < 0 ? "" : "  peak " + Resources.gib(bytes);
    }
}
