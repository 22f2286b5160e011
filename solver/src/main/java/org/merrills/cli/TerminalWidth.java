package org.merrills.cli;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The width of the terminal standard error is on: {@code $COLUMNS}, else {@code stty size} on /dev/tty, else 80. */
final class TerminalWidth {
    static final int DEFAULT = 80;

    private TerminalWidth() {
    }

    static int columns() {
        Integer fromEnv = parse(System.getenv("COLUMNS"));
        if (fromEnv != null) {
            return fromEnv;
        }
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(new File("/dev/tty"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0) {
                String[] rowsCols = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split("\\s+");
                Integer cols = rowsCols.length == 2 ? parse(rowsCols[1]) : null;
                if (cols != null) {
                    return cols;
                }
            }
            p.destroy();
        } catch (Exception e) {
            // no terminal to ask: the default
        }
        return DEFAULT;
    }

    private static Integer parse(String s) {
        try {
            int n = s == null ? 0 : Integer.parseInt(s.trim());
            return n >= 20 && n <= 1000 ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
