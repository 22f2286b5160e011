package org.merrills.db;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link SectorMeta} as the text stored in the catalogue: one {@code key=value} line per field,
 * with {@code %}, {@code =} and line breaks in values escaped as {@code %25}, {@code %3D},
 * {@code %0A}, {@code %0D}. Text, so that an old program reading a newer row ignores fields it does
 * not know and a person can read a dump.
 */
final class SectorMetaCodec {
    private SectorMetaCodec() {
    }

    static String encode(SectorMeta m) {
        StringBuilder b = new StringBuilder(256);
        line(b, "status", m.status());
        line(b, "ruleFingerprint", m.ruleFingerprint());
        line(b, "entries", m.entries());
        line(b, "positions", m.positions());
        line(b, "wins", m.wins());
        line(b, "losses", m.losses());
        line(b, "draws", m.draws());
        line(b, "longestWin", m.longestWin());
        line(b, "longestLoss", m.longestLoss());
        line(b, "fileChecksum", m.fileChecksum());
        line(b, "formatVersion", m.formatVersion());
        line(b, "solverVersion", m.solverVersion());
        line(b, "wallMillis", m.wallMillis());
        line(b, "threads", m.threads());
        line(b, "finishedAt", m.finishedAt());
        return b.toString();
    }

    static SectorMeta decode(String sector, String text) {
        Map<String, String> f = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                f.put(line.substring(0, eq), unescape(line.substring(eq + 1)));
            }
        }
        try {
            return new SectorMeta(req(f, "status", sector), req(f, "ruleFingerprint", sector),
                num(f, "entries", sector), num(f, "positions", sector), num(f, "wins", sector),
                num(f, "losses", sector), num(f, "draws", sector), (int) num(f, "longestWin", sector),
                (int) num(f, "longestLoss", sector), num(f, "fileChecksum", sector),
                (int) num(f, "formatVersion", sector), f.getOrDefault("solverVersion", ""),
                num(f, "wallMillis", sector), (int) num(f, "threads", sector), num(f, "finishedAt", sector));
        } catch (NumberFormatException e) {
            throw new DatabaseException("catalogue row of sector " + sector + " is damaged: " + e.getMessage(), e);
        }
    }

    private static String req(Map<String, String> f, String key, String sector) {
        String v = f.get(key);
        if (v == null) {
            throw new DatabaseException("catalogue row of sector " + sector + " has no " + key);
        }
        return v;
    }

    private static long num(Map<String, String> f, String key, String sector) {
        return Long.parseLong(req(f, key, sector));
    }

    private static void line(StringBuilder b, String key, Object value) {
        b.append(key).append('=');
        String s = String.valueOf(value);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '%' -> b.append("%25");
                case '=' -> b.append("%3D");
                case '\n' -> b.append("%0A");
                case '\r' -> b.append("%0D");
                default -> b.append(c);
            }
        }
        b.append('\n');
    }

    private static String unescape(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
