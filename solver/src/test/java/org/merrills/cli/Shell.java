package org.merrills.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What the robustness tests need of the system: a command's exit status, and a child JVM running the CLI. */
final class Shell {
    private Shell() {
    }

    /** Runs a command, returns its exit status (-1 if it cannot be run or takes over 30 s). */
    static int run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Whether this process runs as root (mounts, chattr). */
    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** A child JVM running {@code merrills args...} with this JVM's flags and class path. */
    static ProcessBuilder merrills(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!a.startsWith("-agentlib") && !a.startsWith("-javaagent") && !a.startsWith("-Xmx")) {
                cmd.add(a);
            }
        }
        cmd.add("-Xmx512m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }
}
