package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RulesCommandsTest {
    @Test
    void perftPrintsNodesAndDivides() {
        CliRunner.Result r = CliRunner.run("perft", "--depth", "3");
        assertEquals(0, r.status());
        assertEquals("nodes 12144\n", r.out());
        r = CliRunner.run("perft", "--depth", "2", "--divide");
        String[] lines = r.out().split("\n");
        assertEquals(25, lines.length);
        assertEquals("a7 23", lines[0]);
        assertEquals("g1 23", lines[23]);
        assertEquals("nodes 552", lines[24]);
        r = CliRunner.run("perft", "--depth", "1", "--json", "--position", "WWW.......W........BB..B b 0 0");
        // Black flies with three men to any of 17 empty points: 51 moves; g1-b2 closes b2 d2 f2 but
        // may take only b4 (a7 d7 g7 stand in a mill), so it stays one move.
        assertTrue(r.out().contains("\"nodes\":51"), r.out());
    }

    @Test
    void movesListsInGenerateOrderAndAnEmptyLineForNone() {
        CliRunner.Result r = CliRunner.run("moves", "WW.................BBB.. w 7 6", "WBW......B....B......WBW w 0 0");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n", -1);
        assertTrue(lines[0].startsWith("g7xd2 g7xf2 g7xa1 b6 d6 f6"), lines[0]);
        assertEquals("", lines[1], "white is hemmed in: a7 g7 a1 g1 blocked by d7 a4 g4 d1");
    }

    @Test
    void stdinStreamsAndJsonWorks() {
        String in = "........................ w 9 9\nWWW.W..................B b 0 0\n";
        CliRunner.Result r = CliRunner.withInput(in, "moves", "--stdin", "--json");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(2, lines.length);
        assertTrue(lines[0].startsWith("{\"position\":\"........................ w 9 9\",\"moves\":[\"a7\",\"d7\""), lines[0]);
    }

    @Test
    void badInputIsOneLineAndStatus2() {
        CliRunner.Result r = CliRunner.run("moves", "WWW b 0 0");
        assertEquals(2, r.status());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        assertTrue(r.err().contains("board: expected 24 characters"), r.err());
        r = CliRunner.run("perft", "--depth", "x");
        assertEquals(2, r.status());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        r = CliRunner.run("perft", "--depth", "-1");
        assertEquals(2, r.status());
        r = CliRunner.withInput("........................ w 9 9\nnonsense\n", "moves", "--stdin");
        assertTrue(r.out().startsWith("a7 d7 g7"), "the good line before the bad one is answered");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("line 2"), r.err());
        r = CliRunner.run("moves");
        assertEquals(2, r.status());
    }
}
