package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The warm-up thread runs for the commands that open a database, and only for them: exactly the
 * subcommands that take {@code --db}, read off the command line's own model.
 */
class ChronicleWarmUpTest {
    @Test
    void startsForTheCommandsThatTakeADatabaseOnly() throws InterruptedException {
        Map<String, CommandLine> subcommands = Main.commandLine().getSubcommands();
        int databaseCommands = 0;
        for (Map.Entry<String, CommandLine> e : subcommands.entrySet()) {
            boolean takesDb = e.getValue().getCommandSpec().findOption("--db") != null;
            Thread t = ChronicleWarmUp.startFor(new String[] {e.getKey()});
            assertEquals(takesDb, t != null, e.getKey());
            if (t != null) {
                databaseCommands++;
                assertTrue(t.isDaemon(), "never keeps the JVM alive");
                t.join(60_000);
                assertFalse(t.isAlive());
            }
        }
        assertTrue(databaseCommands >= 10, "solve, verify, probe, serve and the rest take --db");
        for (String[] args : new String[][] {{}, {"--help"}, {"--debug", "solve"}}) {
            assertNull(ChronicleWarmUp.startFor(args), String.join(" ", args));
        }
    }
}
