package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, failure 2, as another user meets it: a database owned by root (directories 755, files
 * 644) read by user {@code nobody} through {@code setpriv}, with {@code probe}, {@code stats} and
 * {@code verify}. Needs root; the class path is copied where {@code nobody} may read it.
 */
class AnotherUsersDatabaseTest {
    @TempDir
    Path tmp;

    @Test
    void nobodyReadsRootsDatabase() throws Exception {
        assumeTrue(Shell.isRoot(), "needs root to run a command as another user");
        assumeTrue(Shell.run("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "true") == 0,
            "setpriv cannot switch to user nobody here: skipped");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path db = tmp.resolve("db3");
        assertEquals(0, CliRunner.run("solve", "--men", "3", "--db", db.toString(), "--threads", "1").status());
        String classPath = copyClassPath(tmp.resolve("cp"));

        Result probe = asNobody(classPath, "probe", "--db", db.toString(), "W.W...B..B.W.......B.... w 0 0");
        assertEquals(0, probe.status, probe.err);
        assertTrue(probe.out.startsWith("W.W...B..B.W.......B.... w 0 0  win in 1"), probe.out);
        Result stats = asNobody(classPath, "stats", "--db", db.toString());
        assertEquals(0, stats.status, stats.err);
        assertTrue(stats.out.contains("3-3-0-0"), stats.out);
        Result verify = asNobody(classPath, "verify", "--db", db.toString(), "--sample", "200");
        assertEquals(0, verify.status, verify.err);
        assertTrue(verify.out.contains("verify: OK"), verify.out);
        Result solve = asNobody(classPath, "solve", "--men", "3", "--db", db.toString());
        assertEquals(2, solve.status, solve.err);
        assertTrue(solve.err.contains("cannot write database directory"), solve.err);
    }

    record Result(int status, String out, String err) {
    }

    private static Result asNobody(String classPath, String... args) throws Exception {
        ProcessBuilder pb = Shell.merrills(args);
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
        List<String> java = new ArrayList<>(pb.command());
        java.set(java.indexOf("-cp") + 1, classPath);
        cmd.addAll(java);
        Process p = new ProcessBuilder(cmd).directory(new File("/")).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    /** This JVM's class path, copied under {@code into} (readable by all); returns the new path. */
    private static String copyClassPath(Path into) throws IOException {
        List<String> entries = new ArrayList<>();
        int n = 0;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path from = Path.of(e);
            if (!Files.exists(from)) {
                continue;
            }
            Path to = into.resolve(n++ + "-" + from.getFileName());
            try (Stream<Path> walk = Files.walk(from)) {
                for (Path f : walk.toList()) {
                    Path t = to.resolve(from.relativize(f).toString());
                    if (Files.isDirectory(f)) {
                        Files.createDirectories(t);
                    } else {
                        Files.createDirectories(t.getParent());
                        Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            entries.add(to.toString());
        }
        try (Stream<Path> walk = Files.walk(into)) {
            for (Path f : walk.toList()) {
                Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(Files.isDirectory(f) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
