package org.merrills.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.cli.Main;
import org.merrills.probe.Probe;
import org.merrills.rules.Notation;
import org.merrills.rules.Variant;

/**
 * {@code merrills serve} as a separate process, as a person runs it beside a solve: it prints its
 * address, never holds the writer lock (this test's solve takes it while the server runs), serves
 * a sector solved by the other process from then on, and stops cleanly on SIGTERM.
 */
class ServeCommandTest {
    private static final Pattern URL = Pattern.compile("merrills serve: (http://127\\.0\\.0\\.1:\\d+/) ");

    @TempDir
    Path tmp;

    @Test
    void servesBesideASolveAndStopsOnSigterm() throws Exception {
        Path db = tmp.resolve("db3");
        Solved.solve(db, 3, "3-3-0-0");
        Process server = serve(db);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            String first = out.readLine();
            assertTrue(first != null, "the server printed nothing");
            Matcher m = URL.matcher(first);
            assertTrue(m.find(), first);
            Http http = new Http(URI.create(m.group(1)));
            String opening = "........................ w 3 3";
            Http.Answer missing = http.probe(opening);
            assertEquals(404, missing.status(), missing.body());
            assertEquals("0-0-3-3", missing.json().get("sector").asText());

            Solved.solve(db, 3); // takes the writer lock: the server does not hold it

            Http.Answer now = http.probe(opening);
            assertEquals(200, now.status(), now.body());
            try (Probe direct = Probe.open(db, Variant.standard(3, true))) {
                assertEquals(direct.value(Notation.parsePosition(opening, 3)), now.json().get("distance").asInt());
            }
            // SIGTERM, as kill or a service manager sends it (Process.destroy would close our end of its output).
            assertEquals(0, new ProcessBuilder("kill", "-TERM", String.valueOf(server.pid())).start().waitFor());
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "stopped within 30 s");
            List<String> rest = new ArrayList<>();
            for (String line; (line = out.readLine()) != null; ) {
                rest.add(line);
            }
            assertTrue(rest.contains("merrills serve: stopped"), rest.toString());
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void refusesABusyPortAndBadOptions() throws Exception {
        Path db = tmp.resolve("db3-small");
        Solved.solve(db, 3, "3-3-0-0");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(2, Main.run("serve", "--db", db.toString(), "--port", String.valueOf(taken.getLocalPort())));
        }
        assertEquals(2, Main.run("serve", "--db", db.toString(), "--port", "70000"));
        assertEquals(2, Main.run("serve", "--db", db.toString(), "--threads", "0"));
        assertEquals(3, Main.run("serve", "--db", tmp.resolve("nothing").toString()), "missing data (README, Exit statuses)");
    }

    /** Starts {@code merrills serve} in a JVM of its own, with this JVM's flags and class path. */
    private static Process serve(Path db) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!arg.startsWith("-Xmx") && !arg.startsWith("-javaagent") && !arg.startsWith("-agentlib")) {
                cmd.add(arg);
            }
        }
        cmd.addAll(List.of("-Xmx512m", "-cp", System.getProperty("java.class.path"), "org.merrills.cli.Main", "serve",
            "--db", db.toString(), "--port", "0", "--threads", "2"));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        assertFalse(p.waitFor(0, TimeUnit.SECONDS));
        return p;
    }
}
