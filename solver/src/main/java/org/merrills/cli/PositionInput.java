package org.merrills.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.merrills.probe.json.Json;
import org.merrills.rules.Notation;
import org.merrills.rules.Position;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The positions a command is given: as arguments, or one per line of standard input, answered as
 * they come (each answer flushed before the next line is read, so a pipe sees it at once). Every
 * input gets its answer or its own error, and the stream goes on: one bad line (a typo, a blank
 * line, a position of another game) costs that line only. An error is one line on standard error
 * ({@code merrills probe: line 3: ...}), or with {@code --json} a JSON object in the output stream
 * where the answer would have been ({@link LineError}). Surrounding blanks are ignored.
 */
final class PositionInput {
    /** The error record of one input: its line (or argument) number, the text, the message and the exit status it would have. */
    record LineError(long line, String input, String error, int status) {
    }

    private PositionInput() {
    }

    /**
     * Answers every position; returns {@link ExitStatus#OK} if all were answered, else the status
     * of the first that failed.
     */
    static ExitStatus each(boolean stdin, List<String> args, int men, CommandSpec spec, boolean json,
                           Consumer<Position> action) {
        Answering a = new Answering(men, spec.qualifiedName(), json, spec.commandLine().getOut(),
            spec.commandLine().getErr(), Main.debug(spec), action);
        boolean hasArgs = args != null && !args.isEmpty();
        if (stdin == hasArgs) {
            throw new IllegalArgumentException("give positions as arguments or --stdin, not " + (stdin ? "both" : "neither"));
        }
        ExitStatus first = ExitStatus.OK;
        if (!stdin) {
            long n = 0;
            for (String text : args) {
                first = worst(first, a.answer(++n, "argument", text));
            }
            return first;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        long lineNo = 0;
        try {
            for (String text; (text = in.readLine()) != null; ) {
                first = worst(first, a.answer(++lineNo, "line", text));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading standard input: " + e.getMessage(), e);
        }
        return first;
    }

    private static ExitStatus worst(ExitStatus sofar, ExitStatus now) {
        return sofar == ExitStatus.OK ? now : sofar;
    }

    /** How each input is answered: the command's streams and options. */
    private record Answering(int men, String command, boolean json, PrintWriter out, PrintWriter err, boolean debug,
                             Consumer<Position> action) {
        ExitStatus answer(long n, String what, String text) {
            ExitStatus.Failure failure;
            try {
                String position = text.strip();
                if (position.isEmpty()) {
                    throw new IllegalArgumentException("empty " + what + ", expected a position such as '........................ w 9 9'");
                }
                action.accept(Notation.parsePosition(position, men));
                out.flush();
                return ExitStatus.OK;
            } catch (RuntimeException e) {
                failure = ExitStatus.of(e);
                if (debug) {
                    out.flush();
                    e.printStackTrace(err);
                }
            }
            if (json) {
                out.println(Json.line(new LineError(n, text, failure.message(), failure.status().code)));
                out.flush();
            } else {
                out.flush();
                err.println(command + ": " + what + " " + n + ": " + failure.message());
                err.flush();
            }
            return failure.status();
        }
    }
}
