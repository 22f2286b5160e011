package org.merrills.serve;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.merrills.probe.json.Json;

/** Writing whole answers: JSON bodies, errors, static bytes. The one place the response headers are set. */
final class Answers {
    static final String JSON = "application/json; charset=utf-8";
    static final String JSON_LINES = "application/x-ndjson; charset=utf-8";

    private Answers() {
    }

    static void json(Response response, Callback callback, byte[] body) {
        bytes(response, callback, 200, JSON, body);
    }

    static void error(Response response, Callback callback, ApiError error) {
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        bytes(response, callback, error.status(), JSON, Json.bytes(error));
    }

    /** Starts the bulk probe's streamed answer: its status and headers; the lines follow. */
    static void startJsonLines(Response response) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON_LINES);
        allowAnyOrigin(response);
    }

    static void bytes(Response response, Callback callback, int status, String type, byte[] body) {
        if (type.equals(JSON)) {
            allowAnyOrigin(response);
        }
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /**
     * The values are public and the API only reads: a page from any origin may call it from a
     * browser (a bulk POST of plain lines needs no preflight).
     */
    private static void allowAnyOrigin(Response response) {
        response.getHeaders().put("Access-Control-Allow-Origin", "*");
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
