package org.merrills.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.merrills.probe.Probe;
import org.merrills.rules.Variant;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The analysis board in a real browser: headless Chromium (Debian's chromium and chromium-driver,
 * which .ci/run installs) driven by Selenium. Plays a short game of the three-men game by clicking
 * points, and checks what the page shows against the API's answers; saves a screenshot under
 * target/. Skipped, saying so, where Chromium is not installed.
 */
class BoardBrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    static Path tmp;
    static Probe probe;
    static TablebaseServer server;
    static Http http;
    static WebDriver browser;
    static WebDriverWait wait;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
            "headless Chromium is not installed (apt-get install -y chromium chromium-driver); the browser test is skipped");
        Path db = tmp.resolve("db3");
        Solved.solve(db, 3);
        probe = Probe.open(db, Variant.standard(3, true));
        server = TablebaseServer.start(new TablebaseApi(probe, Limits.defaults(4)), "127.0.0.1", 0, 4);
        http = new Http(server.uri());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toString());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--window-size=1100,900",
            "--user-data-dir=" + Files.createDirectories(tmp.resolve("chromium-profile")));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
            .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
        if (probe != null) {
            probe.close();
        }
    }

    @Test
    void aShortGameByClicking() throws Exception {
        String opening = "........................ w 3 3";
        browser.get(server.uri().toString());
        showsTheApisAnswer(opening);
        // The board is drawn from /v1/board: one clickable point per point of the API's board.
        assertEquals(24, browser.findElements(By.cssSelector("circle.hit")).size());

        String previous = opening;
        String current = opening;
        for (int ply = 0; ply < 4; ply++) {
            JsonNode best = http.probe(current).json().get("moves").get(0);
            clickMove(best);
            previous = current;
            current = best.get("position").asText();
            showsTheApisAnswer(current);
        }
        assertEquals(4, browser.findElements(By.cssSelector("#history li")).size());
        assertTrue(decodedHash().equals(current), "the address holds the position: " + decodedHash());

        // Placing, a click on an occupied point is refused with a message and changes nothing.
        String occupied = firstOccupied(current);
        click(occupied);
        WebElement message = browser.findElement(By.id("message"));
        assertEquals("illegal", message.getAttribute("class"));
        assertTrue(message.getText().contains(occupied + " is occupied"), message.getText());
        assertEquals(current, position());

        browser.findElement(By.id("undo")).click();
        showsTheApisAnswer(previous);
        browser.findElement(By.id("redo")).click();
        showsTheApisAnswer(current);

        // Flipped, a7 is drawn where g1 was.
        String cx = browser.findElement(By.id("point-a7")).getAttribute("cx");
        browser.findElement(By.id("flip")).click();
        assertEquals(browser.findElement(By.id("point-g1")).getAttribute("cx"), cx);
        browser.findElement(By.id("flip")).click();

        // Against perfect play: the person moves, perfect play answers with the API's best move.
        new Select(browser.findElement(By.id("computer"))).selectByValue("black");
        JsonNode mine = http.probe(current).json().get("moves").get(0);
        clickMove(mine);
        String afterMine = mine.get("position").asText();
        JsonNode reply = http.probe(afterMine).json().get("moves").get(0);
        wait.until(d -> reply.get("position").asText().equals(position()));
        showsTheApisAnswer(reply.get("position").asText());
        screenshot(Path.of("target", "board.png"));

        // The address is enough to come back to the position.
        new Select(browser.findElement(By.id("computer"))).selectByValue("none");
        String shared = browser.getCurrentUrl();
        browser.get("about:blank");
        browser.get(shared);
        showsTheApisAnswer(reply.get("position").asText());
    }

    /**
     * Against perfect play as white from the opening, undo goes back to the person's positions
     * only and refuses to go past perfect play's first move (it once went to the opening, where
     * perfect play, not at the end of the game, never moved and every click was refused).
     */
    @Test
    void undoAgainstPerfectPlayStopsAtThePersonsTurn() {
        String opening = "........................ w 3 3";
        browser.get(server.uri().toString());
        showsTheApisAnswer(opening);
        new Select(browser.findElement(By.id("computer"))).selectByValue("white");
        String first = http.probe(opening).json().get("moves").get(0).get("position").asText();
        wait.until(d -> first.equals(position()));
        showsTheApisAnswer(first);
        JsonNode mine = http.probe(first).json().get("moves").get(0);
        clickMove(mine);
        String reply = http.probe(mine.get("position").asText()).json().get("moves").get(0).get("position").asText();
        wait.until(d -> reply.equals(position()));
        showsTheApisAnswer(reply);

        browser.findElement(By.id("undo")).click();
        showsTheApisAnswer(first);
        browser.findElement(By.id("undo")).click();
        WebElement message = browser.findElement(By.id("message"));
        assertTrue(message.getText().startsWith("nothing to undo"), message.getText());
        assertEquals(first, position(), "still at the person's first turn");
        // and the person can play on from there
        clickMove(mine);
        wait.until(d -> reply.equals(position()));
        new Select(browser.findElement(By.id("computer"))).selectByValue("none");
    }

    /** An address with a malformed or '+'-encoded position, or changed by hand, is read as a person would mean it. */
    @Test
    void theAddressIsReadForgivingly() {
        String opening = "........................ w 3 3";
        browser.get(server.uri() + "#%");
        showsTheApisAnswer(opening);
        String p = http.probe(opening).json().get("moves").get(0).get("position").asText();
        browser.get(server.uri() + "#" + p.replace(' ', '+'));
        showsTheApisAnswer(p);
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("location.hash = arguments[0];", opening);
        showsTheApisAnswer(opening);
    }

    /**
     * In Lasker Morris a side with men in hand may move a man on the board: clicking the man and
     * then a neighbouring point plays that move (it was refused as 'occupied' before).
     */
    @Test
    void laskerMovesAManOnTheBoardWhileMenAreInHand() throws Exception {
        Path db = tmp.resolve("lasker3");
        Solved.solve(db, Variant.lasker(3, true));
        try (Probe lasker = Probe.open(db, Variant.lasker(3, true));
             TablebaseServer s = TablebaseServer.start(new TablebaseApi(lasker, Limits.defaults(2)), "127.0.0.1", 0, 2)) {
            Http h = new Http(s.uri());
            String start = "W..............B........ w 2 2"; // white: a7 and two in hand; black: c3 and two in hand
            JsonNode step = null;
            for (JsonNode m : h.probe(start).json().get("moves")) {
                if (m.get("move").asText().equals("a7-d7")) {
                    step = m;
                }
            }
            assertTrue(step != null, "a7-d7 is a legal move");
            browser.get(s.uri() + "#" + start.replace(" ", "%20"));
            wait.until(d -> start.equals(position()) && d.findElement(By.id("value")).getAttribute("data-value") != null);
            click("a7");
            assertEquals("", browser.findElement(By.id("message")).getText());
            click("d7");
            String after = step.get("position").asText();
            wait.until(d -> after.equals(position()));
        }
    }

    /**
     * On a database holding 3-3-0-0 alone, the opening's sector is missing: the board says which
     * and how to solve it, lists the 24 placements without values and plays them by clicks. Six
     * placements that close no mill (white a7, g4, d2; black d7, b4, e3: no two of one side share
     * a mill) reach 3-3-0-0, whose value and moves the page shows as the complete database has them.
     */
    @Test
    void aPartialDatabaseStaysPlayableIntoItsSolvedSectors() throws Exception {
        Path db = tmp.resolve("db3-part");
        Solved.solve(db, 3, "3-3-0-0");
        try (Probe part = Probe.open(db, Variant.standard(3, true));
             TablebaseServer s = TablebaseServer.start(new TablebaseApi(part, Limits.defaults(2)), "127.0.0.1", 0, 2)) {
            String opening = "........................ w 3 3";
            browser.get(s.uri().toString());
            waitForUnvalued(opening);
            assertEquals("No value", browser.findElement(By.id("value")).getText());
            String missing = browser.findElement(By.id("missing")).getText();
            assertTrue(missing.contains("0-0-3-3") && missing.contains("merrills solve"), missing);
            List<WebElement> items = browser.findElements(By.cssSelector("#moves li"));
            assertEquals(24, items.size(), "one placement per empty point");
            assertTrue(browser.findElement(By.id("moves-order")).getText().contains("no values"));
            for (WebElement li : items) {
                assertEquals("unknown", li.getAttribute("class"));
                assertTrue(li.getText().endsWith("no value"), li.getText());
            }
            String[] points = {"a7", "d7", "g4", "b4", "d2", "e3"};
            String[] after = {
                "W....................... b 2 3",
                "WB...................... w 2 2",
                "WB............W......... b 1 2",
                "WB........B...W......... w 1 1",
                "WB........B...W....W.... b 0 1",
                "WB........B...W..B.W.... w 0 0",
            };
            for (int i = 0; i < points.length; i++) {
                click(points[i]);
                if (i < points.length - 1) {
                    waitForUnvalued(after[i]);
                }
            }
            showsTheApisAnswer(after[points.length - 1]); // the complete database's answer
            assertEquals("", browser.findElement(By.id("missing")).getText());
            assertTrue(browser.findElement(By.id("moves-order")).getText().contains("best first"));
        }
    }

    /** Waits for the page to show {@code position} from a sector the database lacks. */
    private static void waitForUnvalued(String position) {
        wait.until(d -> position.equals(position()) && !d.findElement(By.id("missing")).getText().isEmpty());
    }

    /** Waits for the page to show {@code position}, then compares its value and move list with the API's. */
    private static void showsTheApisAnswer(String position) {
        wait.until(d -> position.equals(position()) && d.findElement(By.id("value")).getAttribute("data-value") != null);
        JsonNode r = http.probe(position).json();
        WebElement value = browser.findElement(By.id("value"));
        assertEquals(words(r), value.getText(), position);
        assertEquals(r.get("value").asText(), value.getAttribute("data-value"));
        List<WebElement> items = browser.findElements(By.cssSelector("#moves li"));
        JsonNode moves = r.get("moves");
        assertEquals(moves.size(), items.size(), position);
        for (int i = 0; i < moves.size(); i++) {
            JsonNode m = moves.get(i);
            WebElement li = items.get(i);
            assertEquals(m.get("move").asText(), li.getAttribute("data-move"));
            assertEquals(m.get("value").asText(), li.getAttribute("data-value"));
            assertEquals(m.get("distance").isNull() ? "" : m.get("distance").asText(), li.getAttribute("data-distance"));
            assertEquals(m.get("value").asText(), li.getAttribute("class"), "colour-coded by value");
        }
        String side = r.get("side").asText();
        assertTrue(browser.findElement(By.id("turn")).getText().startsWith(side.substring(0, 1).toUpperCase() + side.substring(1)));
    }

    /** The value in words, from the side to move's value, written again here. */
    private static String words(JsonNode r) {
        String side = r.get("side").asText();
        String other = side.equals("white") ? "Black" : "White";
        String mover = side.equals("white") ? "White" : "Black";
        return switch (r.get("value").asText()) {
            case "draw" -> "Draw";
            case "win" -> mover + " wins in " + r.get("distance").asInt();
            default -> other + " wins in " + r.get("distance").asInt();
        };
    }

    private static void clickMove(JsonNode m) {
        if (!m.get("from").isNull()) {
            click(m.get("from").asText());
        }
        click(m.get("to").asText());
        if (!m.get("taken").isNull()) {
            click(m.get("taken").asText());
        }
    }

    private static void click(String point) {
        browser.findElement(By.id("point-" + point)).click();
    }

    private static String position() {
        return browser.findElement(By.tagName("body")).getAttribute("data-position");
    }

    private static String decodedHash() {
        Object hash = ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
            "return decodeURIComponent(location.hash.slice(1));");
        return String.valueOf(hash);
    }

    private static String firstOccupied(String position) {
        String[] names = {"a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4",
            "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"};
        for (int i = 0; i < 24; i++) {
            if (position.charAt(i) != '.') {
                return names[i];
            }
        }
        throw new AssertionError("no man on " + position);
    }

    private static void screenshot(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        byte[] png = ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Files.write(file, png);
        assertTrue(png.length > 1000);
    }
}
