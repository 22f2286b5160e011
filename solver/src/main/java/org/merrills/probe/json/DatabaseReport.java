package org.merrills.probe.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.merrills.db.SectorMeta;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * What a database directory holds ({@code GET /v1/database}): its game, how many of the game's
 * sectors are solved and which are missing, the totals (values for the side to move) and one row
 * per solved sector. Longest distances are {@code null} when a sector has no win (or no loss).
 */
@JsonPropertyOrder({"directory", "men", "flying", "rules", "sectorsInGame", "sectorsSolved", "positions", "wins",
    "draws", "losses", "longestWin", "longestLoss", "missing", "sectors"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record DatabaseReport(String directory, int men, boolean flying, String rules, int sectorsInGame,
                             int sectorsSolved, long positions, long wins, long draws, long losses, Integer longestWin,
                             Integer longestLoss, List<String> missing, List<SectorRow> sectors) {

    /** One solved sector's statistics, from its catalogue row. */
    @JsonPropertyOrder({"sector", "positions", "wins", "draws", "losses", "longestWin", "longestLoss"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record SectorRow(String sector, long positions, long wins, long draws, long losses, Integer longestWin,
                            Integer longestLoss) {
    }

    /** The report of a catalogue, as read now, for the game of {@code variant}. */
    public static DatabaseReport of(String directory, Variant variant, SortedMap<String, SectorMeta> catalogue) {
        List<SectorRow> rows = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        long positions = 0, wins = 0, draws = 0, losses = 0;
        int longestWin = -1, longestLoss = -1;
        List<Sector> game = SectorGraph.of(variant).sectors();
        for (Sector s : game) {
            SectorMeta m = catalogue.get(s.name());
            if (m == null || !m.isComplete()) {
                missing.add(s.name());
            }
        }
        for (Map.Entry<String, SectorMeta> e : catalogue.entrySet()) {
            SectorMeta m = e.getValue();
            if (!m.isComplete()) {
                continue;
            }
            rows.add(new SectorRow(e.getKey(), m.positions(), m.wins(), m.draws(), m.losses(), plies(m.longestWin()),
                plies(m.longestLoss())));
            positions += m.positions();
            wins += m.wins();
            draws += m.draws();
            losses += m.losses();
            longestWin = Math.max(longestWin, m.longestWin());
            longestLoss = Math.max(longestLoss, m.longestLoss());
        }
        return new DatabaseReport(directory, variant.men(), variant.flying(), variant.fingerprint(), game.size(),
            rows.size(), positions, wins, draws, losses, plies(longestWin), plies(longestLoss), List.copyOf(missing),
            List.copyOf(rows));
    }

    private static Integer plies(int d) {
        return d < 0 ? null : d;
    }
}
