package org.merrills.index;

import java.util.ArrayList;
import java.util.List;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Variant;

/**
 * Where the moves of one sector lead under a variant's rules: the one place the sector graph and
 * the solver learn a sector's children. A move from {@code W-B-WF-BF} is
 * <ul>
 *   <li>a placement (the mover holds men): to {@code B-(W+1)-BF-(WF-1)}, or
 *       {@code (B-1)-(W+1)-BF-(WF-1)} when it takes a man;</li>
 *   <li>a move of a man on the board (the mover holds none, or the variant lets a side holding
 *       men move, as Lasker does): to the colour swap {@code B-W-BF-WF}, or
 *       {@code (B-1)-W-BF-WF} when it takes a man.</li>
 * </ul>
 * A capture that leaves the opponent fewer than three men on board and in hand ends the game
 * instead (a win in one for the mover), so it has no sector. Child masks are seen from the
 * child's side to move: its own men are the parent's enemy men.
 *
 * <p>With indexes given, each child sector comes with its index, for the solver.
 */
public final class Edges {
    public final Sector sector;
    /** After a placement taking no man; null when the mover holds no man or the board is full. */
    public final Sector placed;
    /** After a placement taking a man; null when there is none or it ends the game. */
    public final Sector placedCapture;
    /** After a board move taking no man: the colour swap, the sector solved with this one; null when no board move exists (no man to move, not allowed, or a full board). */
    public final Sector moved;
    /** After a board move taking a man; null when there is none or it ends the game. */
    public final Sector movedCapture;
    /** Whether any capture ends the game: the opponent holds three men in all. */
    public final boolean captureWins;
    public final SectorIndex placedIndex;
    public final SectorIndex placedCaptureIndex;
    public final SectorIndex movedIndex;
    public final SectorIndex movedCaptureIndex;

    /** The children of {@code s}; {@code indexes} may be null when only the sectors are wanted. */
    public Edges(Variant variant, Sector s, BoardIndexes indexes) {
        sector = s;
        boolean places = s.wf() > 0 && s.w() + s.b() < 24;
        boolean moves = variant.moves().mayMove(s.wf()) && s.w() > 0 && s.w() + s.b() < 24;
        boolean captures = s.b() > 0;
        captureWins = captures && MoveGenerator.tooFew(s.b() - 1, s.bf());
        placed = places ? new Sector(s.b(), s.w() + 1, s.bf(), s.wf() - 1) : null;
        placedCapture = places && captures && !captureWins ? new Sector(s.b() - 1, s.w() + 1, s.bf(), s.wf() - 1) : null;
        moved = moves ? s.mirror() : null;
        movedCapture = moves && captures && !captureWins ? new Sector(s.b() - 1, s.w(), s.bf(), s.wf()) : null;
        placedIndex = index(indexes, placed);
        placedCaptureIndex = index(indexes, placedCapture);
        movedIndex = index(indexes, moved);
        movedCaptureIndex = index(indexes, movedCapture);
    }

    private static SectorIndex index(BoardIndexes indexes, Sector s) {
        return indexes == null || s == null ? null : indexes.of(s);
    }

    /** Every child sector, the ones taking no man first, without repeats. */
    public List<Sector> children() {
        List<Sector> next = new ArrayList<>(4);
        for (Sector t : new Sector[] {placed, moved, placedCapture, movedCapture}) {
            if (t != null && !next.contains(t)) {
                next.add(t);
            }
        }
        return next;
    }

    /** The child's side to move (the opponent) after {@code move}. */
    public static int childOwn(int enemy, int move) {
        int removed = org.merrills.rules.Move.removed(move);
        return removed == org.merrills.rules.Move.NONE ? enemy : enemy & ~(1 << removed);
    }

    /** The child's opponent (the mover) after {@code move}. */
    public static int childEnemy(int own, int move) {
        int from = org.merrills.rules.Move.from(move);
        int moved = from == org.merrills.rules.Move.NONE ? own : own & ~(1 << from);
        return moved | 1 << org.merrills.rules.Move.to(move);
    }

    /** The sector the child of {@code move} lies in, or null when the move ends the game (a capture of the third-last man). */
    public Sector childSector(int move) {
        boolean placement = org.merrills.rules.Move.isPlacement(move);
        if (org.merrills.rules.Move.isCapture(move)) {
            return placement ? placedCapture : movedCapture;
        }
        return placement ? placed : moved;
    }
}
