package org.merrills.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import org.merrills.db.Value;
import org.merrills.probe.MoveValue;
import org.merrills.probe.Probe;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Notation;
import org.merrills.rules.NotationException;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code merrills play}: a game in the terminal against perfect play. */
@Command(name = "play", mixinStandardHelpOptions = true,
    description = {"Plays a game against perfect play from the database. Type moves in notation "
        + "(d2, d2-d3, d2xa1, d2-d3xa1); 'hint' shows every move's value, 'undo' takes back your "
        + "last move and the reply, 'quit' ends.",
        "Among equally good moves the program picks at random (--seed makes it repeatable)."})
public final class PlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--as", defaultValue = "white", description = "Your side: white or black (default: ${DEFAULT-VALUE}).")
    String as;

    @Option(names = "--men", description = "Men per side; must match the database (default: the database's).")
    Integer men;

    @Mixin
    DatabaseRules rules;

    @Option(names = "--seed", description = "Seed for the choice among equal moves (default: random).")
    Long seed;

    @Override
    public Integer call() throws Exception {
        Path db = dbOption.dir;
        Side human = Side.of(as);
        PrintWriter out = spec.commandLine().getOut();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Random random = seed == null ? new Random() : new Random(seed);
        try (Probe probe = Probes.open(db, rules)) {
            int n = probe.variant().men();
            if (men != null && men != n) {
                throw new IllegalArgumentException("the database " + db + " holds the game with " + n
                    + " men each, not " + men + "; solve it with: merrills solve --db DIR --variant "
                    + probe.variant().name() + " --men " + men);
            }
            Deque<Position> history = new ArrayDeque<>();
            Position p = Position.opening(n);
            out.println("You play " + human.label() + " (" + probe.variant() + "). Moves like d2, d2-d3, d2xa1, d2-d3xa1;"
                + " also hint, undo, quit.");
            while (true) {
                out.println();
                out.print(BoardDiagram.draw(p));
                MoveGenerator.End end = p.end(probe.variant());
                if (end == MoveGenerator.End.DRAWN) {
                    out.println("The board is full: a draw.");
                    out.flush();
                    return 0;
                }
                if (end == MoveGenerator.End.LOST) {
                    out.println(p.toMove() == human ? "You have lost." : "You have won.");
                    out.flush();
                    return 0;
                }
                if (p.toMove() != human) {
                    MoveValue reply = choose(probe.moves(p), random);
                    out.println("I play " + reply.notation() + " (" + Value.describe(reply.value()) + " for me)");
                    history.push(p);
                    p = p.play(reply.move());
                    continue;
                }
                out.print("your move> ");
                out.flush();
                String line = in.readLine();
                if (line == null || line.strip().equalsIgnoreCase("quit")) {
                    out.println();
                    out.println("Game ended.");
                    out.flush();
                    return 0;
                }
                String cmd = line.strip().toLowerCase(Locale.ROOT);
                if (cmd.isEmpty()) {
                    continue;
                }
                if (cmd.equals("hint")) {
                    out.println("position: " + Value.describe(probe.value(p)) + " for you");
                    for (MoveValue mv : probe.moves(p)) {
                        out.printf("  %-10s %s%n", mv.notation(), Value.describe(mv.value()));
                    }
                    continue;
                }
                if (cmd.equals("undo")) {
                    if (history.size() < 2 && !(history.size() == 1 && history.peek().toMove() == human)) {
                        out.println("nothing to undo");
                        continue;
                    }
                    // Back to the last position where it was your turn.
                    do {
                        p = history.pop();
                    } while (p.toMove() != human && !history.isEmpty());
                    continue;
                }
                try {
                    int move = Notation.parseMove(cmd, p, probe.variant());
                    history.push(p);
                    p = p.play(move);
                } catch (NotationException e) {
                    out.println(e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("reading standard input: " + e.getMessage(), e);
        }
    }

    /** A random one among the moves as good as the best. */
    static MoveValue choose(List<MoveValue> moves, Random random) {
        List<MoveValue> best = new ArrayList<>();
        for (MoveValue mv : moves) {
            if (mv.value() == moves.get(0).value()) {
                best.add(mv);
            }
        }
        return best.get(random.nextInt(best.size()));
    }
}
