package org.merrills.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.merrills.db.Value;
import org.merrills.probe.MoveValue;
import org.merrills.probe.Probe;
import org.merrills.rules.Notation;
import org.merrills.rules.NotationException;
import org.merrills.rules.Position;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merrills probe}: the value of positions and of each of their moves, from the database. */
@Command(name = "probe", mixinStandardHelpOptions = true,
    description = {"Looks positions up in a solved database: the value for the side to move "
        + "(win or loss in d plies, or draw), then every legal move with the value it leads to, best "
        + "first (shortest wins, draws, longest losses).",
        "A position is '<board> <side> <white in hand> <black in hand>'."})
public final class ProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--db", defaultValue = "db", description = "Database directory (default: ${DEFAULT-VALUE}).")
    Path db;

    @Option(names = "--json", description = "One JSON object per position (JSON Lines with --stdin).")
    boolean json;

    @Option(names = "--no-flying", description = "Expect a database solved without flying.")
    boolean noFlying;

    @Option(names = "--stdin", description = "Read positions from standard input, one per line, streamed.")
    boolean stdin;

    @Parameters(paramLabel = "POS", arity = "0..*", description = "Positions (quote each one).")
    List<String> positions;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (stdin == (positions != null && !positions.isEmpty())) {
            throw new IllegalArgumentException("give positions as arguments or --stdin, not " + (stdin ? "both" : "neither"));
        }
        try (Probe probe = Probes.open(db, noFlying)) {
            if (!stdin) {
                for (String text : positions) {
                    print(probe, Notation.parsePosition(text, probe.variant().men()), out);
                }
                out.flush();
                return 0;
            }
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            long lineNo = 0;
            try {
                for (String text; (text = in.readLine()) != null; ) {
                    lineNo++;
                    Position p;
                    try {
                        p = Notation.parsePosition(text, probe.variant().men());
                    } catch (NotationException e) {
                        out.flush();
                        throw new IllegalArgumentException("line " + lineNo + ": " + e.getMessage(), e);
                    }
                    print(probe, p, out);
                    out.flush();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading standard input: " + e.getMessage(), e);
            }
        }
        return 0;
    }

    private void print(Probe probe, Position p, PrintWriter out) {
        int value = probe.value(p);
        List<MoveValue> moves = probe.moves(p);
        if (json) {
            StringBuilder sb = new StringBuilder(256);
            sb.append("{\"position\":\"").append(p).append("\",").append(Json.value(value)).append(",\"moves\":[");
            for (int i = 0; i < moves.size(); i++) {
                MoveValue mv = moves.get(i);
                sb.append(i == 0 ? "" : ",").append("{\"move\":\"").append(mv.notation()).append("\",")
                    .append(Json.value(mv.value())).append('}');
            }
            out.println(sb.append("]}"));
            return;
        }
        out.println(p + "  " + Value.describe(value));
        for (MoveValue mv : moves) {
            out.printf("  %-10s %s%n", mv.notation(), Value.describe(mv.value()));
        }
    }
}
