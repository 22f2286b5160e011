package org.merrills.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs the CLI in-process with captured output and an optional standard input. */
final class CliRunner {
    record Result(int status, String out, String err) {
    }

    private CliRunner() {
    }

    static Result withInput(String stdin, String... args) {
        InputStream oldIn = System.in;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try {
            if (stdin != null) {
                System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            }
            CommandLine cl = Main.commandLine();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            int status = cl.execute(args);
            return new Result(status, out.toString(), err.toString());
        } finally {
            System.setIn(oldIn);
        }
    }

    static Result run(String... args) {
        return withInput(null, args);
    }
}
