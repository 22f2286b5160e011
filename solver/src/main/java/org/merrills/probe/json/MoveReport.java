package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One legal move in the schema: its notation, the points it leaves, lands on and takes
 * ({@code null} when none), whether it closes a mill, the position after it and, when probed,
 * its value for the side that plays it (the side to move of the position it is listed under).
 */
@JsonPropertyOrder({"move", "from", "to", "taken", "closesMill", "position"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record MoveReport(String move, String from, String to, String taken, boolean closesMill, String position,
                         @JsonUnwrapped @JsonInclude(JsonInclude.Include.NON_NULL) Outcome outcome) {
}
