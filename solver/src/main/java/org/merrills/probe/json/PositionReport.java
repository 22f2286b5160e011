package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A position in the schema shared by {@code merrills probe --json}, {@code merrills moves --json}
 * and {@code GET /v1/probe}: the position, the side to move, that side's phase, the sector
 * (counts from the side to move: its men, the other's, its hand, the other's), whether the game
 * is over (the side to move has lost, or in Morabaraba cannot move on a full board, a draw), the
 * value for the side to move when probed, and every legal move; probed moves are best first,
 * unprobed ones in generate order.
 */
@JsonPropertyOrder({"position", "side", "phase", "sector", "gameOver"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PositionReport(String position, String side, String phase, String sector, boolean gameOver,
                             @JsonUnwrapped @JsonInclude(JsonInclude.Include.NON_NULL) Outcome outcome,
                             List<MoveReport> moves) {
}
