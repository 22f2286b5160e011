package org.merrills.probe.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * The one JSON mapper of the project's reports, shared by the CLI's {@code --json} and the HTTP
 * API so that both print the same schema. Thread-safe; configured once.
 */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter WRITER = MAPPER.writer();

    private Json() {
    }

    /** The mapper, for readers of the schema (tests, clients in Java). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** One report as one line of JSON (no line break): what {@code --json} prints and the API answers. */
    public static String line(Object report) {
        try {
            return WRITER.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report could not be written as JSON: " + e.getMessage(), e);
        }
    }

    /** The same as UTF-8 bytes, for the server. */
    public static byte[] bytes(Object report) {
        try {
            return WRITER.writeValueAsBytes(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report could not be written as JSON: " + e.getMessage(), e);
        }
    }
}
