package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.db.Database;
import org.merrills.db.SectorReader;
import org.merrills.db.Value;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.probe.MoveValue;
import org.merrills.probe.Probe;
import org.merrills.probe.json.Json;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Notation;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;

/**
 * The game with three men each, end to end through the command line: solve (with 1 and with 2
 * threads, byte-identical files), resume, verify, stats, probe, line and play.
 */
class SolveAndProbeTest {
    @TempDir
    static Path tmp;
    static Path db;
    static CliRunner.Result solved;

    @BeforeAll
    static void solve() {
        db = tmp.resolve("db3");
        solved = CliRunner.run("solve", "--men", "3", "--db", db.toString(), "--threads", "1");
        assertEquals(0, solved.status(), solved.err());
        assertTrue(solved.out().contains("opening ........................ w 3 3"), solved.out());
    }

    /**
     * The summary and the progress lines give wins, draws, losses in that order, as {@code stats}
     * and the API do; 3-3-0-0's figures are Malom's published ones.
     */
    @Test
    void theSummaryCountsWinsDrawsLossesInTheOrderStatsDoes() {
        assertTrue(solved.out().lines().anyMatch(l -> l.matches("sector +positions +wins +draws +losses .*")), solved.out());
        assertTrue(solved.out().lines().anyMatch(l -> l.matches("3-3-0-0 +169,626 +140,621 +269 +28,736 +25 +26 .*")),
            solved.out());
        assertTrue(solved.err().contains("169,626 positions  W 140,621 D 269 L 28,736  longest"), solved.err());
    }

