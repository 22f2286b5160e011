package org.merrills.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The games with five and six men each, solved and verified in full through the command line,
 * as a user would. Minutes each on two cores: run with {@code mvn -B test -Pslow}.
 */
@Tag("slow")
class BigGamesTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(ints = {5, 6})
    void solveThenVerify(int men) {
        Path db = tmp.resolve("db" + men);
        CliRunner.Result r = CliRunner.run("solve", "--men", String.valueOf(men), "--db", db.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("opening " + ".".repeat(24) + " w " + men + " " + men), r.out());
        r = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("verify: OK"), r.out());
    }
}
