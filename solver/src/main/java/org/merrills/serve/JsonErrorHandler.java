package org.merrills.serve;

import java.io.IOException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty itself answers before a request reaches the API (a URI or headers too large, a
 * malformed request line, a slow client timed out) in the API's JSON shape instead of HTML.
 */
final class JsonErrorHandler extends ErrorHandler {
    private final Limits limits;

    JsonErrorHandler(Limits limits) {
        this.limits = limits;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) throws IOException {
        Answers.error(response, callback, ApiError.of(code, field(code), text(code, message)));
    }

    private static String field(int code) {
        return switch (code) {
            case 413 -> "body";
            case 414 -> "uri";
            case 431 -> "headers";
            default -> "request";
        };
    }

    private String text(int code, String message) {
        return switch (code) {
            case 413 -> "body: larger than " + limits.maxBodyBytes() + " bytes";
            case 414 -> "uri: longer than the " + limits.maxHeaderBytes() + " bytes allowed for the request line";
            case 431 -> "headers: larger than " + limits.maxHeaderBytes() + " bytes";
            default -> "request: " + (message == null ? "status " + code : message);
        };
    }
}
