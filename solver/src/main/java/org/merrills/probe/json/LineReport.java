package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * A perfect line from a position ({@code GET /v1/mainline}): the start, its side to move and value
 * for that side, the plies, and how the line stopped ({@code gameOver}: the side to move at the
 * end has lost, or in Morabaraba cannot move on a full board, a draw, as {@code end} says;
 * otherwise the ply limit of a drawn line was reached).
 */
@JsonPropertyOrder({"position", "side"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record LineReport(String position, String side, @JsonUnwrapped Outcome outcome, List<PlyReport> plies,
                         String end, boolean gameOver) {
}
