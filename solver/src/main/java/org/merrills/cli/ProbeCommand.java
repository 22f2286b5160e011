package org.merrills.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.merrills.db.Value;
import org.merrills.probe.MoveValue;
import org.merrills.probe.Probe;
import org.merrills.probe.json.Json;
import org.merrills.probe.json.Reports;
import org.merrills.rules.Position;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
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

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--json", description = "One JSON object per position (JSON Lines with --stdin), "
        + "in the schema of the HTTP API's /v1/probe (see the README).")
    boolean json;

    @Mixin
    DatabaseRules rules;

    @Option(names = "--stdin", description = "Read positions from standard input, one per line, streamed.")
    boolean stdin;

    @Parameters(paramLabel = "POS", arity = "0..*", description = "Positions (quote each one).")
    List<String> positions;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (Probe probe = Probes.open(dbOption.dir, rules)) {
            return PositionInput.each(stdin, positions, probe.variant().men(), spec, json, p -> print(probe, p, out)).code;
        }
    }

    private void print(Probe probe, Position p, PrintWriter out) {
        if (json) {
            out.println(Json.line(Reports.probed(probe, p)));
            return;
        }
        int value = probe.value(p);
        List<MoveValue> moves = probe.moves(p);
        out.println(p + "  " + Value.describe(value));
        for (MoveValue mv : moves) {
            out.printf("  %-10s %s%n", mv.notation(), Value.describe(mv.value()));
        }
    }
}
