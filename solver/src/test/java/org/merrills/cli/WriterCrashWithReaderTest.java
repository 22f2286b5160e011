package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, failure 3: a solve killed while a reader has the database open, then restarted,
 * must finish without waiting for the reader (Chronicle Map's recovery of a shared file waits for
 * every process that has it open; nothing here opens the shared catalogue but the writer).
 */
class WriterCrashWithReaderTest {
    @TempDir
    Path tmp;

    @Test
    void aRestartedSolveFinishesWhileAReaderStaysOpen() throws Exception {
        Path db = tmp.resolve("db4");
        Process writer = Shell.merrills("solve", "--men", "4", "--db", db.toString(), "--threads", "1")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Process reader = null;
        try {
            BufferedReader log = new BufferedReader(new InputStreamReader(writer.getErrorStream(), StandardCharsets.UTF_8));
            int finished = 0;
            for (String line; finished < 3 && (line = log.readLine()) != null; ) {
                if (line.contains(" positions  W ")) {
                    finished++;
                }
            }
            assertEquals(3, finished, "the writer committed three sectors");
            reader = Shell.merrills("probe", "--db", db.toString(), "--stdin").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            Writer toReader = new OutputStreamWriter(reader.getOutputStream(), StandardCharsets.UTF_8);
            BufferedReader fromReader = new BufferedReader(new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8));
            // a position of 3-3-0-0, among the first sectors solved: the reader has the database open
            toReader.write("WWW......BBB............ w 0 0\n");
            toReader.flush();
            String answer = fromReader.readLine();
            assertNotNull(answer, "the reader answered");
            assertTrue(answer.startsWith("WWW......BBB............ w 0 0  "), answer);
            writer.destroyForcibly(); // kill -9, mid-run
            assertTrue(writer.waitFor(10, TimeUnit.SECONDS));
            assertTrue(reader.isAlive(), "the reader is still open");
            CliRunner.Result r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("solve", "--men", "4", "--db", db.toString(), "--threads", "2"));
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("28 of the game's 28 sectors in the database"), r.out());
            assertTrue(reader.isAlive(), "the writer did not need the reader gone");
        } finally {
            writer.destroyForcibly();
            if (reader != null) {
                reader.getOutputStream().close();
                reader.destroyForcibly();
                reader.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
