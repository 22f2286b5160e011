package org.merrills.retro;

import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.rules.Move;

/**
 * Where the moves of one sector lead: the sector (and its index) of a move that takes no man,
 * and of one that does, or the end of the game when a capture leaves the opponent with fewer than
 * three men on board and in hand. Child masks are seen from the child's side to move.
 */
final class Edges {
    final Sector sector;
    final Sector quiet;
    final SectorIndex quietIndex;
    /** The sector a capture leads to; null when every capture wins at once. */
    final Sector capture;
    final SectorIndex captureIndex;

    Edges(Sector s, BoardIndexes indexes) {
        sector = s;
        int placed = s.isPlacing() ? 1 : 0;
        quiet = new Sector(s.b(), s.w() + placed, s.bf(), s.wf() - placed);
        quietIndex = indexes.of(quiet);
        if (s.b() >= 1 && s.b() - 1 + s.bf() >= 3) {
            capture = new Sector(s.b() - 1, s.w() + placed, s.bf(), s.wf() - placed);
            captureIndex = indexes.of(capture);
        } else {
            capture = null;
            captureIndex = null;
        }
    }

    /** Whether a capture from this sector ends the game (a win in 1 for the mover). */
    boolean captureWins() {
        return capture == null;
    }

    /** The child's side to move (the opponent) after {@code move}. */
    static int childOwn(int enemy, int move) {
        int removed = Move.removed(move);
        return removed == Move.NONE ? enemy : enemy & ~(1 << removed);
    }

    /** The child's opponent (the mover) after {@code move}. */
    static int childEnemy(int own, int move) {
        int from = Move.from(move);
        int moved = from == Move.NONE ? own : own & ~(1 << from);
        return moved | 1 << Move.to(move);
    }
}
