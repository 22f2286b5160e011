package org.merrills.cli;

import java.util.Set;

/**
 * Starts Chronicle's own start-up on a second thread while the first parses the command line,
 * for the commands that open a database. Chronicle's JVM facade ({@code Jvm}, whose static
 * initialiser loads the native bindings of jnr-ffi and the affinity library) took about 0.6 s of
 * a cold start to initialise, and the Chronicle Map builder's classes most of another 0.4 s; both
 * happen the first time a database is opened, on the critical path of every small solve and every
 * probe. Initialising them here overlaps that with picocli's parsing and the command's own setup,
 * on a core that is otherwise idle at that moment. Class initialisation is done once per JVM, so
 * the command's own thread simply finds it done, or waits for it to finish; nothing else is shared.
 * Should an initialiser fail here, the command's thread fails on the same class (as a
 * {@code NoClassDefFoundError}) and reports it as any other internal error.
 */
final class ChronicleWarmUp {
    /** The subcommands that open a database directory. */
    private static final Set<String> DATABASE_COMMANDS = Set.of("solve", "verify", "repair", "stats", "longest",
        "probe", "line", "play", "serve", "pack", "unpack");
    private static final String[] CLASSES = {"net.openhft.chronicle.core.Jvm", "net.openhft.chronicle.map.ChronicleMapBuilder"};

    private ChronicleWarmUp() {
    }

    /**
     * Starts the warm-up, a daemon thread, when the command line names a command that opens a
     * database; returns it, or null.
     */
    static Thread startFor(String[] args) {
        if (args.length == 0 || !DATABASE_COMMANDS.contains(args[0])) {
            return null;
        }
        Thread t = new Thread(ChronicleWarmUp::initialise, "chronicle-warm-up");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void initialise() {
        ClassLoader loader = ChronicleWarmUp.class.getClassLoader();
        for (String name : CLASSES) {
            try {
                Class.forName(name, true, loader);
            } catch (Throwable e) {
                // The command's own thread meets the same failure and reports it properly.
                return;
            }
        }
    }
}
