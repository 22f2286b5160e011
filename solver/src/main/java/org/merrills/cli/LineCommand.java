package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.merrills.db.Value;
import org.merrills.probe.MoveValue;
import org.merrills.probe.PerfectLine;
import org.merrills.probe.Probe;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Notation;
import org.merrills.rules.Position;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merrills line}: a perfect-play line from a position to the end of the game. */
@Command(name = "line", mixinStandardHelpOptions = true,
    description = "Plays perfect play from a position: the best move each ply (ties: the first in "
        + "generate order) with the value and the board, to the end of a won or lost game, or for "
        + "--plies plies of a drawn one.")
public final class LineCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--plies", defaultValue = "20", description = "Plies to show of a drawn line (default: ${DEFAULT-VALUE}).")
    int plies;

    @Mixin
    DatabaseRules rules;

    @Parameters(index = "0", paramLabel = "POS", description = "The starting position (quoted).")
    String position;

    @Override
    public Integer call() throws Exception {
        Path db = dbOption.dir;
        if (plies < 0) {
            throw new IllegalArgumentException("--plies must be 0 or more, got " + plies);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Probe probe = Probes.open(db, rules)) {
            Position p = Notation.parsePosition(position, probe.variant().men());
            PerfectLine line = PerfectLine.from(probe, p, plies);
            int value = line.value();
            out.println("start: " + p + "  " + p.toMove().label() + " to move: " + Value.describe(value));
            out.print(BoardDiagram.draw(p));
            for (int i = 0; i < line.moves().size(); i++) {
                MoveValue best = line.moves().get(i);
                Position next = line.positions().get(i + 1);
                out.println();
                out.printf("%d. %s %s  (%s: %s)%n", i + 1, p.toMove().label(), best.notation(), p.toMove().label(),
                    Value.describe(best.value()));
                out.print(BoardDiagram.draw(next));
                p = next;
            }
            out.println();
            MoveGenerator.End end = line.end();
            out.println(end == MoveGenerator.End.DRAWN ? "end: the board is full, " + p.toMove().label() + " cannot move: a draw"
                : end == MoveGenerator.End.LOST
                ? "end: " + p.toMove().label() + " has lost (" + (MoveGenerator.tooFew(Integer.bitCount(p.own()), p.ownHand())
                    ? "fewer than three men" : "no legal move") + ")"
                : "stopped after " + line.moves().size() + " plies: " + p + "  " + Value.describe(probe.value(p)));
            out.flush();
        }
        return 0;
    }
}
