package org.merrills.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.merrills.probe.json.Json;
import org.merrills.rules.Notation;
import org.merrills.rules.Perft;
import org.merrills.rules.Position;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code merrills perft}: leaf counts of the game tree, the check of the move generator. */
@Command(name = "perft", mixinStandardHelpOptions = true,
    description = {"Counts the positions at a depth below a position, in whole-turn moves "
        + "(a mill-closing move counts once per man it may take). A position where the side to "
        + "move has lost (fewer than three men, or no move) has no children.",
        "Prints 'nodes N'; with --divide, first one line '<move> <count>' per root move."})
public final class PerftCommand implements Callable<Integer> {
    /** The deepest walk accepted: a few minutes at 2 x 10^8 leaves a second; each ply more costs about twenty times as long. */
    static final int MAX_DEPTH = 8;

    @Spec
    CommandSpec spec;

    @Option(names = "--depth", required = true, description = "Plies to walk, 0 to " + MAX_DEPTH + ".")
    int depth;

    @Option(names = "--position", description = "Root position (default: the variant's opening, "
        + "'........................ w N N' with its N men each).")
    String position;

    @Mixin
    RuleOptions rules;

    @Option(names = "--divide", description = "Also print the count below each root move.")
    boolean divide;

    @Option(names = "--json", description = "Print one JSON object instead.")
    boolean json;

    /** {@code --json}: the count, and with {@code --divide} the count below each first move. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record PerftReport(String position, int depth, boolean flying, long nodes, List<DivideRow> divide, double seconds) {
    }

    record DivideRow(String move, long nodes) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("--depth must be 0 to " + MAX_DEPTH + ", got " + depth + " (the tree grows "
                + "about twentyfold per ply: depth 8 from the opening is some 10^10 leaves, minutes; deeper runs for hours to years)");
        }
        Variant variant = rules.variant();
        Position root = position == null ? variant.opening() : Notation.parsePosition(position, variant.men());
        Perft perft = new Perft(root, depth, variant);
        long start = System.nanoTime();
        long nodes;
        List<DivideRow> moves = new ArrayList<>();
        if (divide && depth > 0) {
            nodes = 0;
            for (long[] row : perft.divide(depth)) {
                String move = Notation.formatMove((int) row[0]);
                nodes += row[1];
                if (json) {
                    moves.add(new DivideRow(move, row[1]));
                } else {
                    out.println(move + " " + row[1]);
                }
            }
        } else {
            nodes = perft.count(depth);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (json) {
            out.println(Json.line(new PerftReport(root.toString(), depth, variant.flying(), nodes, divide ? moves : null,
                Math.round(seconds * 1000) / 1000.0)));
        } else {
            out.println("nodes " + nodes);
            spec.commandLine().getErr().printf(java.util.Locale.ROOT, "%.3f s, %.0f nodes/s%n",
                seconds, nodes / Math.max(seconds, 1e-9));
        }
        out.flush();
        return 0;
    }
}
