package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hundreds of generated malformed command lines (options, numbers, positions, paths): none may
 * print a stack trace, end with exit status 1 (an internal error) or 0, or write anything outside
 * the directory given as {@code --db}. Every generated line has at least one malformed part, so
 * each must be refused, with a one-line reason.
 */
class CliFuzzTest {
    static final int CASES = 300;
    static final String[] COMMANDS = {"perft", "moves", "sectors", "solve", "verify", "repair", "stats", "probe", "line", "play"};
    static final String[] BAD_NUMBERS = {"-1", "0x10", "", " ", "1e3", "99999999999999999999", "NaN", "-2147483648", "abc", "1.5"};
    static final String[] BAD_POSITIONS = {"", "w 0 0", "WWW", "........................ x 3 3", "........................ w -1 3",
        "........................ w 3", "WWWWWWWWWWWWWWWWWWWWWWWWW w 0 0", "........................ w 10 10", "\u00e9\u00e9\u00e9",
        "........................ w 3 3 extra", "BBBBBBBBBB.............. w 0 0", "........................ b 3 4x"};

    @TempDir
    static Path tmp;
    static Path db;

    @BeforeAll
    static void solve() {
        db = tmp.resolve("db3");
        assertEquals(0, CliRunner.run("solve", "--men", "3", "--db", db.toString(), "--threads", "1").status());
    }

    @Test
    void malformedCommandLinesAreRefusedInOneLineAndWriteNothingElsewhere() throws Exception {
        Random rnd = new Random(14);
        Set<String> cwdBefore = listing(Path.of("."));
        Set<String> tmpBefore = listing(tmp);
        int[] byStatus = new int[8];
        for (int k = 0; k < CASES; k++) {
            List<String> args = generate(rnd);
            CliRunner.Result r = CliRunner.withInput("", args.toArray(new String[0]));
            String context = args + " -> " + r.status() + ": " + r.err();
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "stack trace for " + context);
            assertNotEquals(1, r.status(), "internal error for " + context);
            assertNotEquals(0, r.status(), "accepted " + context);
            assertFalse(r.err().isBlank(), "no reason for " + context);
            byStatus[r.status()]++;
        }
        assertEquals(cwdBefore, listing(Path.of(".")), "nothing written in the working directory");
        Set<String> tmpAfter = listing(tmp);
        tmpAfter.removeIf(name -> name.startsWith("db3") || name.startsWith("fuzz-db"));
        tmpBefore.removeIf(name -> name.startsWith("db3"));
        assertEquals(tmpBefore, tmpAfter, "nothing written outside the --db directories");
        assertEquals(CASES, byStatus[2] + byStatus[3] + byStatus[4] + byStatus[5] + byStatus[6]);
        assertTrue(byStatus[2] > CASES / 2, "mostly bad input: " + java.util.Arrays.toString(byStatus));
        System.out.println("CliFuzzTest: " + CASES + " cases, by exit status " + java.util.Arrays.toString(byStatus));
    }

    /** A command line with one or more malformed parts. */
    static List<String> generate(Random rnd) {
        String cmd = COMMANDS[rnd.nextInt(COMMANDS.length)];
        List<String> a = new ArrayList<>(List.of(cmd));
        String dbArg = rnd.nextInt(4) == 0 ? tmp.resolve("fuzz-db-" + rnd.nextInt(5)).toString() : db.toString();
        switch (rnd.nextInt(7)) {
            case 0 -> a.addAll(List.of("--threads", BAD_NUMBERS[rnd.nextInt(BAD_NUMBERS.length)]));
            case 1 -> a.addAll(List.of("--" + randomWord(rnd), randomWord(rnd)));
            case 2 -> a.addAll(List.of("--db", ""));
            case 3 -> a.addAll(List.of(cmd.equals("perft") ? "--depth" : cmd.equals("solve") ? "--men" : "--sample",
                rnd.nextBoolean() || cmd.equals("verify") ? BAD_NUMBERS[rnd.nextInt(BAD_NUMBERS.length)] : "1000"));
            case 4 -> a.addAll(List.of("--sector", randomWord(rnd)));
            case 5 -> a.add(BAD_POSITIONS[rnd.nextInt(BAD_POSITIONS.length)]);
            default -> a.addAll(List.of("--position", BAD_POSITIONS[rnd.nextInt(BAD_POSITIONS.length)], "--depth", "1"));
        }
        if (!cmd.equals("perft") && !cmd.equals("moves") && !cmd.equals("sectors") && rnd.nextBoolean() && !a.contains("--db")) {
            a.addAll(List.of("--db", dbArg));
        }
        if (cmd.equals("solve") && !a.contains("--men")) {
            a.addAll(List.of("--men", "3"));
        }
        return a;
    }

    static String randomWord(Random rnd) {
        String chars = "abcxyz-_./09 =\u00fc";
        StringBuilder b = new StringBuilder();
        for (int i = 1 + rnd.nextInt(8); i > 0; i--) {
            b.append(chars.charAt(rnd.nextInt(chars.length())));
        }
        return b.toString();
    }

    static Set<String> listing(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(java.util.TreeSet::new));
        }
    }
}
