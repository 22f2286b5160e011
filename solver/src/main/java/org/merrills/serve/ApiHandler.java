package org.merrills.serve;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.merrills.probe.json.Json;

/**
 * Routes requests to the {@link TablebaseApi} and the board's files, within the {@link Limits}:
 * at most {@code maxConcurrent} requests are answered at once, each on one of as many threads of
 * this handler's own; a request that cannot start within {@code queueWait} of its arrival gets
 * 503. Waiting holds no thread: Jetty's threads only hand requests over, so however many clients
 * queue, each is answered or refused in time, never left to the idle timeout (50 clients with
 * bulk requests of 10,000 cold positions each got empty replies after 10 to 15 s, and 503s after
 * 5 to 10 s, when the wait was a semaphore on Jetty's own threads). Bodies and bulk requests are
 * bounded (413), and whatever goes wrong in a request is answered as JSON, never as an HTML page.
 */
final class ApiHandler extends Handler.Abstract {
    private final TablebaseApi api;
    private final StaticFiles files;
    private final Limits limits;
    private ThreadPoolExecutor workers;
    private ScheduledThreadPoolExecutor timer;
    /** Set once stopped: whether every request had left the API's threads. */
    private volatile boolean finished;

    ApiHandler(TablebaseApi api, StaticFiles files) {
        super(InvocationType.NON_BLOCKING); // handle() only hands the request over
        this.api = api;
        this.files = files;
        this.limits = api.limits();
    }

