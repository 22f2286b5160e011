package org.merrills.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares two JMH JSON result files, row by row: baseline score, new score, ratio, both error
 * margins and a verdict. A change is called faster or slower only when the two runs' error bars
 * (JMH's 99.9 % confidence intervals) do not overlap; otherwise it is within noise. With a
 * threshold, the exit status is 1 when any row is slower by more than that many percent beyond
 * the noise, that is, when the gap between the nearer ends of the two intervals exceeds it.
 *
 * <p>Usage: {@code Compare BASELINE.json NEW.json [--threshold PCT]}
 */
public final class Compare {
    /** One benchmark row of a JMH result file. */
    record Row(String key, double score, double error, String unit, boolean higherIsBetter) {
    }

    /** How a new row stands against its baseline. */
    record Verdict(String word, double ratio, double beyondNoisePct) {
    }

    private Compare() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 && !(args.length == 4 && args[2].equals("--threshold"))) {
            System.err.println("usage: Compare BASELINE.json NEW.json [--threshold PCT]");
            System.exit(2);
        }
        Double threshold = args.length == 4 ? Double.valueOf(args[3]) : null;
        Map<String, Row> base = read(Path.of(args[0]));
        Map<String, Row> now = read(Path.of(args[1]));
        System.exit(print(base, now, threshold, System.out));
    }

    /** Prints the table and returns the exit status: 1 when a row is slower beyond the threshold. */
    static int print(Map<String, Row> base, Map<String, Row> now, Double threshold, PrintStream out) {
        int status = 0;
        out.printf(Locale.ROOT, "%-58s %14s %10s %14s %10s %7s  %s%n", "benchmark", "baseline", "+-", "new", "+-",
            "ratio", "verdict");
        // A filtered run compares only what it ran; the rest of the baseline is counted, not listed.
        long notRun = base.keySet().stream().filter(k -> !now.containsKey(k)).count();
        for (String key : now.keySet()) {
            Row b = base.get(key), n = now.get(key);
            if (b == null) {
                out.printf(Locale.ROOT, "%-58s %14s %10s %14s %10s %7s  %s%n", key, "-", "", fmt(n.score()),
                    fmt(n.error()), "", "new (not in the baseline)");
                continue;
            }
            Verdict v = verdict(b, n);
            String word = v.word();
            if (word.equals("slower")) {
                word += String.format(Locale.ROOT, " (%.1f%% beyond noise)", v.beyondNoisePct());
                if (threshold != null && v.beyondNoisePct() > threshold) {
                    word += " FAIL";
                    status = 1;
                }
            }
            out.printf(Locale.ROOT, "%-58s %14s %10s %14s %10s %7.3f  %s%n", key, fmt(b.score()), fmt(b.error()),
                fmt(n.score()), fmt(n.error()), v.ratio(), word);
        }
        if (notRun > 0) {
            out.println("(" + notRun + " baseline rows not in this run)");
        }
        return status;
    }

    /**
     * The verdict for one row. Ratio is new/baseline in the "bigger is better" sense (above 1 is
     * faster whatever the unit).
     */
    static Verdict verdict(Row b, Row n) {
        double bLo = b.score() - err(b), bHi = b.score() + err(b);
        double nLo = n.score() - err(n), nHi = n.score() + err(n);
        boolean higher = b.higherIsBetter();
        double ratio = higher ? n.score() / b.score() : b.score() / n.score();
        if (higher ? nHi < bLo : nLo > bHi) {
            double gap = higher ? bLo - nHi : nLo - bHi;
            return new Verdict("slower", ratio, 100 * gap / b.score());
        }
        if (higher ? nLo > bHi : nHi < bLo) {
            return new Verdict("faster", ratio, 0);
        }
        return new Verdict("within noise", ratio, 0);
    }

    private static double err(Row r) {
        return Double.isFinite(r.error()) ? r.error() : 0;
    }

    /** The rows of a JMH JSON file, keyed by benchmark, parameters and secondary metric. */
    static Map<String, Row> read(Path file) throws IOException {
        JsonArray runs = JsonParser.parseString(Files.readString(file)).getAsJsonArray();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (JsonElement e : runs) {
            JsonObject run = e.getAsJsonObject();
            String name = run.get("benchmark").getAsString();
            name = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
            StringBuilder key = new StringBuilder(name);
            if (run.has("params")) {
                for (Map.Entry<String, JsonElement> p : run.getAsJsonObject("params").entrySet()) {
                    key.append(key.indexOf("[") < 0 ? "[" : ",").append(p.getKey()).append('=')
                        .append(p.getValue().getAsString());
                }
                key.append(']');
            }
            boolean higher = !run.get("mode").getAsString().equals("avgt")
                && !run.get("mode").getAsString().equals("sample") && !run.get("mode").getAsString().equals("ss");
            rows.put(key.toString(), row(key.toString(), run.getAsJsonObject("primaryMetric"), higher));
            if (run.has("secondaryMetrics")) {
                for (Map.Entry<String, JsonElement> m : run.getAsJsonObject("secondaryMetrics").entrySet()) {
                    String k = key + ":" + m.getKey();
                    rows.put(k, row(k, m.getValue().getAsJsonObject(), higher));
                }
            }
        }
        return rows;
    }

    private static Row row(String key, JsonObject metric, boolean higher) {
        double error = metric.get("scoreError").isJsonPrimitive() && metric.get("scoreError").getAsJsonPrimitive().isNumber()
            ? metric.get("scoreError").getAsDouble() : Double.NaN;
        return new Row(key, metric.get("score").getAsDouble(), error, metric.get("scoreUnit").getAsString(), higher);
    }

    private static String fmt(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return Math.abs(v) >= 1000 ? String.format(Locale.ROOT, "%.4g", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
