package org.merrills.retro;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.merrills.db.Database;
import org.merrills.db.Packing;
import org.merrills.db.SectorMeta;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * Solves sectors into a database directory, in dependency order, skipping every sector the
 * database already holds complete: a run stopped at any moment resumes where it stopped, since a
 * sector is in the database only once its whole file is in place (see {@link Database}).
 */
public final class SolveRunner {
    /** The solver's version, recorded with every sector it writes. */
    public static final String SOLVER_VERSION = "merrills-0.1.0";

    /** What a run reports as it goes; every method is called from the run's thread. */
    public interface Listener {
        /** The sectors to solve, in order, and those already in the database. */
        default void planned(List<Sector> toSolve, List<Sector> alreadyDone) {
        }

        /** Work on a sector (or a moving pair) starts; {@code positions} is its size. */
        default void started(List<Sector> sectors, long positions) {
        }

        /** Positions done so far in the current work. */
        default void progress(long done) {
        }

        /** A moving pair's solve ended, before its sectors are written: where its time went. */
        default void pairPhases(PairPhases phases) {
        }

        /**
         * One sector is solved, with the row it is catalogued with once its file is written
         * (behind the next unit's solve, see {@link SolveRunner#run}).
         */
        default void finished(SolvedSector sector, SectorMeta meta) {
        }

        /**
         * One half of the pair just solved was in the database already (a run stopped between
         * the pair's two files): its file is kept, not written again.
         */
        default void kept(SolvedSector sector) {
        }
    }

    private final Database db;
    private final Variant variant;
    private final BoardIndexes indexes;
    private final SectorSolver solver;
    private final int threads;
    private final SectorGraph graph;
    /** How each sector's file is packed once written, or null for plain files. */
    private final Packing.Options pack;

    public SolveRunner(Database db, Variant variant, BoardIndexes indexes, int threads) {
        this(db, variant, indexes, threads, null);
    }

    /** A runner that packs each sector's file as soon as it is written ({@code pack} null: plain files). */
    public SolveRunner(Database db, Variant variant, BoardIndexes indexes, int threads, Packing.Options pack) {
        if (!db.isWritable()) {
            throw new IllegalArgumentException("the database " + db.directory() + " is open read-only");
        }
        this.db = db;
        this.variant = variant;
        this.indexes = indexes;
        this.threads = threads;
        this.solver = new SectorSolver(variant, indexes, threads);
        this.graph = SectorGraph.of(variant);
        this.pack = pack;
    }

    /**
     * Values of sectors already in the database, for children lookups: the solver's per-sector
     * lookups go straight to the sector's mapped file.
     */
    public static SolvedValues valuesOf(Database db) {
        return new SolvedValues() {
            @Override
            public int value(Sector s, long index) {
                return db.reader(s.name()).value(index);
            }

            @Override
            public SectorValues of(Sector s) {
                return db.reader(s.name())::value;
            }
        };
    }

    /**
     * The sectors a run for {@code targets} will solve, in order: the targets and everything they
     * depend on that the database lacks (so that a caller can check the disk and memory first).
     */
    public List<Sector> plan(List<Sector> targets) {
        requireInGame(graph, variant, targets);
        List<Sector> todo = new ArrayList<>();
        for (Sector s : graph.closure(targets)) {
            if (!db.isComplete(s.name())) {
                todo.add(s);
            }
        }
        return todo;
    }

    /** Refuses a target that is not a sector of the game, naming the command that lists them. */
    public static void requireInGame(SectorGraph graph, Variant variant, List<Sector> targets) {
        for (Sector t : targets) {
            if (!graph.contains(t)) {
                throw new IllegalArgumentException("sector " + t + " is not in the game of " + variant
                    + " (see merrills sectors --variant " + variant.name() + " --men " + variant.men() + ")");
            }
        }
    }

    /**
     * Solves {@code targets} and everything they depend on that the database lacks; returns the
     * sectors it wrote, in order (their figures are in the catalogue). Each sector's values leave
     * memory once written: a run over the whole game must not hold what it has solved.
     *
     * <p>A unit's files are written while the next unit solves ({@link WriteBehind}), from the
     * codes its solve ended with, which the next unit also reads if it needs them; so the
     * listener hears that a sector is solved before its file is in the database. When this
     * returns, every file is; when it throws, every unit solved before the one that failed is.
     */
    public List<Sector> run(List<Sector> targets, Listener listener) {
        List<Sector> todo = plan(targets);
        List<Sector> done = new ArrayList<>(graph.closure(targets));
        done.removeAll(todo);
        listener.planned(todo, done);
        CopiedValues values = new CopiedValues(db);
        List<Sector> solved = new ArrayList<>();
        List<Sector> handled = new ArrayList<>();
        solver.onProgress(listener::progress);
        solver.onPairPhases(listener::pairPhases);
        WriteBehind writes = new WriteBehind(db, pack, threads);
        Throwable failing = null;
        try {
            for (Sector s : todo) {
                if (handled.contains(s)) {
                    continue;
                }
                writes.checkFailed();
                Sector partner = graph.partner(s);
                List<Sector> unit = partner.equals(s) ? List.of(s) : List.of(s, partner);
                handled.addAll(unit);
                long size = 0;
                for (Sector u : unit) {
                    size += indexes.of(u).size();
                }
                listener.started(unit, size);
                long start = System.nanoTime();
                List<SolvedSector> results = solver.solve(s, values);
                long millis = (System.nanoTime() - start) / 1_000_000;
                Set<String> next = stillNeeded(todo, handled);
                List<WriteBehind.Job> jobs = new ArrayList<>();
                List<SolvedSector> written = new ArrayList<>();
                for (SolvedSector r : results) {
                    if (db.isComplete(r.sector().name())) {
                        listener.kept(r); // the pair's other half survived a stop; keep the verified file
                        continue;
                    }
                    HeapValues codes = solver.encode(r);
                    jobs.add(new WriteBehind.Job(r.sector().name(), codes, SectorMeta.solved(r.positions(), r.wins(),
                        r.losses(), r.draws(), r.longestWin(), r.longestLoss(), SOLVER_VERSION, millis / results.size(),
                        threads)));
                    written.add(r);
                    if (next.contains(r.sector().name())) {
                        values.hold(r.sector(), codes);
                    }
                }
                writes.submit(jobs);
                for (int k = 0; k < jobs.size(); k++) {
                    solved.add(written.get(k).sector());
                    listener.finished(written.get(k), jobs.get(k).meta());
                }
                values.keepOnly(next);
                db.closeReadersExcept(next);
            }
        } catch (RuntimeException | Error e) {
            failing = e;
            throw e;
        } finally {
            writes.close(failing);
        }
        return solved;
    }

    /**
     * The sectors the next unit of {@code todo} reads: their copies and mappings stay; the others
     * are dropped and unmapped, so that what is resident stays what the work in hand touches (a
     * sector needed again later is read again then).
     */
    private Set<String> stillNeeded(List<Sector> todo, List<Sector> handled) {
        Set<String> keep = new HashSet<>();
        for (Sector s : todo) {
            if (!handled.contains(s)) {
                for (Sector half : List.of(s, graph.partner(s))) {
                    for (Sector d : graph.dependsOn(half)) {
                        keep.add(d.name());
                    }
                }
                break;
            }
        }
        return keep;
    }
}
