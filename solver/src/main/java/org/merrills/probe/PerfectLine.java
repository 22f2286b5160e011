package org.merrills.probe;

import java.util.ArrayList;
import java.util.List;
import org.merrills.db.Value;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Position;

/**
 * Perfect play from a position: the best move each ply (ties: the first in generate order), to
 * the end of a won or lost game, or for a bounded number of plies of a drawn one. A won or lost
 * line has exactly as many plies as the start's distance.
 *
 * @param value     the start's value for its side to move
 * @param moves     the moves played, each with its value for the side that played it
 * @param positions the start, then the position after each move (one more than the moves)
 * @param end       how the last position stands: over (lost for its side to move, or in Morabaraba a
 *                  full board, drawn) or not (a drawn line cut at its ply limit)
 */
public record PerfectLine(int value, List<MoveValue> moves, List<Position> positions, MoveGenerator.End end) {
    public PerfectLine {
        moves = List.copyOf(moves);
        positions = List.copyOf(positions);
    }

    /** Plays the line from {@code start}; a drawn line stops after {@code drawPlies} plies. */
    public static PerfectLine from(Probe probe, Position start, int drawPlies) {
        if (drawPlies < 0) {
            throw new IllegalArgumentException("plies must be 0 or more, got " + drawPlies);
        }
        int value = probe.value(start);
        int limit = Value.isDraw(value) ? drawPlies : value;
        List<MoveValue> moves = new ArrayList<>();
        List<Position> positions = new ArrayList<>();
        positions.add(start);
        Position p = start;
        for (int ply = 1; ply <= limit; ply++) {
            List<MoveValue> options = probe.moves(p);
            if (options.isEmpty()) {
                break;
            }
            MoveValue best = options.get(0);
            p = p.play(best.move());
            moves.add(best);
            positions.add(p);
        }
        return new PerfectLine(value, moves, positions, p.end(probe.variant()));
    }

    /** Whether the game is over at the line's last position. */
    public boolean ended() {
        return end != MoveGenerator.End.NOT_OVER;
    }

}
