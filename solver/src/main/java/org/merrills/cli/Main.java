package org.merrills.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code merrills}: the one entry point, with a subcommand per job. The launcher
 * {@code scripts/merrills} runs this class with the JVM options the project needs.
 */
@Command(name = "merrills", mixinStandardHelpOptions = true, version = "merrills 0.1.0",
    description = "Retrograde solver and endgame databases for Nine Men's Morris.",
    subcommands = {PerftCommand.class, MovesCommand.class, SectorsCommand.class, SolveCommand.class,
        VerifyCommand.class, StatsCommand.class, ProbeCommand.class, LineCommand.class, PlayCommand.class, ServeCommand.class,
        PackCommand.class, UnpackCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs a command line and returns its exit status, without exiting. */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** The configured command line, shared by the launcher and the tests. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        // Bad input: one line that names the problem, and where to read more; exit status 2.
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine line = ex.getCommandLine();
            line.getErr().println("merrills " + line.getCommandName() + ": " + ex.getMessage()
                + " (see 'merrills " + line.getCommandName() + " --help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof IllegalArgumentException || ex instanceof java.io.UncheckedIOException) {
                line.getErr().println("merrills " + line.getCommandName() + ": " + ex.getMessage());
                return 2;
            }
            throw ex;
        });
        return cl;
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
