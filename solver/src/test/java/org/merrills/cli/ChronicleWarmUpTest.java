package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** The warm-up thread runs for the commands that open a database, and only for them. */
class ChronicleWarmUpTest {
    @Test
    void startsForDatabaseCommandsOnly() throws InterruptedException {
        for (String[] args : new String[][] {{}, {"perft", "--depth", "3"}, {"moves", "x"}, {"sectors"}, {"--help"}}) {
            assertNull(ChronicleWarmUp.startFor(args), String.join(" ", args));
        }
        for (String command : new String[] {"solve", "verify", "probe", "serve", "pack"}) {
            Thread t = ChronicleWarmUp.startFor(new String[] {command, "--db", "db"});
            assertNotNull(t, command);
            assertTrue(t.isDaemon(), "never keeps the JVM alive");
            t.join(60_000);
            assertFalse(t.isAlive());
        }
    }
}
