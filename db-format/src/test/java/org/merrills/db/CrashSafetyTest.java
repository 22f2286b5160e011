package org.merrills.db;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Kills a writing child JVM (kill -9) at random moments and checks that the next run opens the
 * directory cleanly: no temporary file, no sector file without its catalogue row, and every
 * catalogued sector whole, verified and holding exactly the values of the generation it records.
 * A child needs seconds to start (Chronicle Map compiles a class at run time), so the default
 * suite kills two; {@code -Pslow} kills twelve.
 */
class CrashSafetyTest {
    @TempDir
    Path dir;

    @Test
    void killingTheWriterTwiceNeverLeavesAHalfSector() throws Exception {
        killAndCheck(2);
    }

    @Test
    @Tag("slow")
    void killingTheWriterAtManyRandomMomentsNeverLeavesAHalfSector() throws Exception {
        killAndCheck(12);
    }

    private void killAndCheck(int rounds) throws Exception {
        Random rnd = new Random();
        int generation = 0;
        for (int round = 0; round < rounds; round++) {
            Process child = startChild(generation);
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
                String line = out.readLine();
                assertNotNull(line, "the child died before it was ready");
                assertTrue(line.startsWith("ready"), line);
                DatabaseException busy = assertThrows(DatabaseException.class,
                    () -> Database.open(dir, CrashingWriter.RULES, true));
                assertTrue(busy.getMessage().contains("being written by another process (pid " + child.pid()),
                    busy.getMessage());
                // kill after 0 to 5 commits, at a random moment of the next sector's put, commit or rename
                for (int commits = rnd.nextInt(6); commits > 0; commits--) {
                    assertNotNull(out.readLine(), "the child died by itself");
                }
                readWhileTheChildWrites();
                Thread.sleep(rnd.nextInt(40));
            } finally {
                child.destroyForcibly();
                assertTrue(child.waitFor(10, TimeUnit.SECONDS));
            }
            generation += 100;
            checkDirectory();
        }
    }

    /** Another process reads the sectors already committed while the child goes on writing. */
    private void readWhileTheChildWrites() {
        try (Database reader = Database.open(dir, CrashingWriter.RULES, false)) {
            for (String sector : reader.catalogue().keySet()) {
                SectorReader r;
                try {
                    r = reader.reader(sector);
                } catch (DatabaseException replacedMeanwhile) {
                    continue; // the child uncatalogued it to replace it: fine
                }
                SectorMeta row = reader.catalogue().get(sector);
                if (row == null || row.fileChecksum() != r.fileChecksum()) {
                    continue; // replaced again since: the reader holds the previous whole file
                }
                int s = Integer.parseInt(sector.substring(2));
                int g = generation(row, s, r);
                for (long i = 0; i < r.entries(); i += 997) {
                    assertEquals(CrashingWriter.value(s, g, i), r.value(i), sector + " entry " + i);
                }
            }
        }
    }

    private void checkDirectory() throws IOException {
        try (Database db = Database.open(dir, CrashingWriter.RULES, true)) {
            Set<String> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
            }
            assertTrue(files.stream().noneMatch(f -> f.contains(".tmp")), "leftovers after cleanup: " + files);
            Set<String> sectorFiles = files.stream().filter(f -> f.endsWith(".msdb"))
                .map(f -> f.substring(0, f.length() - 5)).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(db.catalogue().keySet(), sectorFiles, "catalogue rows and sector files agree");
            for (Map.Entry<String, SectorMeta> e : db.catalogue().entrySet()) {
                String sector = e.getKey();
                assertTrue(db.isComplete(sector));
                db.verify(sector);
                int s = Integer.parseInt(sector.substring(2));
                SectorReader r = db.reader(sector);
                int g = generation(e.getValue(), s, r);
                assertEquals(CrashingWriter.entries(s), r.entries());
                for (long i = 0; i < r.entries(); i++) {
                    if (r.value(i) != CrashingWriter.value(s, g, i)) {
                        fail(sector + " generation " + g + " entry " + i + ": " + r.value(i));
                    }
                }
            }
        }
    }

    /**
     * The generation a sector's values are of: its row says so, unless the row was rebuilt from
     * the file (the child died between renaming the file and cataloguing it); then the one
     * generation whose first values the file holds.
     */
    private static int generation(SectorMeta row, int sector, SectorReader r) {
        if (!row.solverVersion().equals(DirectoryRepair.REBUILT_VERSION)) {
            return Integer.parseInt(row.solverVersion().substring(4));
        }
        for (int g = 0; g < 100 * 12 + 100_000; g++) {
            boolean all = true;
            for (long i = 0; i < 64 && all; i++) {
                all = CrashingWriter.value(sector, g, i) == r.value(i);
            }
            if (all) {
                return g;
            }
        }
        throw new AssertionError("c-" + sector + " holds the values of no generation");
    }

    private Process startChild(int generation) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!a.startsWith("-agentlib") && !a.startsWith("-javaagent") && !a.startsWith("-Xmx")) {
                cmd.add(a); // the same JVM flags Chronicle needs
            }
        }
        cmd.add("-Xmx256m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(CrashingWriter.class.getName());
        cmd.add(dir.toString());
        cmd.add(Integer.toString(generation));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
