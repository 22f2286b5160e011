package org.merrills.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The analysis board's files and the API document, shipped in the jar and read once at start.
 * Only the names listed here are served (no path is ever resolved from a request).
 */
final class StaticFiles {
    private static final String ROOT = "/org/merrills/serve/static/";
    private static final Map<String, String[]> FILES = Map.of(
        "/", new String[] {"index.html", "text/html; charset=utf-8"},
        "/index.html", new String[] {"index.html", "text/html; charset=utf-8"},
        "/board.js", new String[] {"board.js", "text/javascript; charset=utf-8"},
        "/board.css", new String[] {"board.css", "text/css; charset=utf-8"},
        "/api", new String[] {"api.md", "text/plain; charset=utf-8"});

    /** A file's bytes and content type. */
    record File(byte[] body, String type) {
    }

    private final Map<String, File> files;

    StaticFiles() {
        HashMap<String, File> loaded = new HashMap<>();
        FILES.forEach((path, f) -> loaded.put(path, new File(read(f[0]), f[1])));
        files = Map.copyOf(loaded);
    }

    Optional<File> get(String path) {
        return Optional.ofNullable(files.get(path));
    }

    /** The API document (the README's API section). */
    static String apiDocument() {
        return new String(read("api.md"), StandardCharsets.UTF_8);
    }

    private static byte[] read(String name) {
        try (InputStream in = StaticFiles.class.getResourceAsStream(ROOT + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + ROOT + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + ROOT + name + ": " + e.getMessage(), e);
        }
    }
}
