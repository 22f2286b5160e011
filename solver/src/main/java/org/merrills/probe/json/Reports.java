package org.merrills.probe.json;

import java.util.ArrayList;
import java.util.List;
import org.merrills.index.Sector;
import org.merrills.probe.MoveValue;
import org.merrills.probe.PerfectLine;
import org.merrills.probe.Probe;
import org.merrills.rules.Move;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Notation;
import org.merrills.rules.Phase;
import org.merrills.rules.Points;
import org.merrills.rules.Position;
import org.merrills.rules.Variant;

/** Builds the schema's records from positions and probes: the one place a result becomes a report. */
public final class Reports {
    private Reports() {
    }

    /** A position with its value and its moves, best first, from a solved database. */
    public static PositionReport probed(Probe probe, Position p) {
        int value = probe.value(p);
        List<MoveValue> moves = probe.moves(p);
        List<MoveReport> list = new ArrayList<>(moves.size());
        for (MoveValue mv : moves) {
            list.add(move(p, mv.move(), Outcome.of(mv.value())));
        }
        return header(p, probe.variant(), Outcome.of(value), list);
    }

    /** A position with its legal moves in generate order and no values: what the rules alone say. */
    public static PositionReport unprobed(Position p, Variant variant) {
        List<MoveReport> list = new ArrayList<>();
        if (p.end(variant) == MoveGenerator.End.NOT_OVER) {
            int[] buf = new int[MoveGenerator.MAX_MOVES];
            int n = p.generate(variant, buf);
            for (int i = 0; i < n; i++) {
                list.add(move(p, buf[i], null));
            }
        }
        return header(p, variant, null, list);
    }

    /** A perfect line: the start with its value, then each ply with the position after it. */
    public static LineReport line(Position start, PerfectLine line) {
        List<PlyReport> plies = new ArrayList<>(line.moves().size());
        Position p = start;
        for (int i = 0; i < line.moves().size(); i++) {
            MoveValue mv = line.moves().get(i);
            Position next = line.positions().get(i + 1);
            plies.add(new PlyReport(i + 1, p.toMove().label(), mv.notation(), next.toString(), Outcome.of(mv.value())));
            p = next;
        }
        return new LineReport(start.toString(), start.toMove().label(), Outcome.of(line.value()), plies,
            switch (line.end()) {
                case LOST -> "game over: " + p.toMove().label() + " has lost";
                case DRAWN -> "game over: the board is full and " + p.toMove().label() + " cannot move: a draw";
                case NOT_OVER -> "stopped after " + plies.size() + " plies";
            },
            line.ended());
    }

    private static PositionReport header(Position p, Variant variant, Outcome outcome, List<MoveReport> moves) {
        int own = Integer.bitCount(p.own()), enemy = Integer.bitCount(p.enemy());
        return new PositionReport(p.toString(), p.toMove().label(), Phase.of(own, p.ownHand(), variant.moves()).label(),
            Sector.of(own, enemy, p.ownHand(), p.enemyHand()).name(), p.end(variant) != MoveGenerator.End.NOT_OVER,
            outcome, List.copyOf(moves));
    }

    private static MoveReport move(Position p, int m, Outcome outcome) {
        int from = Move.from(m), taken = Move.removed(m);
        return new MoveReport(Notation.formatMove(m), from == Move.NONE ? null : Points.name(from),
            Points.name(Move.to(m)), taken == Move.NONE ? null : Points.name(taken), Move.closes(m) > 0,
            p.play(m).toString(), outcome);
    }
}
