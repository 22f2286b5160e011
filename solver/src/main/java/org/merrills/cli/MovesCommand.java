package org.merrills.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
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
        + "when there are none.",
        "A position is '<board> <side> <white in hand> <black in hand>', for example "
        + "'WWW.......W........BB..B b 0 0'."})
public final class MovesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RuleOptions rules;

    @Option(names = "--json", description = "One JSON object per position: "
        + "{\"position\": ..., \"moves\": [...]}.")
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
        PositionInput.each(stdin, positions, variant.men(), out, p -> out.println(movesLine(p, variant)));
        return 0;
    }

    private String movesLine(Position p, Variant variant) {
        int n = p.generate(variant, buffer);
        line.setLength(0);
        if (json) {
            line.append("{\"position\":\"").append(p).append("\",\"moves\":[");
        }
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                line.append(json ? "," : " ");
            }
            line.append(json ? "\"" : "").append(Notation.formatMove(buffer[i])).append(json ? "\"" : "");
        }
        if (json) {
            line.append("]}");
        }
        return line.toString();
    }
}
