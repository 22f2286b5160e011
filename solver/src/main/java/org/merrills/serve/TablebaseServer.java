package org.merrills.serve;

import java.net.URI;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.MinimumDataRateHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.merrills.probe.Probe;

/**
 * {@code merrills serve}'s HTTP server: Jetty over one {@link Probe}, read-only on the database
 * (the probe never takes the writer lock, and a sector a solve adds while the server runs is
 * found on the next request that needs it). Jetty's own limits carry the ones that must act
 * before a request is parsed or outside the API: header and URI size, idle connections, open
 * connections, clients sending or reading slower than 1 KiB/s.
 */
public final class TablebaseServer implements AutoCloseable {
    /** Slower than this (bytes per second) sending a request body or reading an answer, and a client is cut off. */
    private static final long MIN_DATA_RATE = 1024;
    /** Open connections at most; more wait in the accept queue, so one client's sockets cannot take them all. */
    private static final int MAX_CONNECTIONS = 512;

    private final Server server;
    private final ServerConnector connector;
    private final ApiHandler api;
    private final String host;

    private TablebaseServer(Server server, ServerConnector connector, ApiHandler api, String host) {
        this.server = server;
        this.connector = connector;
        this.api = api;
        this.host = host;
    }

    /**
     * Starts serving {@code api} on {@code bind}:{@code port} (0: any free port); the API answers
     * {@code api.limits().maxConcurrent()} requests at once, and Jetty gets {@code threads} threads
     * besides its own few.
     */
    public static TablebaseServer start(TablebaseApi api, String bind, int port, int threads) throws Exception {
        Limits limits = api.limits();
        // Jetty's threads accept, parse and hand each request to the API's own workers (ApiHandler),
        // so a few besides the acceptor and the selector do, however many requests wait.
        QueuedThreadPool pool = new QueuedThreadPool(threads + 6, Math.min(threads + 6, 4));
        pool.setName("merrills-serve");
        Server server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setRequestHeaderSize(limits.maxHeaderBytes());
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(bind);
        connector.setPort(port);
        connector.setIdleTimeout(limits.idleTimeout().toMillis());
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));
        ApiHandler handler = new ApiHandler(api, new StaticFiles());
        server.setHandler(new MinimumDataRateHandler(handler, MIN_DATA_RATE, MIN_DATA_RATE));
        server.setErrorHandler(new JsonErrorHandler(limits));
        server.setStopTimeout(3000);
        server.start();
        return new TablebaseServer(server, connector, handler, bind);
    }

    /** The board's address, for example {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return URI.create("http://" + h + ":" + connector.getLocalPort() + "/");
    }

    /** Waits until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops accepting, lets running requests finish (3 s, then an interrupt and 2 s more), then closes the connections. */
    @Override
    public void close() throws Exception {
        stop();
    }

    /**
     * {@link #close}, telling whether every request has left the probe: if not (a read still
     * waiting on the disk after the requests' grace and an interrupt), the probe must stay open
     * until the process ends.
     */
    public boolean stop() throws Exception {
        try {
            server.stop();
        } catch (TimeoutException e) {
            // a request outlived the graceful stop; Jetty stopped the handlers all the same
        }
        return api.finished();
    }
}
