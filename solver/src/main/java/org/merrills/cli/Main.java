package org.merrills.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code merrills}: the one entry point, with a subcommand per job. The launcher
 * {@code scripts/merrills} runs this class with the JVM options the project needs.
 *
 * <p>Every failure ends the same way: one line on standard error, {@code merrills <command>:
 * <what is wrong and what to do>}, and an exit status that says which kind of failure it was
 * ({@link ExitStatus}); a stack trace only with {@code --debug}.
 */
@Command(name = "merrills", mixinStandardHelpOptions = true, version = "merrills 0.1.0",
    description = "Retrograde solver and endgame databases for Nine Men's Morris.",
    subcommands = {PerftCommand.class, MovesCommand.class, SectorsCommand.class, SolveCommand.class,
        VerifyCommand.class, RepairCommand.class, StatsCommand.class, LongestCommand.class, ProbeCommand.class, LineCommand.class,
        PlayCommand.class, ServeCommand.class, PackCommand.class, UnpackCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "1:internal error (a bug; run again with --debug)", "2:bad input",
        "3:missing data (no database, a sector not solved)", "4:damaged data", "5:busy (another process writes the database)",
        "6:out of resources (disk or memory)"})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "On failure, print the stack trace too.")
    boolean debug;

    /** Runs a command line and returns its exit status, without exiting. */
    public static int run(String... args) {
        CommandLine cl = commandLine(args);
        try {
            return cl.execute(args);
        } catch (Throwable e) { // what escaped picocli (an Error thrown outside a command's own handling)
            return report(cl.getErr(), "merrills", e, debug(args));
        }
    }

    /** The configured command line, shared by the launcher and the tests. */
    public static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    private static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler((ex, rawArgs) -> {
            CommandLine line = ex.getCommandLine();
            String name = line.getCommandSpec().qualifiedName();
            if (debug(rawArgs)) {
                ex.printStackTrace(line.getErr());
            }
            line.getErr().println(name + ": " + ex.getMessage() + " (see '" + name + " --help')");
            line.getErr().flush();
            return ExitStatus.BAD_INPUT.code;
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) ->
            report(line.getErr(), line.getCommandSpec().qualifiedName(), ex, debug(parsed.originalArgs().toArray(new String[0]))));
        return cl;
    }

    /** Prints the one line of a failure (and the stack trace with --debug); returns its status. */
    static int report(PrintWriter err, String command, Throwable e, boolean debug) {
        ExitStatus.Failure f = ExitStatus.of(e);
        if (debug) {
            e.printStackTrace(err);
        }
        err.println(command + ": " + f.message());
        err.flush();
        return f.status().code;
    }

    private static boolean debug(String[] args) {
        return Arrays.asList(args).contains("--debug");
    }

    /** Whether the command line of {@code spec}'s command asked for {@code --debug}: for a command that reports failures itself. */
    static boolean debug(CommandLine.Model.CommandSpec spec) {
        CommandLine.ParseResult parsed = spec.root().commandLine().getParseResult();
        return parsed != null && parsed.originalArgs().contains("--debug");
    }

    public static void main(String[] args) {
        ChronicleWarmUp.startFor(args);
        System.exit(run(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
