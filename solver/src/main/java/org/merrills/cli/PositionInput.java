package org.merrills.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.merrills.rules.Notation;
import org.merrills.rules.NotationException;
import org.merrills.rules.Position;

/**
 * The positions a command is given: as arguments, or one per line of standard input, answered as
 * they come (each answer flushed before the next line is read, so a pipe sees it at once). A bad
 * line stops the command with an error naming the line; the answers before it stand.
 */
final class PositionInput {
    private PositionInput() {
    }

    static void each(boolean stdin, List<String> args, int men, PrintWriter out, Consumer<Position> action) {
        boolean hasArgs = args != null && !args.isEmpty();
        if (stdin == hasArgs) {
            throw new IllegalArgumentException("give positions as arguments or --stdin, not " + (stdin ? "both" : "neither"));
        }
        if (!stdin) {
            for (String text : args) {
                action.accept(Notation.parsePosition(text, men));
            }
            out.flush();
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        long lineNo = 0;
        try {
            for (String text; (text = in.readLine()) != null; ) {
                lineNo++;
                Position p;
                try {
                    p = Notation.parsePosition(text, men);
                } catch (NotationException e) {
                    out.flush();
                    throw new IllegalArgumentException("line " + lineNo + ": " + e.getMessage(), e);
                }
                action.accept(p);
                out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading standard input: " + e.getMessage(), e);
        }
    }
}
