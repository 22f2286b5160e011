package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.merrills.probe.json.Json;

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
    void stdinStreamsAndJsonWorks() throws Exception {
        String in = "........................ w 9 9\nWWW.W..................B b 0 0\n";
        CliRunner.Result r = CliRunner.withInput(in, "moves", "--stdin", "--json");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(2, lines.length);
        // The opening: white places on any of the 24 points, a7 first; no value without a database.
        JsonNode opening = Json.mapper().readTree(lines[0]);
        assertEquals("........................ w 9 9", opening.get("position").asText());
        assertEquals("white", opening.get("side").asText());
        assertEquals("placing", opening.get("phase").asText());
        assertEquals("0-0-9-9", opening.get("sector").asText());
        assertFalse(opening.get("gameOver").asBoolean());
        assertFalse(opening.has("value"), "the rules alone give no value");
        assertEquals(24, opening.get("moves").size());
        JsonNode a7 = opening.get("moves").get(0);
        assertEquals("a7", a7.get("move").asText());
        assertTrue(a7.get("from").isNull());
        assertEquals("a7", a7.get("to").asText());
        assertTrue(a7.get("taken").isNull());
        assertFalse(a7.get("closesMill").asBoolean());
        assertEquals("W....................... b 8 9", a7.get("position").asText());
        assertFalse(a7.has("value"));
        // Black has one man and none in hand: it has lost, nothing is left to play.
        JsonNode over = Json.mapper().readTree(lines[1]);
        assertTrue(over.get("gameOver").asBoolean());
        assertEquals("black", over.get("side").asText());
        assertEquals("moving", over.get("phase").asText());
        assertEquals("1-4-0-0", over.get("sector").asText());
        assertEquals(0, over.get("moves").size());
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
