package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.merrills.db.Value;

/**
 * A value as the schema writes it: {@code "value": "win" | "loss" | "draw"} and
 * {@code "distance"}, the plies to the end under perfect play ({@code null} for a draw). Kept
 * as one object so that a report without values (the rules alone, {@code merrills moves}) can
 * leave both fields out together while a draw still writes {@code "distance": null}.
 */
@JsonPropertyOrder({"value", "distance"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Outcome(String value, Integer distance) {
    /** The outcome of a value in the project's int encoding ({@link Value}). */
    public static Outcome of(int value) {
        return new Outcome(Value.kind(value), Value.isDraw(value) ? null : Value.distance(value));
    }
}
