package org.merrills.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.index.SectorIndex;
import org.merrills.probe.Probe;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Notation;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;

/**
 * The HTTP API over a real loopback socket, on the game with three men each solved in the setup:
 * the schema, the order of the moves, every error status, bulk requests, many clients at once,
 * and a sector solved while the server runs.
 */
class ServeApiTest {
    /** Worked out by hand: white (a7 g7 c4, flying) plays c4-d7, closing a7-d7-g7, and takes a man; black keeps two. */
    static final String WIN_IN_1 = "W.W...B..B.W.......B.... w 0 0";
    static final Variant THREE = Variant.standard(3, true);

    @TempDir
    static Path tmp;
    static Path db;
    static Probe probe;
    static TablebaseServer server;
    static Http http;

    @BeforeAll
    static void start() throws Exception {
        db = tmp.resolve("db3");
        Solved.solve(db, 3);
        probe = Probe.open(db, THREE);
        server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(4)), "127.0.0.1", 0, 4);
        http = new Http(server.uri());
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        probe.close();
    }

    @Test
    void probeAnswersTheSchema() {
        Http.Answer a = http.probe(WIN_IN_1);
        assertEquals(200, a.status(), a.body());
        assertTrue(a.type().startsWith("application/json"), a.type());
        assertEquals("*", a.allowOrigin(), "any page may read the API from a browser");
        JsonNode r = a.json();
        assertEquals(WIN_IN_1, r.get("position").asText());
        assertEquals("white", r.get("side").asText());
        assertEquals("flying", r.get("phase").asText(), "three men on board, none in hand");
        assertEquals("3-3-0-0", r.get("sector").asText());
        assertFalse(r.get("gameOver").asBoolean());
        assertEquals("win", r.get("value").asText());
        assertEquals(1, r.get("distance").asInt());
        // Each of the 3 white men flies to any of the 18 empty points (54 moves); c4-d7 alone closes a
        // mill, and it is listed once per black man it can take (none of c5 a4 d2 is in a mill): 56.
        JsonNode moves = r.get("moves");
        assertEquals(56, moves.size());
        String[] taken = {"c5", "a4", "d2"}; // point order
        for (int i = 0; i < 3; i++) {
            JsonNode m = moves.get(i);
            assertEquals("c4-d7x" + taken[i], m.get("move").asText());
            assertEquals("c4", m.get("from").asText());
            assertEquals("d7", m.get("to").asText());
            assertEquals(taken[i], m.get("taken").asText());
            assertTrue(m.get("closesMill").asBoolean());
            assertEquals("win", m.get("value").asText());
            assertEquals(1, m.get("distance").asInt());
        }
        assertEquals("WWW......B.........B.... b 0 0", moves.get(0).get("position").asText());
        for (int i = 3; i < moves.size(); i++) {
            JsonNode m = moves.get(i);
            assertTrue(m.get("taken").isNull() && !m.get("closesMill").asBoolean(), m.toString());
            assertFalse(m.get("value").asText().equals("win") && m.get("distance").asInt() == 1, m.toString());
        }
    }

    @Test
    void movesAreBestFirstTiesInGenerateOrderAndAgreeWithTheirChildren() {
        for (String position : List.of("W.W...B..B.W.......B.... b 0 0", "........................ w 3 3",
            "W...B................... b 2 2", WIN_IN_1)) {
            JsonNode r = http.probe(position).json();
            JsonNode moves = r.get("moves");
            assertTrue(moves.size() > 0, position);
            // The best move has the position's own value.
            assertEquals(r.get("value").asText(), moves.get(0).get("value").asText());
            assertEquals(r.get("distance"), moves.get(0).get("distance"));
            List<String> order = generateOrder(position);
            for (int i = 1; i < moves.size(); i++) {
                int a = rank(moves.get(i - 1)), b = rank(moves.get(i));
                assertTrue(a <= b, "best first at " + i + " in " + position);
                if (a == b) {
                    assertTrue(order.indexOf(moves.get(i - 1).get("move").asText())
                        < order.indexOf(moves.get(i).get("move").asText()), "ties keep generate order");
                }
            }
            for (JsonNode m : moves) {
                // The mover's value of a move is the other side's value of the position after it, turned round.
                JsonNode child = http.probe(m.get("position").asText()).json();
                String expected = switch (child.get("value").asText()) {
                    case "win" -> "loss";
                    case "loss" -> "win";
                    default -> "draw";
                };
                assertEquals(expected, m.get("value").asText(), m.toString());
                if (!expected.equals("draw")) {
                    assertEquals(child.get("distance").asInt() + 1, m.get("distance").asInt(), m.toString());
                } else {
                    assertTrue(m.get("distance").isNull());
                }
            }
        }
    }

    private static List<String> generateOrder(String position) {
        Position p = Notation.parsePosition(position, 3);
        int[] buf = new int[MoveGenerator.MAX_MOVES];
        int n = p.generate(Variant.standard(3, true), buf);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add(Notation.formatMove(buf[i]));
        }
        return names;
    }

    /** The documented order, written again: wins shortest first, then draws, then losses longest first. */
    private static int rank(JsonNode move) {
        return switch (move.get("value").asText()) {
            case "win" -> move.get("distance").asInt();
            case "draw" -> 100_000;
            default -> 200_000 - move.get("distance").asInt();
        };
    }

    @Test
    void aLostPositionIsOverWithNoMoves() {
        // White to move has two men and nothing in hand: fewer than three, lost.
        JsonNode r = http.probe("WW.........B.B.B........ w 0 0").json();
        assertTrue(r.get("gameOver").asBoolean());
        assertEquals("loss", r.get("value").asText());
        assertEquals(0, r.get("distance").asInt());
        assertEquals(0, r.get("moves").size());
    }

    @Test
    void mainlineIsPerfectPlayToTheEnd() {
        String opening = "........................ w 3 3";
        JsonNode start = http.probe(opening).json();
        JsonNode line = http.get("/v1/mainline?position=" + Http.encode(opening)).json();
        assertEquals(start.get("value"), line.get("value"));
        int d = start.get("distance").asInt();
        JsonNode plies = line.get("plies");
        assertEquals(d, plies.size(), "a won line lasts exactly its distance");
        String p = opening;
        for (int i = 0; i < plies.size(); i++) {
            JsonNode best = http.probe(p).json().get("moves").get(0);
            JsonNode ply = plies.get(i);
            assertEquals(i + 1, ply.get("ply").asInt());
            assertEquals(best.get("move"), ply.get("move"));
            assertEquals(best.get("position"), ply.get("position"));
            assertEquals(best.get("distance").asInt(), d - i, "the distance falls by one each ply");
            p = ply.get("position").asText();
        }
        assertTrue(line.get("gameOver").asBoolean());
        assertTrue(http.probe(p).json().get("gameOver").asBoolean());

        String draw = findDraw();
        JsonNode drawn = http.get("/v1/mainline?plies=5&position=" + Http.encode(draw)).json();
        assertEquals("draw", drawn.get("value").asText());
        assertEquals(5, drawn.get("plies").size());
        assertFalse(drawn.get("gameOver").asBoolean());
        for (JsonNode ply : drawn.get("plies")) {
            assertEquals("draw", ply.get("value").asText());
        }
    }

    /** A drawn position of the moving phase, by looking positions of 3-3-0-0 up directly. */
    static String findDraw() {
        SectorIndex index = Indexes.standard().of(new Sector(3, 3, 0, 0));
        for (long i = 0; i < index.size(); i++) {
            long packed = index.unrank(i);
            Position p = new Position(SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), 0, 0, Side.WHITE);
            if (probe.value(p) == org.merrills.db.Value.DRAW) {
                return p.toString();
            }
        }
        throw new AssertionError("3-3-0-0 has drawn positions (Malom: 269)");
    }

    @Test
    void databaseAndBoard() {
        JsonNode d = http.get("/v1/database").json();
        assertEquals(3, d.get("men").asInt());
        assertTrue(d.get("flying").asBoolean());
        assertEquals(SectorGraph.of(Variant.standard(3, true)).sectors().size(), d.get("sectorsInGame").asInt());
        assertEquals(7, d.get("sectorsSolved").asInt(), "the three-men game has 7 sectors");
        assertEquals(0, d.get("missing").size());
        long sum = 0;
        JsonNode s33 = null;
        for (JsonNode s : d.get("sectors")) {
            sum += s.get("positions").asLong();
            assertEquals(s.get("positions").asLong(), s.get("wins").asLong() + s.get("draws").asLong()
                + s.get("losses").asLong());
            if (s.get("sector").asText().equals("3-3-0-0")) {
                s33 = s;
            }
        }
        assertEquals(sum, d.get("positions").asLong());
        // Malom's published figures for 3-3-0-0.
        assertEquals(169_626, s33.get("positions").asLong());
        assertEquals(140_621, s33.get("wins").asLong());
        assertEquals(269, s33.get("draws").asLong());
        assertEquals(25, s33.get("longestWin").asInt());

        JsonNode b = http.get("/v1/board").json();
        assertEquals(7, b.get("size").asInt());
        assertEquals(24, b.get("points").size());
        // Three squares of 8 segments each and 4 crossing lines of 2 segments: 32 lines; 16 mills.
        assertEquals(32, b.get("lines").size());
        assertEquals(16, b.get("mills").size());
        JsonNode a7 = b.get("points").get(0);
        assertEquals("a7", a7.get("name").asText());
        assertEquals(0, a7.get("row").asInt());
        assertEquals(0, a7.get("col").asInt());
        assertEquals("[\"d7\",\"a4\"]", a7.get("adjacent").toString());
        JsonNode d5 = b.get("points").get(7);
        assertEquals("d5", d5.get("name").asText());
        assertEquals(2, d5.get("row").asInt());
        assertEquals(3, d5.get("col").asInt());
    }

    /**
     * A Morabaraba database's board has the four diagonals, as lines (32 + 4 x 2 = 40) and as
     * mills (16 + 4 = 20); and a full board, where the side to move cannot move, is a draw that
     * ends the game, in the probe's answer and in the main line's end.
     */
    @Test
    void aMorabarabaDatabaseServesItsOwnBoardAndItsFullBoardDraws() throws Exception {
        Path m3 = tmp.resolve("morabaraba3");
        Solved.solve(m3, Variant.morabaraba(3, true));
        Path m12 = tmp.resolve("morabaraba12-full");
        Solved.solve(m12, Variant.MORABARABA, "12-12-0-0"); // no move from a full board: nothing it depends on
        try (Probe small = Probe.open(m3, Variant.morabaraba(3, true));
             TablebaseServer s = TablebaseServer.start(new TablebaseApi(small, Limits.defaults(2)), "127.0.0.1", 0, 2);
             Probe full = Probe.open(m12, Variant.MORABARABA);
             TablebaseServer f = TablebaseServer.start(new TablebaseApi(full, Limits.defaults(2)), "127.0.0.1", 0, 2)) {
            JsonNode b = new Http(s.uri()).get("/v1/board").json();
            assertEquals(40, b.get("lines").size());
            assertEquals(20, b.get("mills").size());
            assertTrue(b.get("lines").toString().contains("[\"a7\",\"b6\"]"), b.get("lines").toString());
            assertTrue(b.get("mills").toString().contains("[\"e3\",\"f2\",\"g1\"]"), b.get("mills").toString());
            JsonNode b6 = b.get("points").get(3);
            assertEquals("b6", b6.get("name").asText());
            assertEquals("[\"a7\",\"d6\",\"c5\",\"b4\"]", b6.get("adjacent").toString());

            // White on the even points, black on the odd ones: twelve each, no point free.
            StringBuilder board = new StringBuilder();
            for (int p = 0; p < 24; p++) {
                board.append(p % 2 == 0 ? 'W' : 'B');
            }
            String position = board + " w 0 0";
            Http h = new Http(f.uri());
            JsonNode p = h.probe(position).json();
            assertTrue(p.get("gameOver").asBoolean(), p.toString());
            assertEquals("draw", p.get("value").asText(), p.toString());
            assertEquals(0, p.get("moves").size());
            JsonNode line = h.get("/v1/mainline?position=" + position.replace(" ", "%20")).json();
            assertTrue(line.get("gameOver").asBoolean(), line.toString());
            assertEquals(0, line.get("plies").size());
            assertEquals("game over: the board is full and white cannot move: a draw", line.get("end").asText());
        }
    }

    @Test
    void badPositionsGet400NamingTheField() {
        expect(http.get("/v1/probe"), 400, "position", "missing");
        expect(http.probe("WWW w 0 0"), 400, "board", "24 characters");
        expect(http.probe("........................ x 3 3"), 400, "side", "w or b");
        expect(http.probe("........................ w -1 3"), 400, "white in hand", "whole number");
        expect(http.probe("WWWW.................... w 0 0"), 400, "white in hand", "more than the 3");
        // One white man placed, yet white holds fewer men in hand than black while white is to move:
        // no game reaches it.
        expect(http.probe("W....................... w 2 3"), 400, "position", "not part of the game");
        expect(http.probe("........................  w 3 3"), 400, "position", "4 fields");
        expect(http.probe("x".repeat(200)), 400, "position", "more than the 64");
        expect(http.get("/v1/mainline?plies=x&position=" + Http.encode(WIN_IN_1)), 400, "plies", "whole number");
        expect(http.get("/v1/mainline?plies=5000&position=" + Http.encode(WIN_IN_1)), 400, "plies", "0 to 1000");
        String raw = http.raw("GET /v1/probe?position=%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(raw.startsWith("HTTP/1.1 400"), raw);
        assertTrue(raw.contains("\"status\":400"), raw);
    }

    @Test
    void garbageNeverGets500() {
        Random rnd = new Random(12);
        String alphabet = "WB.wb 0123456789x-%+&=?";
        for (int k = 0; k < 300; k++) {
            StringBuilder s = new StringBuilder();
            int len = rnd.nextInt(40);
            for (int i = 0; i < len; i++) {
                s.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            Http.Answer a = http.probe(s.toString());
            assertEquals(400, a.status(), s + " -> " + a.body());
            assertTrue(a.json().get("message").asText().length() > 5);
        }
        // Boards with random men and hands: either an answer or a 400, never anything else.
        for (int k = 0; k < 300; k++) {
            char[] board = new char[24];
            for (int i = 0; i < 24; i++) {
                board[i] = "WB.....".charAt(rnd.nextInt(7));
            }
            String p = new String(board) + (rnd.nextBoolean() ? " w " : " b ") + rnd.nextInt(4) + " " + rnd.nextInt(4);
            int status = http.probe(p).status();
            assertTrue(status == 200 || status == 400, p + " -> " + status);
        }
    }

    /**
     * {@code /v1/moves} answers by the rules alone: the probe's moves without values, in generate
     * order. Counted by hand: the opening has 24 placements; in {@link #WIN_IN_1} white flies one
     * of three men to one of 18 empty points, 54 (from, to), of which only c4-d7 closes a mill
     * (a7-d7-g7), and it may take any of black's three men, none of them in a mill: 53 + 3 = 56.
     */
    @Test
    void movesAnswerByTheRulesAlone() {
        JsonNode opening = http.get("/v1/moves?position=" + Http.encode("........................ w 3 3")).json();
        assertEquals(24, opening.get("moves").size());
        assertFalse(opening.has("value") || opening.has("distance"), opening.toString());
        assertEquals("placing", opening.get("phase").asText());

        Http.Answer a = http.get("/v1/moves?position=" + Http.encode(WIN_IN_1));
        assertEquals(200, a.status(), a.body());
        JsonNode moves = a.json().get("moves");
        assertEquals(56, moves.size());
        int taking = 0;
        for (JsonNode m : moves) {
            assertFalse(m.has("value") || m.has("distance"), m.toString());
            if (!m.get("taken").isNull()) {
                taking++;
                assertEquals("c4", m.get("from").asText());
                assertEquals("d7", m.get("to").asText());
            }
        }
        assertEquals(3, taking);
        // The probe's moves, the same ones with the same fields, only sorted by value.
        JsonNode probed = http.probe(WIN_IN_1).json();
        for (String field : List.of("position", "side", "phase", "sector", "gameOver")) {
            assertEquals(probed.get(field), a.json().get(field), field);
        }
        List<String> unvalued = new ArrayList<>(), valued = new ArrayList<>();
        moves.forEach(m -> unvalued.add(m.toString()));
        probed.get("moves").forEach(m -> {
            ObjectNode copy = m.deepCopy();
            copy.remove(List.of("value", "distance"));
            valued.add(copy.toString());
        });
        assertEquals(new TreeSet<>(valued), new TreeSet<>(unvalued));
        // Generate order: the notation's order of the rules (landing point, then point left, then man taken).
        assertEquals("c4-d7xc5", moves.get(indexOfFirstTaking(moves)).get("move").asText(),
            "c5 comes before a4 and d2 in point order");

        expect(http.get("/v1/moves?position=" + Http.encode("W.W...B..B.W.......B.... x 0 0")), 400, "side", "");
        expect(http.get("/v1/moves"), 400, "position", "missing");
        // white has placed a man and black none, yet white is to move: no game gets there
        expect(http.get("/v1/moves?position=" + Http.encode("W....................... w 2 3")), 400, "position",
            "not part of the game");
        expect(http.post("/v1/moves", "x"), 405, "method", "GET");
    }

    private static int indexOfFirstTaking(JsonNode moves) {
        for (int i = 0; i < moves.size(); i++) {
            if (!moves.get(i).get("taken").isNull()) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void pathsAndMethods() {
        expect(http.get("/v2/probe"), 404, "path", "/v1/probe");
        expect(http.send(HttpRequest.newBuilder(server.uri().resolve("/v1/probe")).DELETE()), 405, "method", "GET, POST");
        expect(http.post("/v1/database", "x"), 405, "method", "GET");
        String refused = http.raw("DELETE /v1/probe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(refused.startsWith("HTTP/1.1 405") && refused.contains("Allow: GET, HEAD, POST"), refused);
        Http.Answer api = http.get("/api");
        assertEquals(200, api.status());
        assertTrue(api.body().contains("GET /v1/probe?position="), "the API document");
        Http.Answer board = http.get("/");
        assertEquals(200, board.status());
        assertTrue(board.type().startsWith("text/html"));
    }

    @Test
    void bulkAnswersOneLinePerPositionInOrder() {
        String body = WIN_IN_1 + "\nnonsense\r\n........................ w 3 3\n";
        Http.Answer a = http.post("/v1/probe", body);
        assertEquals(200, a.status(), a.body());
        assertTrue(a.type().startsWith("application/x-ndjson"), a.type());
        assertEquals("*", a.allowOrigin());
        String[] lines = a.body().split("\n");
        assertEquals(3, lines.length);
        assertEquals(http.probe(WIN_IN_1).body(), lines[0], "the same bytes as GET");
        assertEquals(http.probe("........................ w 3 3").body(), lines[2]);
        JsonNode error = new Http.Answer(200, lines[1], "").json();
        assertEquals(2, error.get("line").asInt());
        assertEquals(400, error.get("status").asInt());
        assertEquals("position", error.get("field").asText());
        assertTrue(error.get("message").asText().startsWith("line 2: "));

        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            many.append(i % 2 == 0 ? WIN_IN_1 : "........................ w 3 3").append('\n');
        }
        Http.Answer full = http.post("/v1/probe", many.toString());
        assertEquals(200, full.status());
        assertEquals(10_000, full.body().split("\n").length, "10,000 positions are allowed");
        many.append(WIN_IN_1).append('\n');
        expect(http.post("/v1/probe", many.toString()), 413, "body", "more than 10000 positions");
        expect(http.post("/v1/probe", WIN_IN_1 + "\n" + "x".repeat(100) + "\n"), 413, "body", "line 2 has 100 characters");
        expect(http.post("/v1/probe", "x".repeat((1 << 20) + 1)), 413, "body", "more than the 1048576");
        expect(http.post("/v1/probe", ""), 400, "body", "no position");
        expect(http.post("/v1/probe", "\n \n"), 400, "body", "no position");
        // a hand count's range is the game's: three men here
        expect(http.probe("........................ w 123 3"), 400, "white in hand", "from 0 to 3,");
    }

    @Test
    void oversizedRequestLinesAndHeadersGetJsonErrors() {
        expect(http.get("/v1/probe?position=" + "x".repeat(9000)), 414, "uri", "longer than");
        expect(http.send(HttpRequest.newBuilder(server.uri().resolve("/v1/database")).header("X-Big", "y".repeat(9000))),
            431, "headers", "larger than");
    }

    @Test
    void manyClientsAtOnceGetTheAnswersOneGets() throws Exception {
        List<String> positions = Solved.randomPositions(3, 84, 5);
        List<String> alone = new ArrayList<>();
        for (String p : positions) {
            Http.Answer a = http.probe(p);
            assertEquals(200, a.status(), a.body());
            alone.add(a.body());
        }
        ExecutorService pool = Executors.newFixedThreadPool(12);
        try {
            List<Future<List<String>>> clients = new ArrayList<>();
            for (int c = 0; c < 12; c++) {
                int offset = c;
                clients.add(pool.submit(() -> {
                    Http own = new Http(server.uri());
                    List<String> got = new ArrayList<>();
                    for (int i = 0; i < positions.size(); i++) {
                        got.add(own.probe(positions.get((i + offset) % positions.size())).body());
                    }
                    return got;
                }));
            }
            for (int c = 0; c < clients.size(); c++) {
                List<String> got = clients.get(c).get();
                for (int i = 0; i < got.size(); i++) {
                    assertEquals(alone.get((i + c) % positions.size()), got.get(i));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSectorSolvedWhileTheServerRunsIsServedFromThenOn() throws Exception {
        Path part = tmp.resolve("db3-growing");
        Solved.solve(part, 3, "3-3-0-0");
        try (Probe growing = Probe.open(part, THREE);
             TablebaseServer s = TablebaseServer.start(new TablebaseApi(growing, Limits.defaults(2)), "127.0.0.1", 0, 2)) {
            Http h = new Http(s.uri());
            String opening = "........................ w 3 3";
            Http.Answer missing = h.probe(opening);
            expect(missing, 404, "position", "is not in the database");
            assertEquals("0-0-3-3", missing.json().get("sector").asText());
            assertEquals("merrills solve --db " + part + " --variant standard --men 3 --sector 0-0-3-3", missing.json().get("command").asText());
            Http.Answer rules = h.get("/v1/moves?position=" + Http.encode(opening));
            assertEquals(200, rules.status(), "the legal moves need no sector: " + rules.body());
            assertEquals(24, rules.json().get("moves").size());
            assertEquals(200, h.probe(WIN_IN_1).status(), "3-3-0-0 is there");
            JsonNode before = h.get("/v1/database").json();
            assertEquals(1, before.get("sectorsSolved").asInt());
            assertTrue(before.get("missing").toString().contains("0-0-3-3"));

            Solved.solve(part, 3); // the rest of the game, written while the server reads

            Http.Answer now = h.probe(opening);
            assertEquals(200, now.status(), now.body());
            assertEquals(http.probe(opening).body(), now.body(), "the same answer as the complete database's");
            assertEquals(7, h.get("/v1/database").json().get("sectorsSolved").asInt());
        }
    }

    @Test
    void aStalledClientHoldsNoMoreThanItsShareAndIsCutOff() throws Exception {
        Limits tight = new Limits(1 << 20, 64, 10_000, 1, Duration.ofMillis(200), 1000, Duration.ofMillis(1500), 8192);
        try (TablebaseServer s = TablebaseServer.start(new TablebaseApi(probe, tight), "127.0.0.1", 0, 1);
             Socket slow = new Socket("127.0.0.1", s.uri().getPort())) {
            holdTheSlot(slow);
            Http h = new Http(s.uri());
            Http.Answer busy = h.probe(WIN_IN_1);
            expect(busy, 503, "request", "try again");
            // The server gives up on the silent client after its idle timeout, and the slot is free again.
            slow.setSoTimeout(10_000);
            InputStream in = slow.getInputStream();
            byte[] answer = in.readAllBytes();
            String text = new String(answer, StandardCharsets.US_ASCII);
            assertFalse(text.startsWith("HTTP/1.1 200"), text);
            Http.Answer after = h.probe(WIN_IN_1);
            assertEquals(200, after.status(), after.body());
        }
    }

    /**
     * While the one request slot is held (a bulk request whose body never comes, cut off after
     * the 3 s idle timeout), 100 clients ask at once: every one is refused with the JSON 503 once
     * it has waited the 200 ms, none is left without an answer. Waiting held one of Jetty's few
     * threads before (2026-12-05): four refusals at a time, the last clients answered only when
     * the slot came free, or never.
     */
    @Test
    void clientsThatCannotStartAreRefusedAfterTheirWaitHoweverManyQueue() throws Exception {
        Limits tight = new Limits(1 << 20, 64, 10_000, 1, Duration.ofMillis(200), 1000, Duration.ofMillis(3000), 8192);
        try (TablebaseServer s = TablebaseServer.start(new TablebaseApi(probe, tight), "127.0.0.1", 0, 1);
             Socket slow = new Socket("127.0.0.1", s.uri().getPort())) {
            holdTheSlot(slow);
            int clients = 100;
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            try {
                List<Future<Http.Answer>> answers = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    answers.add(pool.submit(() -> new Http(s.uri()).probe(WIN_IN_1)));
                }
                for (Future<Http.Answer> a : answers) {
                    Http.Answer answer = a.get();
                    expect(answer, 503, "request", "try again");
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** Sends a bulk request that announces 1,000 bytes and sends 10: it holds a request slot until cut off. */
    private static void holdTheSlot(Socket slow) throws Exception {
        OutputStream out = slow.getOutputStream();
        out.write(("POST /v1/probe HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + WIN_IN_1.substring(0, 10))
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread.sleep(300);
    }

    static void expect(Http.Answer a, int status, String field, String message) {
        assertEquals(status, a.status(), a.body());
        assertTrue(a.type().startsWith("application/json"), a.type() + " " + a.body());
        assertEquals("*", a.allowOrigin(), "errors too, so that a page can read why");
        JsonNode e = a.json();
        assertEquals(status, e.get("status").asInt(), a.body());
        assertEquals(field, e.get("field").asText(), a.body());
        assertTrue(e.get("message").asText().contains(message), message + " in " + a.body());
        assertNotEquals(500, a.status());
    }
}
