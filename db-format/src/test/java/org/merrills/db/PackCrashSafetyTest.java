package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM that packs and unpacks sectors in place (kill -9) at random moments, and
 * checks that the directory is whole afterwards: each sector's file plain or packed, matching its
 * catalogue row, verified in full, holding exactly the values written. Two kills in the default
 * suite, ten with {@code -Pslow}.
 */
class PackCrashSafetyTest {
    @TempDir
    Path dir;

    @Test
    void killingAPackTwiceLeavesEverySectorPlainOrPackedAndWhole() throws Exception {
        killAndCheck(2);
    }

    @Test
    @Tag("slow")
    void killingAPackAtManyRandomMomentsLeavesEverySectorPlainOrPackedAndWhole() throws Exception {
        killAndCheck(10);
    }

    private void killAndCheck(int rounds) throws Exception {
        try (Database db = Database.open(dir, CrashingWriter.RULES, true)) {
            for (int s = 0; s < CrashingWriter.SECTORS; s++) {
                SectorWriter w = db.create("c-" + s, CrashingWriter.entries(s));
                for (long i = 0; i < CrashingWriter.entries(s); i++) {
                    w.put(i, CrashingWriter.value(s, 0, i));
                }
                w.commit(SectorMeta.solved(CrashingWriter.entries(s), 0, 0, 0, -1, -1, "gen-0", 0, 1));
            }
        }
        Random rnd = new Random();
        Set<FileKind> seen = EnumSet.noneOf(FileKind.class);
        for (int round = 0; round < rounds; round++) {
            Process child = CrashSafetyTest.startJvm(CrashingPacker.class, dir.toString());
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
                String line = out.readLine();
                assertNotNull(line, "the child died before it was ready");
                assertTrue(line.startsWith("ready"), line);
                for (int steps = 1 + rnd.nextInt(6); steps > 0; steps--) {
                    assertNotNull(out.readLine(), "the child died by itself");
                }
                Thread.sleep(rnd.nextInt(30));
            } finally {
                child.destroyForcibly();
                assertTrue(child.waitFor(10, TimeUnit.SECONDS));
            }
            seen.addAll(checkDirectory());
        }
        assertFalse(seen.isEmpty());
    }

    private Set<FileKind> checkDirectory() throws IOException {
        Set<FileKind> kinds = EnumSet.noneOf(FileKind.class);
        try (Database db = Database.open(dir, CrashingWriter.RULES, true)) {
            Set<String> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
            }
            assertTrue(files.stream().noneMatch(f -> f.contains(".tmp")), "leftovers after cleanup: " + files);
            assertEquals(CrashingWriter.SECTORS, db.catalogue().size(), "no sector lost: " + files);
            for (Map.Entry<String, SectorMeta> e : db.catalogue().entrySet()) {
                String sector = e.getKey();
                FileKind kind = FileKind.of(db.file(sector));
                assertNotNull(kind, sector);
                kinds.add(kind);
                assertTrue(db.isComplete(sector), sector);
                db.verify(sector);
                int s = Integer.parseInt(sector.substring(2));
                SectorReader r = db.reader(sector);
                for (long i = 0; i < r.entries(); i++) {
                    if (r.value(i) != CrashingWriter.value(s, 0, i)) {
                        fail(sector + " (" + kind + ") entry " + i + ": " + r.value(i));
                    }
                }
            }
        }
        return kinds;
    }
}
