package org.merrills.db;

import java.nio.file.Path;

/**
 * A child JVM for {@link CrashSafetyTest}: opens the database for writing, says "ready", then
 * rewrites sectors c-0 .. c-3 generation after generation until it is killed, saying
 * "committed" after each sector. The values are a
 * function of (sector, generation, index) that the test recomputes.
 */
public final class CrashingWriter {
    static final String RULES = "morris/men=5/flying=on/crash-test";
    static final int SECTORS = 4;

    private CrashingWriter() {
    }

    static long entries(int sector) {
        return 200_000 + 1000L * sector;
    }

    /** Draws, wins and losses of every length, a few beyond one byte. */
    static int value(int sector, int generation, long index) {
        long h = index * 0x9E3779B97F4A7C15L ^ (sector * 0x632BE59BD9B4E019L + generation * 0x85EBCA77C2B2AE63L);
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return (int) ((h >>> 1) % 300) - 1;
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int generation = Integer.parseInt(args[1]);
        try (Database db = Database.open(dir, RULES, true)) {
            System.out.println("ready " + db.notes());
            System.out.flush();
            for (int g = generation; ; g++) {
                for (int s = 0; s < SECTORS; s++) {
                    SectorWriter w = db.create("c-" + s, entries(s));
                    for (long i = 0; i < entries(s); i++) {
                        w.put(i, value(s, g, i));
                    }
                    w.commit(SectorMeta.solved(entries(s), 0, 0, 0, -1, -1, "gen-" + g, 0, 1));
                    System.out.println("committed c-" + s + " gen-" + g);
                    System.out.flush();
                }
            }
        }
    }
}
