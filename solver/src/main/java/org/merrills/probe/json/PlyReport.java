package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** One ply of a perfect line: who played which move, the position after it, and the move's value for the side that played it. */
@JsonPropertyOrder({"ply", "side", "move", "position"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PlyReport(int ply, String side, String move, String position, @JsonUnwrapped Outcome outcome) {
}
