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
    private final Database db;
    /** The sector files read, each followed when a pack replaces it; null over values in memory. */
    private final OpenSectors files;
    private final ThreadLocal<int[]> buffers = ThreadLocal.withInitial(() -> new int[MoveGenerator.MAX_MOVES]);

    /** A probe over any source of solved values (the database, or sectors solved in memory). */
    public Probe(Variant variant, BoardIndexes indexes, SolvedValues values) {
        this(variant, indexes, values, null, null);
    }

    private Probe(Variant variant, BoardIndexes indexes, SolvedValues values, Database db, OpenSectors files) {
        this.variant = variant;
        this.rules = variant.moves();
        this.indexes = indexes;
        this.graph = SectorGraph.of(variant);
        this.values = values;
        this.db = db;
        this.files = files;
    }

    /**
     * Opens the database in {@code dir} for reading. A database solved under other rules is
     * refused by the database itself (its rule fingerprint differs).
     */
    public static Probe open(Path dir, Variant variant) {
        Database db = Database.open(dir, variant.fingerprint(), false);
        BoardIndexes indexes = Indexes.standard();
        // Completeness is checked once per sector; after that a probe is one map read, a count of the
        // reads inside the file (OpenSectors) and one mapped read.
        // A sector found missing is not remembered: the check runs again on the next probe, so a
        // sector that a solve adds while this probe is open is read from then on. A sector whose
        // file is absent is missing (the message says how to compute it); one whose file fails its
        // checks is damaged, and says so: never "not in the database".
        OpenSectors files = new OpenSectors(s -> {
            try {
                return db.ownReader(s.name());
            } catch (org.merrills.db.DatabaseException e) {
                if (e.kind() == org.merrills.db.DatabaseException.Kind.MISSING) {
                    throw new MissingSectorException(s, dir, variant);
                }
                throw e;
            }
        }, s -> db.file(s.name()));
        return new Probe(variant, indexes, files::value, db, files);
    }

    /**
     * The rules a database directory was solved under, from its sector files' headers (no
     * catalogue needed); an error when it holds nothing or mixes rules.
     */
    public static Variant variantOf(Path dir) {
        java.util.SortedMap<String, String> rules = Database.rulesOf(dir);
        if (rules.isEmpty()) {
            throw new org.merrills.db.DatabaseException(org.merrills.db.DatabaseException.Kind.MISSING,
                "the database " + dir + " holds no solved sector");
        }
        if (rules.size() > 1) {
            throw new IllegalArgumentException("the database " + dir + " mixes sectors solved under different rules: "
                + String.join(" and ", rules.keySet()) + " (for example " + String.join(" and ", rules.values()) + "); "
                + "'merrills repair --db " + dir + "' sets aside the files of the rules its catalogue does not hold");
        }
        return Variant.fromFingerprint(rules.firstKey());
    }

    public Variant variant() {
        return variant;
    }

    /**
     * What the database holds now, read from its catalogue at each call (a solve running beside
     * this probe adds rows); empty for a probe over values in memory.
     */
    public java.util.SortedMap<String, org.merrills.db.SectorMeta> catalogue() {
        return db == null ? java.util.Collections.emptySortedMap() : db.catalogue();
    }

    /** The database directory, or null for a probe over values in memory. */
    public Path directory() {
        return db == null ? null : db.directory();
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
        Sector s = sectorInGame(own, enemy, ownHand, enemyHand);
        return values.value(s, indexes.of(s).rank(own, enemy));
    }

    /**
     * Refuses what {@link #value} refuses without reading the database: a position not over whose
     * sector the game never reaches. For answers from the rules alone that keep the probe's contract.
     */
    public void requireInGame(Position p) {
        if (rules.end(p.own(), p.enemy(), p.ownHand()) == MoveGenerator.End.NOT_OVER) {
            sectorInGame(p.own(), p.enemy(), p.ownHand(), p.enemyHand());
        }
    }

    private Sector sectorInGame(int own, int enemy, int ownHand, int enemyHand) {
        Sector s = Sector.of(Integer.bitCount(own), Integer.bitCount(enemy), ownHand, enemyHand);
        if (!graph.contains(s)) {
            throw new IllegalArgumentException("the position is in sector " + s + ", which is not part of the game of "
                + variant + " (men on board and in hand, and the hands, must be as a game can leave them)");
        }
        return s;
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
        if (files != null) {
            files.close();
        }
        if (db != null) {
            db.close();
        }
    }
}
