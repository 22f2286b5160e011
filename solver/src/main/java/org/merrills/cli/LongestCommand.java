package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.merrills.db.Database;
import org.merrills.db.DatabaseException;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorReader;
import org.merrills.db.Value;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorIndex;
import org.merrills.probe.json.Json;
import org.merrills.rules.Position;
import org.merrills.rules.Side;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code merrills longest}: the longest wins of a database, the ones a player asks about first.
 * The catalogue knows each sector's longest win; this finds a position that has it (the first in
 * index order) and prints it in notation, so that it can be probed, played or shown on the board.
 */
@Command(name = "longest", mixinStandardHelpOptions = true,
    description = {"Lists the longest wins of a database: the sectors whose longest win is longest, longest "
        + "first, each with one position at that distance (the first in the sector's index order, side to "
        + "move white), ready for 'merrills probe' or 'merrills line'.",
        "Reads the sector files only: needs no write access. Each listed sector is read until such a position "
        + "is found."})
public final class LongestCommand implements Callable<Integer> {
    /** The entries {@link #firstWith} reads at a time. */
    private static final int SCAN_CHUNK = 1 << 16;

    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Mixin
    DatabaseRules rules;

    @Option(names = "--count", defaultValue = "10", description = "How many sectors to list (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--json", description = "Print one JSON array, one object per line listed.")
    boolean json;

    /** One line of the list: a sector, its longest win in plies, and a position that has it. */
    record LongWin(int rank, String sector, int plies, long index, String position) {
    }

    @Override
    public Integer call() {
        if (count < 1) {
            throw new IllegalArgumentException("--count must be 1 or more, got " + count);
        }
        Path db = dbOption.dir;
        Variant variant = Probes.variantOf(db);
        rules.check(db, variant);
        List<LongWin> lines = new ArrayList<>();
        Database.Survey survey = Database.survey(db, false);
        try (Database database = Database.open(db, variant.fingerprint(), false)) {
            List<Map.Entry<String, SectorMeta>> wins = new ArrayList<>();
            for (Map.Entry<String, SectorMeta> e : survey.rows().entrySet()) {
                if (e.getValue().longestWin() >= 0) {
                    wins.add(e);
                }
            }
            wins.sort(Comparator.<Map.Entry<String, SectorMeta>>comparingInt(e -> -e.getValue().longestWin())
                .thenComparing(Map.Entry::getKey));
            for (Map.Entry<String, SectorMeta> e : wins.subList(0, Math.min(count, wins.size()))) {
                Sector s = Sector.parse(e.getKey());
                int plies = e.getValue().longestWin();
                long index = firstWith(database.reader(s.name()), plies);
                if (index < 0) {
                    throw new DatabaseException(DatabaseException.Kind.DAMAGED, "sector " + s + ": the catalogue records a "
                        + "longest win in " + plies + " plies but no position of its file has it");
                }
                long packed = Indexes.standard().of(s).unrank(index);
                Position p = new Position(SectorIndex.ownOf(packed), SectorIndex.enemyOf(packed), s.wf(), s.bf(), Side.WHITE);
                lines.add(new LongWin(lines.size() + 1, s.name(), plies, index, p.toString()));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.line(lines));
        } else if (lines.isEmpty()) {
            out.println("no sector of " + db + " has a win");
        } else {
            out.printf("longest wins in %s (plies for the side to move; the first such position of each sector)%n", db);
            for (LongWin w : lines) {
                out.printf(Locale.ROOT, "%3d. %4d  %-8s  %s%n", w.rank(), w.plies(), w.sector(), w.position());
            }
        }
        out.flush();
        if (!survey.damaged().isEmpty()) { // the list leaves their wins out: say so, as stats does
            PrintWriter err = spec.commandLine().getErr();
            survey.damaged().forEach((sector, why) -> err.println("merrills longest: DAMAGED " + sector + ": " + why));
            return Databases.damaged(err, "longest", db, survey.damaged().size(), ", left out of the list");
        }
        return 0;
    }

    /**
     * The first index of the sector whose value is {@code value}, or -1: its byte codes read a
     * chunk at a time, or for a distance past the byte codes the overflow table, which is sorted
     * by index. Value by value, a packed file cost a block-cache probe per entry: the standard
     * game's ten longest took 15.7 s packed and 4.4 s plain that way, 3.9 s and 3.0 s by chunks
     * (2026-12-05).
     */
    private static long firstWith(SectorReader reader, int value) {
        int code = Value.encode(value);
        if (code == Value.CODE_ESCAPE) {
            long[] indexes = reader.escapedIndexes();
            int[] values = reader.escapedValues();
            for (int k = 0; k < indexes.length; k++) {
                if (values[k] == value) {
                    return indexes[k];
                }
            }
            return -1;
        }
        long n = reader.entries();
        byte[] chunk = new byte[(int) Math.max(1, Math.min(SCAN_CHUNK, n))];
        for (long start = 0; start < n; start += chunk.length) {
            int length = (int) Math.min(chunk.length, n - start);
            reader.copyCodes(start, chunk, length);
            for (int k = 0; k < length; k++) {
                if ((chunk[k] & 0xFF) == code) {
                    return start + k;
                }
            }
        }
        return -1;
    }
}
