package org.merrills.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.merrills.probe.json.Json;
import org.merrills.probe.json.Reports;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Notation;
import org.merrills.rules.Position;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merrills moves}: the legal moves of positions, as the rules' generate lists them. */
@Command(name = "moves", mixinStandardHelpOptions = true,
    description = {"Prints, for each position, one line: its legal moves in generate order "
        + "(point landed on, then point left, then man taken), space separated; an empty line "
        + "when there are none (also when the side to move has lost: fewer than three men).",
        "A position is '<board> <side> <white in hand> <black in hand>', for example "
        + "'WWW.......W........BB..B b 0 0'."})
public final class MovesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RuleOptions rules;

    @Option(names = "--json", description = "One JSON object per position, in the schema of the HTTP "
        + "API's /v1/probe without the values: position, side, phase, sector, gameOver, moves "
        + "(move, from, to, taken, closesMill, position) in generate order.")
    boolean json;

    @Option(names = "--stdin", description = "Read positions from standard input, one per line.")
    boolean stdin;

    @Parameters(paramLabel = "POS", arity = "0..*", description = "Positions (quote each one).")
    List<String> positions;

    private final int[] buffer = new int[MoveGenerator.MAX_MOVES];
    private final StringBuilder line = new StringBuilder(4096);

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Variant variant = rules.variant();
        return PositionInput.each(stdin, positions, variant.men(), spec, json, p -> out.println(movesLine(p, variant))).code;
    }

    private String movesLine(Position p, Variant variant) {
        if (json) {
            return Json.line(Reports.unprobed(p, variant));
        }
        int n = p.end(variant) != MoveGenerator.End.NOT_OVER ? 0 : p.generate(variant, buffer); // a side that has lost has no move
        line.setLength(0);
        for (int i = 0; i < n; i++) {
            line.append(i > 0 ? " " : "").append(Notation.formatMove(buffer[i]));
        }
        return line.toString();
    }
}
