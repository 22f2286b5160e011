package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --variant} through the command line: the rule commands, and the database readers refusing a mismatch by name. */
class VariantCommandsTest {
    @TempDir
    static Path tmp;
    static Path lasker;

    @BeforeAll
    static void solveLaskerThree() {
        lasker = tmp.resolve("lasker3");
        CliRunner.Result r = CliRunner.run("solve", "--variant", "lasker", "--men", "3", "--db", lasker.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("opening ........................ w 3 3 (lasker, 3 men each, flying on)"), r.out());
    }

    /** Lasker ply 3 (see PerftTest): 24 x 23 x 22 placements and 22 x 64 steps of white's first man. */
    @Test
    void perftOfEachVariant() {
        assertEquals("nodes 13552\n", CliRunner.run("perft", "--variant", "lasker", "--depth", "3").out());
        assertEquals("nodes 12144\n", CliRunner.run("perft", "--variant", "morabaraba", "--depth", "3").out());
        CliRunner.Result r = CliRunner.run("perft", "--variant", "morabaraba", "--depth", "1", "--divide");
        assertTrue(r.out().startsWith("a7 1\n"), r.out());
        assertTrue(r.out().endsWith("nodes 24\n"), r.out());
    }

    @Test
    void movesShowTheDiagonals() {
        // d7 g7 b6 d1 against f4 d2: b6 steps along the diagonal to a7 and closes a7 d7 g7.
        CliRunner.Result r = CliRunner.run("moves", "--variant", "morabaraba", ".WWW.........B.....B..W. w 0 0");
        assertEquals(0, r.status(), r.err());
        assertTrue(Arrays.asList(r.out().trim().split(" ")).contains("b6-a7xf4"), r.out());
        r = CliRunner.run("moves", ".WWW.........B.....B..W. w 0 0");
        assertTrue(!r.out().contains("b6-a7"), r.out());
    }

    /**
     * Lasker with three men: no capture is possible without ending the game (three men each), so
     * a sector is only the hands (WF, BF) of the side to move and the other, men on board being
     * 3 - hand. From 3-3 the mover places (to BF, WF-1 after the swap) or, with a man on the
     * board, moves (to BF, WF): 3-3, 3-2, 2-2, 2-1, 1-2, 1-1, 2-0, 1-0, 0-2, 0-1, 0-0, eleven.
     */
    @Test
    void sectorsOfTheLaskerThreeMenGameWithTheirPairs() {
        CliRunner.Result r = CliRunner.run("sectors", "--variant", "lasker", "--men", "3");
        assertEquals(0, r.status(), r.err());
        List<String> lines = List.of(r.out().split("\n"));
        assertTrue(lines.get(lines.size() - 1).startsWith("total: 11 sectors"), r.out());
        for (String s : new String[] {"0-0-3-3", "0-1-3-2", "1-1-2-2", "1-2-2-1", "2-1-1-2", "2-2-1-1", "2-3-1-0",
            "3-2-0-1", "1-3-2-0", "3-1-0-2", "3-3-0-0"}) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(s + " ")), s + " in " + r.out());
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("1-2-2-1 .* 2-1-1-2 .*")), "1-2-2-1 pairs with its swap: " + r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("0-0-3-3 .* - .*")), "the opening is no pair: " + r.out());
    }

    @Test
    void readersLearnTheVariantFromTheDatabaseAndRefuseAnother() {
        CliRunner.Result r = CliRunner.run("probe", "--db", lasker.toString(), "........................ w 3 3");
        assertEquals(0, r.status(), r.err());
        r = CliRunner.run("probe", "--db", lasker.toString(), "--variant", "morabaraba", "........................ w 3 3");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("holds lasker") && r.err().contains("not morabaraba"), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        r = CliRunner.run("line", "--db", lasker.toString(), "--variant", "lasker", "........................ w 3 3");
        assertEquals(0, r.status(), r.err());
        r = CliRunner.run("line", "--db", lasker.toString(), "--variant", "standard", "........................ w 3 3");
        assertEquals(2, r.status());
        r = CliRunner.withInput("quit\n", "play", "--db", lasker.toString(), "--variant", "morabaraba");
        assertEquals(2, r.status());
        r = CliRunner.run("stats", "--db", lasker.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("lasker, 3 men, flying on"), r.out());
        r = CliRunner.run("stats", "--db", lasker.toString(), "--variant", "standard");
        assertTrue(r.status() != 0 && r.err().contains("holds lasker"), r.err());
        r = CliRunner.run("verify", "--db", lasker.toString(), "--variant", "morabaraba");
        assertEquals(2, r.status());
        r = CliRunner.run("solve", "--men", "3", "--db", lasker.toString());
        assertEquals(2, r.status(), "a standard solve into a Lasker directory is refused");
        assertTrue(r.err().contains("lasker"), r.err());
    }
}
