package org.merrills.serve;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The body of every error answer: the HTTP status, the request field that is wrong (a query
 * parameter, a field of the position notation, {@code body}, {@code path}), a one-line message,
 * and for a missing sector the sector and the command that builds it. In a bulk answer,
 * {@code line} says which input line it answers.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"line", "status", "field", "message", "sector", "command"})
public record ApiError(Integer line, int status, String field, String message, String sector, String command) {
    public static ApiError of(int status, String field, String message) {
        return new ApiError(null, status, field, message, null, null);
    }

    /** The same error, answering input line {@code line} of a bulk request. */
    public ApiError atLine(int line) {
        return new ApiError(line, status, field, "line " + line + ": " + message, sector, command);
    }
}
