package org.merrills.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.probe.Probe;
import org.merrills.rules.Variant;

/**
 * A bounded load test on loopback (tag "load", run with {@code mvn -B test -Pload -pl solver -am}):
 * 16 clients, each with its own keep-alive connection, probe random positions of the four-men
 * game for 10 seconds against a server with the default limits. Reports requests per second and
 * the latency percentiles (also into target/load-test.txt); any answer but 200 is an error, and
 * there must be none. A measurement, not a speed assertion.
 */
@Tag("load")
class ServeLoadTest {
    static final int CLIENTS = 16;
    static final long SECONDS = 10;

    @TempDir
    Path tmp;

    @Test
    void sixteenClientsForTenSeconds() throws Exception {
        Path db = tmp.resolve("db4");
        Solved.solve(db, 4);
        List<String> positions = Solved.randomPositions(4, 4096, 1);
        int workers = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        try (Probe probe = Probe.open(db, Variant.standard(4, true));
             TablebaseServer server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(workers)),
                 "127.0.0.1", 0, workers)) {
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            long end = System.nanoTime() + SECONDS * 1_000_000_000L;
            List<Future<long[]>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int seed = c;
                clients.add(pool.submit(() -> client(new Http(server.uri()), positions, seed, end)));
            }
            long[] all = new long[0];
            long errors = 0;
            for (Future<long[]> f : clients) {
                long[] r = f.get();
                errors += r[0];
                int from = all.length;
                all = Arrays.copyOf(all, from + r.length - 1);
                System.arraycopy(r, 1, all, from, r.length - 1);
            }
            pool.shutdown();
            Arrays.sort(all);
            String report = String.format("load test: %d clients, %d s, %d requests, %.0f requests/s, p50 %.2f ms, "
                    + "p99 %.2f ms, max %.2f ms, errors %d (server: %d workers, %d cores)%n", CLIENTS, SECONDS,
                all.length, all.length / (double) SECONDS, all[all.length / 2] / 1e6, all[(int) (all.length * 0.99)] / 1e6,
                all[all.length - 1] / 1e6, errors, workers, Runtime.getRuntime().availableProcessors());
            System.out.print(report);
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", "load-test.txt"), report, StandardCharsets.UTF_8);
            assertEquals(0, errors, report);
            assertTrue(all.length > CLIENTS, report);
        }
    }

    /** One client's loop: {errors, latency in ns of each request...}. */
    private static long[] client(Http http, List<String> positions, int seed, long end) {
        Random rnd = new Random(seed);
        long[] out = new long[1 << 16];
        int n = 1;
        long errors = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            Http.Answer a = http.probe(positions.get(rnd.nextInt(positions.size())));
            long t = System.nanoTime() - t0;
            if (a.status() != 200) {
                errors++;
            }
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = t;
        }
        out[0] = errors;
        return Arrays.copyOf(out, n);
    }
}
