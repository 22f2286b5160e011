package org.merrills.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --threads N}, shared by the commands that work in parallel: 1 to four per core. More
 * threads than that only add switching (a solve with 1000 threads on two cores ran six times
 * slower), so it is refused rather than obeyed.
 */
final class ThreadsOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    private Integer threads;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads, 1 to 4 per core (default: all cores).")
    void setThreads(int n) {
        int max = Resources.maxThreads();
        if (n < 1 || n > max) {
            throw new ParameterException(spec.commandLine(), "--threads must be 1 to " + max + " (4 per core on "
                + Runtime.getRuntime().availableProcessors() + " cores), got " + n);
        }
        threads = n;
    }

    /** The count asked for, or one per core. */
    int count() {
        return threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    }
}
