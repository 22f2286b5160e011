package org.merrills.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.merrills.probe.Probe;
import org.merrills.serve.Limits;
import org.merrills.serve.TablebaseApi;
import org.merrills.serve.TablebaseServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code merrills serve}: the tablebase HTTP API and the analysis board over a database directory. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = {"Serves a solved database over HTTP: the JSON API (/v1/probe, /v1/moves, /v1/mainline, "
        + "/v1/database, /v1/board; documented at /api) and the analysis board at /. Read-only: it never takes the "
        + "writer lock, and sectors a running solve adds are served as they appear.",
        "Stops cleanly on Ctrl-C or SIGTERM."})
public final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--port", defaultValue = "8080", description = "TCP port (default: ${DEFAULT-VALUE}; 0: any free port).")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
        description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--threads", description = "Requests answered at once (default: twice the cores, at least 4).")
    Integer threads;

    @Mixin
    DatabaseRules rules;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be 0 to 65535, got " + port);
        }
        int workers = threads != null ? threads : Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        if (workers < 1 || workers > 1024) {
            throw new IllegalArgumentException("--threads must be 1 to 1024, got " + workers);
        }
        PrintWriter out = spec.commandLine().getOut();
        Probe probe = Probes.open(dbOption.dir, rules);
        TablebaseServer server;
        try {
            server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(workers)), bind, port, workers);
        } catch (Exception e) {
            probe.close();
            if (e instanceof java.io.IOException) {
                throw new IllegalArgumentException("cannot listen on " + bind + ":" + port + ": " + e.getMessage(), e);
            }
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop(server, probe);
            out.println("merrills serve: stopped");
            out.flush();
            stopped.countDown();
        }, "merrills-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println("merrills serve: " + server.uri() + "  (database " + dbOption.dir + ", " + probe.variant()
            + "; Ctrl-C stops)");
        out.flush();
        server.join();
        stopped.await();
        return 0;
    }

    private static void stop(TablebaseServer server, Probe probe) {
        try {
            if (!server.stop()) {
                System.err.println("merrills serve: a request was still reading the database when the server "
                    + "stopped; its files stay mapped until the process ends");
                return; // unmapped under a read, the JVM would crash instead of ending
            }
        } catch (Exception e) {
            System.err.println("merrills serve: stopping the server: " + e);
            return;
        }
        try {
            probe.close();
        } catch (Exception e) {
            System.err.println("merrills serve: closing the database: " + e);
        }
    }
}
