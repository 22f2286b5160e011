package org.merrills.probe;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.merrills.db.Database;
import org.merrills.db.Value;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Edges;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.retro.SolvedValues;
import org.merrills.rules.Move;
import org.merrills.rules.MoveGenerator;
import org.merrills.rules.Position;
import org.merrills.rules.Variant;

/**
 * Perfect play from a solved database: the value of a position and the value of every move.
 * A probe is rank + one memory-mapped read; listing moves is generate, play, rank, read per move.
 * Thread-safe: no state but the read-only database and indexes; per-thread move buffers.
 */
public final class Probe implements AutoCloseable {
    private final Variant variant;
    private final MoveGenerator rules;
    private final BoardIndexes indexes;
    private final SectorGraph graph;
    private final SolvedValues values;
    private final AutoCloseable resource;
    private final ThreadLocal<int[]> buffers = ThreadLocal.withInitial(() -> new int[MoveGenerator.MAX_MOVES]);

    /** A probe over any source of solved values (the database, or sectors solved in memory). */
    public Probe(Variant variant, BoardIndexes indexes, SolvedValues values) {
        this(variant, indexes, values, null);
    }

    private Probe(Variant variant, BoardIndexes indexes, SolvedValues values, AutoCloseable resource) {
        this.variant = variant;
        this.rules = variant.moves();
        this.indexes = indexes;
        this.graph = SectorGraph.of(variant);
        this.values = values;
        this.resource = resource;
    }

    /**
     * Opens the database in {@code dir} for reading. A database solved under other rules is
     * refused by the database itself (its rule fingerprint differs).
     */
    public static Probe open(Path dir, Variant variant) {
        Database db = Database.open(dir, variant.fingerprint(), false);
        BoardIndexes indexes = Indexes.standard();
        // Completeness is checked once per sector; after that a probe is one map read and one mapped read.
        java.util.concurrent.ConcurrentHashMap<Sector, org.merrills.db.SectorReader> readers =
            new java.util.concurrent.ConcurrentHashMap<>();
        SolvedValues values = (sector, index) -> readers.computeIfAbsent(sector, s -> {
            if (!db.isComplete(s.name())) {
                throw new MissingSectorException(s, dir, variant);
            }
            return db.reader(s.name());
        }).value(index);
        return new Probe(variant, indexes, values, db);
    }

    /**
     * The rules a database directory was solved under, from its catalogue; an error when it holds
     * nothing or mixes rules.
     */
    public static Variant variantOf(Path dir) {
        java.util.SortedMap<String, org.merrills.db.SectorMeta> rows = Database.readCatalogue(dir);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("the database " + dir + " holds no solved sector; build one with: "
                + "merrills solve --db " + dir);
        }
        String fingerprint = rows.values().iterator().next().ruleFingerprint();
        for (org.merrills.db.SectorMeta m : rows.values()) {
            if (!m.ruleFingerprint().equals(fingerprint)) {
                throw new IllegalArgumentException("the database " + dir + " mixes sectors solved under different rules");
            }
        }
        return Variant.fromFingerprint(fingerprint);
    }

    public Variant variant() {
        return variant;
    }

    /**
     * The value for the side to move: win or loss in d plies, or draw. A position whose side to
     * move has already lost (fewer than three men, or no move) is a loss in 0 without a lookup.
     */
    public int value(Position p) {
        return value(p.own(), p.enemy(), p.ownHand(), p.enemyHand());
    }

    /** The same for a position given from the side to move: its men, the other side's, both hands. */
    private int value(int own, int enemy, int ownHand, int enemyHand) {
        switch (rules.end(own, enemy, ownHand)) {
            case LOST:
                return Value.loss(0);
            case DRAWN:
                return Value.DRAW;
            default:
                break;
        }
        Sector s = Sector.of(Integer.bitCount(own), Integer.bitCount(enemy), ownHand, enemyHand);
        if (!graph.contains(s)) {
            throw new IllegalArgumentException("the position is in sector " + s + ", which is not part of the game of "
                + variant + " (men on board and in hand, and the hands, must be as a game can leave them)");
        }
        return values.value(s, indexes.of(s).rank(own, enemy));
    }

    /**
     * Every legal move with the value it leads to for the mover, best first: shortest wins, then
     * draws, then longest losses; ties in generate order. Allocates only the result.
     */
    public List<MoveValue> moves(Position p) {
        int own = p.own(), enemy = p.enemy(), hand = p.ownHand();
        if (MoveGenerator.tooFew(Integer.bitCount(own), hand)) {
            return List.of();
        }
        int[] buf = buffers.get();
        int n = rules.generate(own, enemy, hand, buf);
        MoveValue[] list = new MoveValue[n];
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            int childEnemyHand = Move.isPlacement(m) ? hand - 1 : hand;
            list[i] = new MoveValue(m, Value.parent(value(Edges.childOwn(enemy, m), Edges.childEnemy(own, m),
                p.enemyHand(), childEnemyHand)));
        }
        java.util.Arrays.sort(list, Comparator.comparingInt(mv -> order(mv.value()))); // stable: ties keep generate order
        return List.of(list);
    }

    /** The sort key of a value for the side choosing it: wins shortest first, then draws, then losses longest first. */
    public static int order(int value) {
        if (Value.isWin(value)) {
            return value;
        }
        if (Value.isDraw(value)) {
            return Integer.MAX_VALUE / 2;
        }
        return Integer.MAX_VALUE - value;
    }

    @Override
    public void close() throws Exception {
        if (resource != null) {
            resource.close();
        }
    }
}
