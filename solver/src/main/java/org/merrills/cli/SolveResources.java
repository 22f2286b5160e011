package org.merrills.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.merrills.db.Database;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;

/**
 * The check a solve makes before it starts: that the disk has room for every file it will write
 * (one byte per position, as the index sizes say, plus a few KiB per file; packed, an estimate)
 * and that the JVM's heap holds the largest unit it will solve at once. The solver's peak is about
 * {@value #BYTES_PER_POSITION} bytes per position of the moving pair in hand (its state and its
 * frontier) plus one byte per position of the child sectors it reads, which are copied into the
 * heap (the README, "Memory and threads"), plus the index tables and room for the JVM itself.
 */
final class SolveResources {
    /**
     * Heap bytes per position of the unit being solved, at the solver's peak: 4 of state and 2 of
     * frontier. The frontier is mostly pending wins seeded before the first level, 4 bytes each:
     * the standard game's pair 6-9/9-6 (818 M slots, 99 % of 9-6 won) held 36 % of its slots
     * there, and a check of 4 bytes a position said 3.9 GB for a pair that took 6.3 GB.
     */
    static final long BYTES_PER_POSITION = 6;
    /** Heap beyond the unit: index tables (79 MB for the standard game) and the JVM's own needs. */
    static final long HEAP_MARGIN = 256L << 20;
    /** Per sector file beyond its layout: an overflow table's few entries and the file system's slack. */
    private static final long FILE_SLACK = 8 << 10;
    /**
     * Bits per position a packed file is planned at, before its values are known: the standard
     * game packed (README, "Packed databases") to 2.985 bits per position over all its sectors,
     * 4.13 in its worst, 9-9-0-0. A third over the whole game's figure, and no more, so that the
     * whole Lasker game (1.33 x 10^11 positions) is not refused on a disk of 80 GB. A run that
     * fills the disk all the same stops with the sectors done kept, to be resumed once there is
     * room (exit status 6).
     */
    static final int PACKED_BITS_PER_POSITION = 4;

    private SolveResources() {
    }

    /**
     * The disk a solve of {@code todo} into {@code db} needs: what {@link Database#spaceFor} says
     * of its files, a few KiB each for overflow tables and the file system, and a catalogue when
     * the database is not there yet (an existing one was rebuilt when the solve opened it).
     */
    static long diskNeeded(Path db, List<Sector> todo, BoardIndexes indexes) {
        return diskNeeded(db, todo, indexes, false);
    }

    /**
     * The same for a run that packs each file once written when {@code packed}: every file at
     * {@link #PACKED_BITS_PER_POSITION}, plus the largest plain file, which stays on disk beside
     * its packed copy until that has replaced it.
     */
    static long diskNeeded(Path db, List<Sector> todo, BoardIndexes indexes, boolean packed) {
        long[] entries = new long[todo.size()];
        long total = 0, largest = 0;
        for (int i = 0; i < todo.size(); i++) {
            entries[i] = indexes.of(todo.get(i)).size();
            total += entries[i];
            largest = Math.max(largest, entries[i]);
        }
        long files = packed
            ? (total * PACKED_BITS_PER_POSITION + 7) / 8 + (todo.isEmpty() ? 0 : Database.spaceFor(new long[] {largest}))
            : Database.spaceFor(entries);
        return files + FILE_SLACK * todo.size()
            + (Files.exists(db.resolve(Database.CATALOGUE_FILE)) ? 0 : Database.CATALOGUE_BYTES);
    }

    /**
     * The unit of {@code todo} that needs the most heap, as the solver takes them: a sector with
     * its partner when they are solved as a pair ({@link SectorGraph#partner}; in Lasker that
     * includes the sectors with men in hand), with the child sectors either half reads.
     *
     * @param name the unit, "W-B-WF-BF" or "W-B-WF-BF with B-W-BF-WF"
     * @param positions the positions of the sector or of both halves
     * @param heap the heap it needs, {@link #HEAP_MARGIN} aside
     */
    record Unit(String name, long positions, long heap) {
    }

    /** The unit of {@code todo} with the largest heap ({@link Unit}), or null when there is none. */
    static Unit largestUnit(List<Sector> todo, BoardIndexes indexes, SectorGraph graph) {
        Unit largest = null;
        for (Sector s : todo) {
            Sector partner = graph.partner(s);
            boolean pair = !partner.equals(s);
            long unit = indexes.of(s).size() + (pair ? indexes.of(partner).size() : 0);
            Set<Sector> children = new HashSet<>();
            for (Sector half : pair ? List.of(s, partner) : List.of(s)) {
                children.addAll(graph.dependsOn(half));
            }
            children.remove(s);
            children.remove(partner);
            long heap = BYTES_PER_POSITION * unit;
            for (Sector child : children) {
                heap += indexes.of(child).size();
            }
            if (largest == null || heap > largest.heap()) {
                largest = new Unit(pair ? s + " with " + partner : s.name(), unit, heap);
            }
        }
        return largest;
    }

    /** Refuses a run whose largest unit does not fit the heap, or whose files ({@code packed} or not) the disk. */
    static void check(Path db, List<Sector> todo, BoardIndexes indexes, SectorGraph graph, boolean packed) {
        Unit largest = largestUnit(todo, indexes, graph);
        // memory first: another --db does not cure it, and its test must not depend on the disk's free space
        long max = Runtime.getRuntime().maxMemory();
        if (largest != null && largest.heap() + HEAP_MARGIN > max) {
            throw new ExitStatus.OutOfResourcesException("not enough memory: solving " + largest.name() + " ("
                + String.format(java.util.Locale.ROOT, "%,d", largest.positions()) + " positions, its child sectors copied in) needs about "
                + Resources.gib(largest.heap() + HEAP_MARGIN) + " of heap, the JVM may use " + Resources.gib(max)
                + "; set MERRILLS_JAVA_OPTS=-Xmx<size> (README, \"Memory and threads\")");
        }
        long disk = diskNeeded(db, todo, indexes, packed);
        long free = Database.usableSpace(db);
        if (disk > free) {
            throw new ExitStatus.OutOfResourcesException("not enough disk space in " + db + ": the " + todo.size()
                + " sectors to solve need " + Resources.gib(disk) + (packed
                    ? " (packed, planned at " + PACKED_BITS_PER_POSITION + " bits per position, and the largest plain file"
                        + " while it is packed), "
                    : " (one byte per position; --pack needs about half of that), ")
                + Resources.gib(free) + " are free; free some space or give another --db");
        }
    }
}
