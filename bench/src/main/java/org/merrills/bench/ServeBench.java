package org.merrills.bench;

import java.util.concurrent.TimeUnit;
import org.merrills.probe.json.Json;
import org.merrills.serve.Limits;
import org.merrills.serve.TablebaseApi;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The HTTP API's probe handler without the network: the text of a position in, the JSON bytes
 * of {@code GET /v1/probe} out (parse, value, ranked moves with the positions after them, the
 * report, Jackson). Set beside ProbeBench.moves, it shows what the schema costs over the lookup.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ServeBench {
    private static final int POSITIONS = 1 << 14;

    private SolvedGame game;
    private TablebaseApi api;
    private String[] positions;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        game = SolvedGame.open("merrills-serve-bench");
        api = new TablebaseApi(game.probe, Limits.defaults(4));
        var list = game.positions(POSITIONS);
        positions = new String[list.length];
        for (int i = 0; i < list.length; i++) {
            positions[i] = list[i].toString();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        game.close();
    }

    /** One {@code GET /v1/probe} answer, as the bytes the server writes. */
    @Benchmark
    public byte[] probeJson() {
        return api.probeJson(positions[next++ & (POSITIONS - 1)]);
    }

    /**
     * One {@code GET /v1/database} answer: the catalogue's rows whose files carry their checksums,
     * the totals, Jackson. A page that shows the directory asks it on every load.
     */
    @Benchmark
    public byte[] databaseJson() {
        return Json.bytes(api.database());
    }

    /** The same answer before serialisation: parse, look up, build the report. */
    @Benchmark
    public Object probeReport() {
        return api.probe(positions[next++ & (POSITIONS - 1)]);
    }
}
