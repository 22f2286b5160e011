package org.merrills.db;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A child JVM for {@link PackCrashSafetyTest}: opens the database for writing, says "ready", then
 * packs and unpacks sectors c-0 .. c-3 in place, over and over, until it is killed, saying what it
 * did after each sector.
 */
public final class CrashingPacker {
    private CrashingPacker() {
    }

    public static void main(String[] args) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Database db = Database.open(Path.of(args[0]), CrashingWriter.RULES, true)) {
            System.out.println("ready " + db.notes());
            System.out.flush();
            for (boolean pack = true; ; pack = !pack) {
                for (int s = 0; s < CrashingWriter.SECTORS; s++) {
                    if (pack) {
                        Packing.pack(db, db, "c-" + s, new Packing.Options(4096, 1), pool);
                    } else {
                        Packing.unpack(db, db, "c-" + s);
                    }
                    System.out.println((pack ? "packed" : "unpacked") + " c-" + s);
                    System.out.flush();
                }
            }
        }
    }
}
