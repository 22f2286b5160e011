package org.merrills.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {
    private static Compare.Row thr(double score, double err) {
        return new Compare.Row("x", score, err, "ops/s", true);
    }

    private static Compare.Row avg(double score, double err) {
        return new Compare.Row("x", score, err, "ns/op", false);
    }

    @Test
    void overlappingErrorBarsAreNoise() {
        assertEquals("within noise", Compare.verdict(thr(100, 10), thr(95, 10)).word());
        assertEquals("within noise", Compare.verdict(avg(100, 10), avg(115, 10)).word());
    }

    @Test
    void separatedBarsAreFasterOrSlowerInTheRightDirectionForTheMode() {
        // Throughput 100 +- 5 against 80 +- 5: the nearer ends are 95 and 85, 10 % of 100 apart.
        Compare.Verdict v = Compare.verdict(thr(100, 5), thr(80, 5));
        assertEquals("slower", v.word());
        assertEquals(10.0, v.beyondNoisePct(), 1e-9);
        assertEquals(0.8, v.ratio(), 1e-9);
        assertEquals("faster", Compare.verdict(thr(80, 5), thr(100, 5)).word());
        // Time per op: more is slower.
        assertEquals("slower", Compare.verdict(avg(10, 1), avg(20, 1)).word());
        assertEquals("faster", Compare.verdict(avg(20, 1), avg(10, 1)).word());
    }

    @Test
    void thresholdDecidesTheExitStatus(@TempDir Path dir) throws Exception {
        String base = "[{\"benchmark\":\"org.merrills.bench.PerftBench.walk\",\"mode\":\"thrpt\","
            + "\"params\":{\"phase\":\"moving\"},\"primaryMetric\":{\"score\":100.0,\"scoreError\":5.0,"
            + "\"scoreUnit\":\"ops/s\"},\"secondaryMetrics\":{\"nodes\":{\"score\":1000.0,\"scoreError\":50.0,"
            + "\"scoreUnit\":\"ops/s\"}}}]";
        String slow = base.replace("100.0", "80.0").replace("1000.0", "800.0");
        Path b = Files.writeString(dir.resolve("b.json"), base);
        Path n = Files.writeString(dir.resolve("n.json"), slow);
        Map<String, Compare.Row> br = Compare.read(b), nr = Compare.read(n);
        assertTrue(br.containsKey("PerftBench.walk[phase=moving]"), br.keySet().toString());
        assertTrue(br.containsKey("PerftBench.walk[phase=moving]:nodes"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(1, Compare.print(br, nr, 5.0, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("FAIL"));
        assertEquals(0, Compare.print(br, nr, 15.0, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertEquals(0, Compare.print(br, br, 0.0, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    }
}
