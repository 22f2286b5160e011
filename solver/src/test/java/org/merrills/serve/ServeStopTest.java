package org.merrills.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.merrills.db.Value;
import org.merrills.index.Indexes;
import org.merrills.probe.Probe;
import org.merrills.retro.SolvedValues;
import org.merrills.rules.Variant;

/**
 * Stopping the server while requests read: it must say whether one is still inside the probe,
 * because unmapping a file under a read ends the JVM, and a bulk answer must end with its
 * connection instead of running on for its 10,000 positions.
 */
class ServeStopTest {
    private static final Variant THREE = Variant.standard(3, true);
    /** Not over, 56 moves: a probe of it reads 57 values. */
    private static final String POSITION = "W.W...B..B.W.......B.... w 0 0";

    @Test
    void aStopWhileAReadCannotEndSaysTheProbeMustStayOpen() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        AtomicBoolean released = new AtomicBoolean();
        SolvedValues stuck = (sector, index) -> { // a read waiting on the disk: no interrupt ends it
            entered.countDown();
            while (!released.get()) {
                Thread.onSpinWait();
            }
            return Value.DRAW;
        };
        try (Probe probe = new Probe(THREE, Indexes.standard(), stuck)) {
            TablebaseServer server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(2)), "127.0.0.1", 0, 2);
            bulkInBackground(server, 3);
            assertTrue(entered.await(10, TimeUnit.SECONDS), "the request reached the probe");
            long start = System.nanoTime();
            assertFalse(server.stop(), "a read is still inside the probe");
            assertTrue(System.nanoTime() - start >= TimeUnit.SECONDS.toNanos(4), "it waited for the read first");
        } finally {
            released.set(true); // else the worker spins for the rest of the test run
        }
    }

    @Test
    void aBulkAnswerEndsWithItsConnectionWhenTheServerStops() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        SolvedValues slow = (sector, index) -> { // 1 ms a read, deaf to interrupts: 200 lines of 57 reads take 11 s
            entered.countDown();
            long until = System.nanoTime() + 1_000_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            return Value.DRAW;
        };
        try (Probe probe = new Probe(THREE, Indexes.standard(), slow)) {
            TablebaseServer server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(2)), "127.0.0.1", 0, 2);
            bulkInBackground(server, 200);
            assertTrue(entered.await(10, TimeUnit.SECONDS), "the request reached the probe");
            assertTrue(server.stop(), "the bulk answer ended within the stop's time");
        }
    }

    @Test
    void anIdleServerStopsWithEveryRequestDone() throws Exception {
        try (Probe probe = new Probe(THREE, Indexes.standard(), (sector, index) -> Value.DRAW)) {
            TablebaseServer server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(2)), "127.0.0.1", 0, 2);
            assertEquals(200, new Http(server.uri()).probe(POSITION).status());
            assertTrue(server.stop());
        }
    }

    private static void bulkInBackground(TablebaseServer server, int lines) {
        String body = (POSITION + "\n").repeat(lines);
        HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(server.uri().resolve("/v1/probe"))
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.discarding());
    }
}