    @Test
    void twoThreadsWriteTheSameBytesAndASecondRunHasNothingToDo() throws Exception {
        Path db2 = tmp.resolve("db3-two-threads");
        CliRunner.Result r = CliRunner.run("solve", "--men", "3", "--db", db2.toString(), "--threads", "2");
        assertEquals(0, r.status(), r.err());
        List<Path> files;
        try (Stream<Path> s = Files.list(db)) {
            files = s.filter(p -> p.toString().endsWith(".msdb")).sorted().collect(Collectors.toList());
        }
        assertEquals(7, files.size(), "the 7 sectors of the three-men game");
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(db2.resolve(f.getFileName())), f.toString());
        }
        r = CliRunner.run("solve", "--men", "3", "--db", db2.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("nothing to solve"), r.out());
    }

    @Test
    void resumingAfterAPartialRunGivesTheSameDatabase() throws Exception {
        Path part = tmp.resolve("db3-partial");
        assertEquals(0, CliRunner.run("solve", "--men", "3", "--db", part.toString(), "--sector", "2-3-1-0").status());
        try (Stream<Path> s = Files.list(part)) {
            assertEquals(2, s.filter(p -> p.toString().endsWith(".msdb")).count(), "2-3-1-0 and the 3-3-0-0 it needs");
        }
        CliRunner.Result r = CliRunner.run("solve", "--men", "3", "--db", part.toString());
        assertEquals(0, r.status(), r.err());
        try (Stream<Path> s = Files.list(db)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".msdb")).collect(Collectors.toList())) {
                assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(part.resolve(f.getFileName())), f.toString());
            }
        }
    }

    @Test
    void verifyPassesAndStatsShowMalomsFiguresFor33() {
        CliRunner.Result r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("verify: OK"), r.out());
        r = CliRunner.run("stats", "--db", db.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        // Published by Malom for 3-3-0-0: 169,626 positions; 140,621 won, 269 drawn, 28,736 lost;
        // longest win 25 plies, longest loss 26.
        String json = r.out().replace(" ", "");
        int at = json.indexOf("\"sector\":\"3-3-0-0\"");
        assertTrue(at >= 0, json);
        String row = json.substring(at, json.indexOf('}', at));
        for (String field : new String[] {"\"positions\":169626", "\"wins\":140621", "\"draws\":269",
            "\"losses\":28736", "\"longestWin\":25", "\"longestLoss\":26"}) {
            assertTrue(row.contains(field), field + " in " + row);
        }
        r = CliRunner.run("solve", "--men", "4", "--db", db.toString());
        assertEquals(2, r.status(), "a directory of another game is refused");
        assertTrue(r.err().contains("other rules"), r.err());
    }

    /**
     * {@code longest}: each listed position has the listed win and is the first of its sector
     * that has it, the list runs longest first, and 3-3-0-0's longest win is Malom's published 25
     * plies.
     */
    @Test
    void longestListsTheLongestWinsEachWithAPositionThatHasIt() throws Exception {
        CliRunner.Result r = CliRunner.run("longest", "--db", db.toString(), "--count", "10", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode lines = Json.mapper().readTree(r.out());
        assertTrue(lines.size() >= 2 && lines.size() <= 7, r.out());
        boolean sawThreeThree = false;
        try (Probe probe = Probe.open(db, Variant.standard(3, true));
             Database files = Database.open(db, Variant.standard(3, true).fingerprint(), false)) {
            int previous = Integer.MAX_VALUE;
            for (JsonNode line : lines) {
                int plies = line.get("plies").asInt();
                assertTrue(plies <= previous, r.out());
                previous = plies;
                Position p = Notation.parsePosition(line.get("position").asText(), 3);
                assertEquals(plies, probe.value(p), line.toString());
                SectorReader reader = files.reader(line.get("sector").asText());
                long index = line.get("index").asLong();
                assertEquals(plies, reader.value(index), line.toString());
                for (long i = 0; i < index; i++) {
                    assertNotEquals(plies, reader.value(i), "an earlier index has it: " + line);
                }
                if (line.get("sector").asText().equals("3-3-0-0")) {
                    sawThreeThree = true;
                    assertEquals(25, plies);
                }
            }
        }
        assertTrue(sawThreeThree, r.out());
        r = CliRunner.run("longest", "--db", db.toString(), "--count", "0");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--count must be 1 or more"), r.err());
    }

    /** Value consistency with the children, over random positions of every sector. */
    @Test
    void probedMovesAreConsistentWithProbedChildren() throws Exception {
        Variant v = Variant.standard(3, true);
        Random rnd = new Random(3);
        try (Probe probe = Probe.open(db, v)) {
            for (Sector s : SectorGraph.of(Variant.standard(3, true)).sectors()) {
                SectorIndex index = Indexes.standard().of(s);
                for (int k = 0; k < 300; k++) {
                    long packed = index.unrank(Math.floorMod(rnd.nextLong(), index.size()));
                    Side side = rnd.nextBoolean() ? Side.WHITE : Side.BLACK;
                    int own = SectorIndex.ownOf(packed), enemy = SectorIndex.enemyOf(packed);
                    Position p = side == Side.WHITE ? new Position(own, enemy, s.wf(), s.bf(), side)
                        : new Position(enemy, own, s.bf(), s.wf(), side);
                    checkConsistent(probe, p);
                }
            }
        }
    }

    private static void checkConsistent(Probe probe, Position p) {
        int value = probe.value(p);
        List<MoveValue> moves = probe.moves(p);
        int n = p.generate(Variant.STANDARD, new int[MoveGenerator.MAX_MOVES]);
        assertEquals(n, moves.size());
        if (n == 0) {
            assertEquals(0, value, "no move: lost in 0");
            return;
        }
        assertEquals(moves.get(0).value(), value, "the position is worth its best move: " + p);
        for (MoveValue mv : moves) {
            int child = probe.value(p.play(mv.move()));
            assertEquals(Value.parent(child), mv.value(), p + " " + mv);
            if (Value.isWin(mv.value())) {
                assertTrue(Value.isLoss(child) && child == mv.value() - 1);
            }
        }
        if (Value.isDraw(value)) {
            assertTrue(moves.stream().noneMatch(m -> Value.isWin(m.value())));
            assertTrue(moves.stream().anyMatch(m -> Value.isDraw(m.value())));
        }
        for (int i = 1; i < moves.size(); i++) {
            assertTrue(Probe.order(moves.get(i - 1).value()) <= Probe.order(moves.get(i).value()), "best first");
        }
    }

    @Test
    void probeJsonAndErrors() throws Exception {
        CliRunner.Result r = CliRunner.run("probe", "--db", db.toString(), "--json", "W.W...B..B.W.......B.... w 0 0");
        assertEquals(0, r.status(), r.err());
        // White (a7 g7 c4) flies c4-d7, completing a7 d7 g7, and takes c5: black is left with two
        // (a4 d2). Win in 1 for white, the side to move.
        JsonNode report = Json.mapper().readTree(r.out());
        assertEquals("W.W...B..B.W.......B.... w 0 0", report.get("position").asText());
        assertEquals("white", report.get("side").asText());
        assertEquals("flying", report.get("phase").asText());
        assertEquals("3-3-0-0", report.get("sector").asText());
        assertFalse(report.get("gameOver").asBoolean());
        assertEquals("win", report.get("value").asText());
        assertEquals(1, report.get("distance").asInt());
        JsonNode best = report.get("moves").get(0);
        assertEquals("c4-d7xc5", best.get("move").asText());
        assertEquals("c4", best.get("from").asText());
        assertEquals("d7", best.get("to").asText());
        assertEquals("c5", best.get("taken").asText());
        assertTrue(best.get("closesMill").asBoolean());
        assertEquals("WWW......B.........B.... b 0 0", best.get("position").asText());
        assertEquals("win", best.get("value").asText());
        assertEquals(1, best.get("distance").asInt());
        r = CliRunner.withInput("W.W...B..B.W.......B.... w 0 0\n........................ w 3 3\n",
            "probe", "--db", db.toString(), "--json", "--stdin");
        assertEquals(2, r.out().strip().split("\n").length, "JSON Lines, one per input");
        r = CliRunner.run("probe", "--db", db.toString(), "WWWW.................... w 0 0");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("more than the 3"), r.err());
        r = CliRunner.run("probe", "--db", db.toString(), "--no-flying", "........................ w 3 3");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("flying on"), r.err());
        r = CliRunner.run("probe", "--db", tmp.resolve("nothing-here").toString(), "........................ w 3 3");
        assertEquals(3, r.status(), "missing data");
        assertTrue(r.err().contains("merrills solve"), r.err());
    }

    @Test
    void lineFromAWonPositionEndsAfterExactlyTheDistance() throws Exception {
        String start = "........................ w 3 3";
        int d;
        try (Probe probe = Probe.open(db, Variant.standard(3, true))) {
            d = probe.value(Notation.parsePosition(start, 3));
        }
        assertTrue(Value.isWin(d));
        CliRunner.Result r = CliRunner.run("line", "--db", db.toString(), start);
        assertEquals(0, r.status(), r.err());
        List<String> plies = r.out().lines().filter(l -> l.matches("\\d+\\. .*")).collect(Collectors.toList());
        assertEquals(d, plies.size(), r.out());
        assertTrue(r.out().contains("end: black has lost"), r.out());
    }

    @Test
    void playAnswersBadInputAndFinishesAGame() throws Exception {
        long seed = 42;
        // The human (white) always plays its first legal move; the program's replies are replayed
        // with the same seed, so the input can be written in advance.
        StringBuilder input = new StringBuilder("hint\nd4\na7-d7\nundo\n");
        Random random = new Random(seed);
        Variant v = Variant.standard(3, true);
        Position p = Position.opening(3);
        String lastWords;
        String hint;
        try (Probe probe = Probe.open(db, v)) {
            hint = "position: " + Value.describe(probe.value(p)) + " for you";
            int humanMoves = 0;
            while (true) {
                if (p.end(Variant.STANDARD) != MoveGenerator.End.NOT_OVER) {
                    lastWords = p.toMove() == Side.WHITE ? "You have lost." : "You have won.";
                    break;
                }
                if (humanMoves == 60) {
                    input.append("quit\n");
                    lastWords = "Game ended.";
                    break;
                }
                if (p.toMove() == Side.WHITE) {
                    int[] buf = new int[MoveGenerator.MAX_MOVES];
                    p.generate(Variant.STANDARD, buf);
                    input.append(Notation.formatMove(buf[0])).append('\n');
                    p = p.play(buf[0]);
                    humanMoves++;
                } else {
                    p = p.play(PlayCommand.choose(probe.moves(p), random).move());
                }
            }
        }
        CliRunner.Result r = CliRunner.withInput(input.toString(), "play", "--db", db.toString(), "--seed",
            String.valueOf(seed));
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains(hint), "hint shows the position's value: " + hint);
        assertTrue(r.out().contains("  a7         "), "and every move's");
        assertTrue(r.out().contains("'d4' is not a point"), "malformed move answered");
        assertTrue(r.out().contains("'a7-d7' is not legal here; legal moves: a7 d7 g7"), "illegal move answered with the legal ones");
        assertTrue(r.out().contains("nothing to undo"));
        assertTrue(r.out().strip().endsWith(lastWords), r.out().substring(Math.max(0, r.out().length() - 300)));
        assertFalse(r.out().contains("Exception"));
    }
}
