package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.merrills.probe.json.Json;

/**
 * The games with five and six men each, solved and verified in full through the command line,
 * as a user would. Minutes each on two cores: run with {@code mvn -B test -Pslow}.
 */
@Tag("slow")
class BigGamesTest {
    /**
     * The moving sectors of up to six men a side as Malom's C++ solver counted them (Gévay and
     * Danner's code, built with g++ in its strong mode and run on this machine class on
     * 2026-12-06, counting one board per symmetry class): positions, wins, draws, losses for
     * the side to move, and its deepest value in plies. A moving sector is the same in every
     * game that has it, so the six-men game must give these.
     */
    private static final long[][] MALOM_MOVING = {
        // white men, black men, positions, wins, draws, losses, deepest
        {3, 3, 169_626, 140_621, 269, 28_736, 26},
        {3, 4, 760_398, 102_281, 658_117, 0, 33},
        {4, 3, 760_398, 75_397, 681_906, 3_095, 32},
        {4, 4, 3_225_597, 159, 3_225_409, 29, 9},
        {3, 5, 2_580_390, 6_301, 2_564_412, 9_677, 31},
        {5, 3, 2_580_390, 580_660, 1_999_730, 0, 3},
        {4, 5, 10_310_496, 51, 10_308_935, 1_510, 28},
        {5, 4, 10_310_496, 9_889, 10_300_599, 8, 29},
        {5, 5, 30_914_424, 28_819, 30_881_316, 4_289, 57},
        {3, 6, 6_875_320, 0, 6_683_320, 192_000, 6},
        {6, 3, 6_875_320, 2_752_371, 4_122_949, 0, 7},
        {4, 6, 25_765_792, 22, 24_115_798, 1_649_972, 156},
        {6, 4, 25_765_792, 5_985_293, 19_780_495, 4, 157},
        {5, 6, 72_116_072, 18_321, 67_290_795, 4_806_956, 162},
        {6, 5, 72_116_072, 17_229_622, 54_884_398, 2_052, 163},
        {6, 6, 156_229_360, 23_250_808, 127_705_390, 5_273_162, 167},
    };

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(ints = {5, 6})
    void solveThenVerify(int men) throws Exception {
        Path db = tmp.resolve("db" + men);
        CliRunner.Result r = CliRunner.run("solve", "--men", String.valueOf(men), "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("opening " + ".".repeat(24) + " w " + men + " " + men), r.out());
        r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("verify: OK"), r.out());
        r = CliRunner.run("stats", "--db", db.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        Map<String, JsonNode> rows = new HashMap<>();
        Json.mapper().readTree(r.out()).forEach(row -> rows.put(row.get("sector").asText(), row));
        int compared = 0;
        for (long[] m : MALOM_MOVING) {
            if (m[0] > men || m[1] > men) {
                continue;
            }
            String sector = m[0] + "-" + m[1] + "-0-0";
            JsonNode row = rows.get(sector);
            assertNotNull(row, sector);
            assertEquals(m[2], row.get("positions").asLong(), sector);
            assertEquals(m[3], row.get("wins").asLong(), sector);
            assertEquals(m[4], row.get("draws").asLong(), sector);
            assertEquals(m[5], row.get("losses").asLong(), sector);
            assertEquals(m[6], Math.max(row.get("longestWin").asLong(-1), row.get("longestLoss").asLong(-1)), sector);
            compared++;
        }
        assertEquals(men == 6 ? 16 : 9, compared);
    }
}
