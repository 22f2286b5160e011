package org.merrills.bench;

import java.util.concurrent.TimeUnit;
import org.merrills.rules.Notation;
import org.merrills.rules.Perft;
import org.merrills.rules.Position;
import org.merrills.rules.Variant;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The generate -> apply -> recurse -> unapply walk of {@link Perft}, from the opening (placing), a
 * moving-phase position and a flying one. The {@code nodes} counter is the leaf rate (nodes/s);
 * the primary score is walks per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Thread)
public class PerftBench {
    /** Root positions by phase, with the depth that makes one walk take milliseconds. */
    @Param({"placing", "moving", "flying"})
    public String phase;

    private Perft perft;
    private int depth;

    @Setup(Level.Trial)
    public void setUp() {
        Position root;
        switch (phase) {
            case "placing":
                root = Position.OPENING;
                depth = 5;
                break;
            case "moving":
                root = Notation.parsePosition("WWB.WBB.W.WB.B..WBW..B.W w 0 0");
                depth = 5;
                break;
            default:
                root = Notation.parsePosition("W.B..B.W..B....BW..B..B. w 0 0");
                depth = 4;
                break;
        }
        perft = new Perft(root, depth, Variant.STANDARD);
    }

    /** Leaves counted, reported by JMH as a rate. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Nodes {
        public long nodes;
    }

    @Benchmark
    public long walk(Nodes counter) {
        long n = perft.count(depth);
        counter.nodes += n;
        return n;
    }
}