    @Override
    protected void doStart() throws Exception {
        int n = limits.maxConcurrent();
        workers = new ThreadPoolExecutor(n, n, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), named("merrills-api"));
        timer = new ScheduledThreadPoolExecutor(1, named("merrills-api-wait"));
        timer.setRemoveOnCancelPolicy(true);
        super.doStart();
    }

    /**
     * Lets the requests running and waiting finish (up to the server's stop timeout), then
     * interrupts them and waits two seconds more (a bulk answer ends when its closed connection
     * refuses the next write).
     */
    @Override
    protected void doStop() throws Exception {
        super.doStop();
        workers.shutdown();
        if (!workers.awaitTermination(3, TimeUnit.SECONDS)) {
            workers.shutdownNow();
            workers.awaitTermination(2, TimeUnit.SECONDS);
        }
        timer.shutdownNow();
        finished = workers.isTerminated();
    }

    /**
     * Whether, stopped, no request is still inside the API: only then may the probe's files be
     * unmapped (a read from an unmapped file is a crash of the whole JVM, not an exception). A read
     * that waits on a cold page of the disk cannot be interrupted.
     */
    boolean finished() {
        return finished;
    }

    private static ThreadFactory named(String name) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        AtomicBoolean taken = new AtomicBoolean(); // by the worker that answers it or by the timer that refuses it
        ScheduledFuture<?> refusal = timer.schedule(() -> {
            if (taken.compareAndSet(false, true)) {
                busy(response, callback);
            }
        }, limits.queueWait().toMillis(), TimeUnit.MILLISECONDS);
        try {
            workers.execute(() -> {
                if (taken.compareAndSet(false, true)) {
                    refusal.cancel(false);
                    answer(request, response, callback);
                }
            });
        } catch (RejectedExecutionException e) { // the server is stopping
            if (taken.compareAndSet(false, true)) {
                refusal.cancel(false);
                busy(response, callback);
            }
        }
        return true;
    }

    private void busy(Response response, Callback callback) {
        response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
        Answers.error(response, callback, ApiError.of(503, "request", "request: the server is answering "
            + limits.maxConcurrent() + " requests already; try again"));
    }

    private void answer(Request request, Response response, Callback callback) {
        try {
            route(request, response, callback);
        } catch (ApiException e) {
            Answers.error(response, callback, e.error());
        } catch (RuntimeException | IOException | Error e) { // an Error too: else the client waits for its idle timeout
            Answers.error(response, callback, ApiError.of(500, "request", "internal error: " + e));
        }
    }

    private void route(Request request, Response response, Callback callback) throws IOException {
        String path = request.getHttpURI().getPath();
        String method = request.getMethod();
        boolean get = method.equals("GET") || method.equals("HEAD");
        switch (path) {
            case "/v1/probe" -> {
                if (method.equals("POST")) {
                    bulk(request, response, callback);
                } else {
                    requireGet(response, get, "GET, POST", method, path);
                    Answers.json(response, callback, api.probeJson(query(request).getValue("position")));
                }
            }
            case "/v1/moves" -> {
                requireGet(response, get, "GET", method, path);
                Answers.json(response, callback, Json.bytes(api.moves(query(request).getValue("position"))));
            }
            case "/v1/mainline" -> {
                requireGet(response, get, "GET", method, path);
                Fields q = query(request);
                Answers.json(response, callback, Json.bytes(api.mainline(q.getValue("position"), q.getValue("plies"))));
            }
            case "/v1/database" -> {
                requireGet(response, get, "GET", method, path);
                Answers.json(response, callback, Json.bytes(api.database()));
            }
            case "/v1/board" -> {
                requireGet(response, get, "GET", method, path);
                Answers.json(response, callback, api.boardJson());
            }
            default -> {
                Optional<StaticFiles.File> file = files.get(path);
                if (file.isEmpty()) {
                    throw ApiException.of(404, "path", "path: nothing at " + abbreviate(path)
                        + "; the API is /v1/probe, /v1/moves, /v1/mainline, /v1/database, /v1/board (documented at /api), the board is /");
                }
                requireGet(response, get, "GET", method, path);
                // The board fetches only from this server: no fonts, scripts or styles from elsewhere.
                response.getHeaders().put("Content-Security-Policy",
                    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'");
                Answers.bytes(response, callback, 200, file.get().type(), file.get().body());
            }
        }
    }

    private static Fields query(Request request) {
        try {
            return Request.extractQueryParameters(request, StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            throw ApiException.of(400, "query", "query: not a valid query string (" + e.getMessage() + ")");
        }
    }

    private static void requireGet(Response response, boolean get, String allowed, String method, String path) {
        if (!get) {
            response.getHeaders().put(HttpHeader.ALLOW, allowed.equals("GET") ? "GET, HEAD" : "GET, HEAD, POST");
            throw ApiException.of(405, "method", "method: " + path + " answers " + allowed + ", not " + method);
        }
    }

    /**
     * {@code POST /v1/probe}: one position per line, answered as JSON Lines in the same order. The
     * whole body is read and checked against the limits before the first answer, so a refusal is
     * a plain 413 and never a half-written stream.
     */
    private void bulk(Request request, Response response, Callback callback) throws IOException {
        List<String> lines = lines(readBody(request));
        Answers.startJsonLines(response);
        try (OutputStream out = Content.Sink.asOutputStream(response)) {
            for (int i = 0; i < lines.size(); i++) {
                out.write(bulkLine(lines.get(i), i + 1));
                out.write('\n');
            }
        } catch (IOException e) {
            callback.failed(e);
            return;
        }
        callback.succeeded();
    }

    /** One answer line; past the first byte of the stream even a fault is answered in its line, never by a torn stream. */
    private byte[] bulkLine(String line, int lineNo) {
        try {
            return api.bulkLine(line, lineNo);
        } catch (RuntimeException e) {
            return Json.bytes(ApiError.of(500, "position", "internal error: " + e).atLine(lineNo));
        }
    }

    private byte[] readBody(Request request) throws IOException {
        long declared = request.getLength();
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 && declared <= limits.maxBodyBytes()
            ? (int) declared : 8192);
        byte[] buf = new byte[8192];
        try (InputStream in = Content.Source.asInputStream(request)) {
            if (declared > limits.maxBodyBytes()) {
                discard(in, buf);
                throw tooLarge("body: " + declared + " bytes, more than the " + limits.maxBodyBytes() + " allowed");
            }
            for (int n; (n = in.read(buf)) > 0; ) {
                body.write(buf, 0, n);
                if (body.size() > limits.maxBodyBytes()) {
                    discard(in, buf);
                    throw tooLarge("body: more than the " + limits.maxBodyBytes() + " bytes allowed");
                }
            }
        }
        return body.toByteArray();
    }

    /**
     * Reads and drops what is left of a refused body, up to a few times the limit, so that the
     * client, still sending, reads the 413 instead of a reset connection; past that the
     * connection is closed.
     */
    private void discard(InputStream in, byte[] buf) throws IOException {
        long left = 4L * limits.maxBodyBytes();
        for (int n; left > 0 && (n = in.read(buf)) > 0; ) {
            left -= n;
        }
    }

    private List<String> lines(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            int stop = end < 0 ? text.length() : end;
            String line = text.substring(start, stop > start && text.charAt(stop - 1) == '\r' ? stop - 1 : stop);
            lines.add(line);
            if (line.length() > limits.maxLineChars()) {
                throw tooLarge("body: line " + lines.size() + " has " + line.length() + " characters, more than the "
                    + limits.maxLineChars() + " a position may have");
            }
            if (lines.size() > limits.maxBulkPositions()) {
                throw tooLarge("body: more than " + limits.maxBulkPositions() + " positions; send at most "
                    + limits.maxBulkPositions() + " lines per request");
            }
            start = stop + 1;
        }
        if (lines.stream().allMatch(String::isBlank)) {
            throw ApiException.of(400, "body", "body: no position; send one position per line");
        }
        return lines;
    }

    private static ApiException tooLarge(String message) {
        return ApiException.of(413, "body", message);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }
}
