package org.merrills.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.merrills.db.SectorMeta;
import org.merrills.db.Value;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.retro.PairPhases;
import org.merrills.retro.SolveRunner;
import org.merrills.retro.SolvedSector;

/**
 * Progress of a long run (solve or verify) on standard error. On a terminal: one status line,
 * redrawn at most four times a second and cut to the terminal's width (padded, so no stale
 * characters stay): the sector in hand with its percent, the whole run's positions done of the
 * total, the rate, and an ETA for the whole run ({@link Eta}: placing and moving measured apart).
 * Elsewhere (a log file, a pipe): a line when each sector starts and ends, and a status line at
 * least every 30 seconds with the same figures.
 */
final class Progress implements SolveRunner.Listener, AutoCloseable {
    private static final long REDRAW_NANOS = 250_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private final int width;
    private final String verb;
    private final long runStart = System.nanoTime();
    private final Eta eta;
    private final PeakMemory peak = new PeakMemory();
    private final ScheduledExecutorService ticker;
    /**
     * The game whose sectors a solve takes a pair at a time ({@link SectorGraph#partner}), or null
     * for a run that takes one sector at a time (a verify).
     */
    private final SectorGraph graph;
    private long total;
    /** The units not started yet, by name ("3-4-0-0+4-3-0-0" for a pair). */
    private final java.util.LinkedHashMap<String, Eta.Unit> toDo = new java.util.LinkedHashMap<>();
    private long finishedBefore;
    private volatile long unitDone;
    private long unitSize;
    private long unitFinished;
    private long unitStart;
    private boolean unitMoving;
    private String unitName = "";
    private long lastDraw;

    /**
     * Progress of a run that {@code verb}s sectors ("solving", "checking"), for standard error as
     * it is, its ETA's cost per position growing with size within {@code growth}. The log
     * interval is 30 s; the system property {@code merrills.progress.seconds} changes it (for
     * measuring the ETA). With {@code graph} its units are those a solve of that game takes (a
     * sector with its partner when they are solved as a pair), else one sector each.
     */
    static Progress of(PrintWriter err, String verb, Eta.Growth growth, SectorGraph graph) {
        boolean terminal = System.console() != null;
        return new Progress(err, verb, growth, terminal, terminal ? TerminalWidth.columns() : 0, logSeconds(), graph);
    }

    /** Seconds between two status lines in a log: 30, or the system property {@code merrills.progress.seconds}. */
    static long logSeconds() {
        return Math.max(1, Long.getLong("merrills.progress.seconds", 30));
    }

    Progress(PrintWriter err, String verb, Eta.Growth growth, boolean terminal, int width, long logSeconds,
             SectorGraph graph) {
        this.err = err;
        this.graph = graph;
        this.verb = verb;
        this.eta = new Eta(growth);
        this.terminal = terminal;
        this.width = width;
        if (terminal) {
            ticker = null;
        } else {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "merrills-progress");
                t.setDaemon(true);
                return t;
            });
            ticker.scheduleAtFixedRate(this::logStatus, logSeconds, logSeconds, TimeUnit.SECONDS);
        }
    }

    synchronized void log(String line) {
        clearLine();
        err.println("[" + hms((System.nanoTime() - runStart) / 1_000_000_000L) + "] " + line);
        err.flush();
    }

    @Override
    public void planned(List<Sector> toSolve, List<Sector> alreadyDone) {
        plan(toSolve);
        log(String.format(Locale.ROOT, "%d sectors to go (%,d positions), %d already in the database",
            toSolve.size(), total, alreadyDone.size()));
    }

    /**
     * What earlier runs took for the sectors already in the database (their catalogue rows), for
     * the ETA of a resumed run before it has finished a unit of each kind: only rows solved with
     * {@code threads} threads, a pair as one unit (its halves' times are each half of it), in the
     * order they were finished.
     */
    synchronized void measuredBefore(Map<String, SectorMeta> rows, int threads) {
        List<long[]> done = new ArrayList<>(); // {finished at, moving, positions, millis}
        for (Map.Entry<String, SectorMeta> e : rows.entrySet()) {
            SectorMeta m = e.getValue();
            Sector s;
            try {
                s = Sector.parse(e.getKey());
            } catch (IllegalArgumentException notASector) {
                continue;
            }
            if (m.threads() != threads) {
                continue;
            }
            if (graph != null && !graph.contains(s)) {
                continue;
            }
            Sector partner = graph == null ? s : graph.partner(s);
            boolean pair = !partner.equals(s);
            if (pair && s.name().compareTo(partner.name()) > 0) {
                continue; // counted with its partner
            }
            SectorMeta other = pair ? rows.get(partner.name()) : null;
            if (pair && other == null) {
                continue;
            }
            long positions = m.entries() + (other == null ? 0 : other.entries());
            long millis = m.wallMillis() + (other == null ? 0 : other.wallMillis());
            long finished = Math.max(m.finishedAt(), other == null ? 0 : other.finishedAt());
            done.add(new long[] {finished, movingKind(s) ? 1 : 0, positions, millis});
        }
        done.sort((a, b) -> Long.compare(a[0], b[0])); // the Eta weighs the latest most
        for (long[] d : done) {
            eta.measuredBefore(d[1] == 1, d[2], d[3] * 1_000_000L);
        }
    }

    /**
     * The sectors the run will go through, in order; in a solve's progress a sector and its
     * partner are one unit, as the solver takes them.
     */
    synchronized void plan(List<Sector> sectors) {
        plan(sectors, Long.MAX_VALUE);
    }

    /** {@link #plan(List)} for work that takes at most {@code perSector} positions of each sector (a sample). */
    synchronized void plan(List<Sector> sectors, long perSector) {
        total = 0;
        toDo.clear();
        List<Sector> seen = new java.util.ArrayList<>();
        for (Sector s : sectors) {
            if (seen.contains(s)) {
                continue;
            }
            // a pair is solved whole even when one half is in the database already (a run stopped
            // between the two files), so it is one unit, by the name the runner starts it under
            Sector partner = graph == null ? s : graph.partner(s);
            List<Sector> unit = partner.equals(s) ? List.of(s) : List.of(s, partner);
            seen.addAll(unit);
            long size = 0;
            for (Sector u : unit) {
                size += Math.min(perSector, Indexes.standard().of(u).size());
            }
            total += size;
            toDo.put(nameOf(unit), new Eta.Unit(size, movingKind(s)));
        }
    }

    /**
     * Which of the ETA's two kinds {@code s} is of: in a solve, whether the pair solver takes it
     * (every moving sector, and in Lasker every sector where the side to move may move a man),
     * whose cost per position is not the placing solver's. In a verify, whether the side to move
     * has no man in hand: its positions are checked from board moves, as the moving sectors' are.
     * In Lasker that takes in the sectors where only the other side has men in hand, which a
     * verify of the six-men game (2026-12-07) checked at 0.91 M/s against 0.93 for the moving
     * sectors and 0.51 for those where the side to move has men in hand (placing or moving,
     * then checked one by one; since 2026-12-08 from the blocks of both kinds of children); with
     * them counted as placing work its ETA, replayed, was up to 25 % short from 10 % on, and up
     * to 21 % with them counted as moving. In the standard game and
     * Morabaraba the side to move never has fewer men in hand than the other side, so there
     * this is whether the sector is moving.
     */
    boolean movingKind(Sector s) {
        if (graph == null) {
            return s.wf() == 0;
        }
        return graph.contains(s) ? graph.isPair(s) : s.isMoving();
    }

    /** The positions of the units planned and not started yet (for tests). */
    synchronized long positionsNotStarted() {
        return toDo.values().stream().mapToLong(Eta.Unit::positions).sum();
    }

    private static String nameOf(List<Sector> unit) {
        return unit.size() == 1 ? unit.get(0).name() : unit.get(0) + "+" + unit.get(1);
    }

    @Override
    public synchronized void started(List<Sector> sectors, long positions) {
        unitName = nameOf(sectors);
        toDo.remove(unitName);
        unitMoving = movingKind(sectors.get(0));
        unitSize = positions;
        unitFinished = 0;
        unitDone = 0;
        unitStart = System.nanoTime();
        peak.reset();
        if (!terminal) {
            log(String.format(Locale.ROOT, "%s %s (%,d positions)", verb, unitName, positions));
        }
    }

    /** Positions done of the sector in hand; any thread may call it. */
    @Override
    public void progress(long done) {
        unitDone = done;
        if (terminal) {
            long now = System.nanoTime();
            if (now - lastDraw > REDRAW_NANOS) {
                synchronized (this) {
                    lastDraw = now;
                    draw(now);
                }
            }
        }
    }

    /** A line for the pair in hand: its time by phase, to tell which grew when a pair runs slow. */
    @Override
    public void pairPhases(PairPhases p) {
        log(String.format(Locale.ROOT, "%s phases: setup %.1f s, seed %.1f s, propagation %.1f s over %d levels, conversion %.1f s",
            unitName, p.setupNanos() / 1e9, p.seedNanos() / 1e9, p.propagationNanos() / 1e9, p.levels(),
            p.conversionNanos() / 1e9));
    }

    @Override
    public void finished(SolvedSector s, SectorMeta meta) {
        finishedUnit(s.size(), String.format(Locale.ROOT, "%-8s %,12d positions  W %,d D %,d L %,d%s  %.1f s",
            s.sector(), s.positions(), s.wins(), s.draws(), s.losses(),
            s.longestWin() >= 0 ? "  longest " + Value.describe(s.longestWin()) : "",
            meta == null ? 0.0 : meta.wallMillis() / 1e3));
    }

    /** A half of the pair in hand was in the database already: its positions count as done. */
    @Override
    public void kept(SolvedSector s) {
        finishedUnit(s.size(), String.format(Locale.ROOT, "%-8s %,12d positions  kept: in the database already",
            s.sector(), s.positions()));
    }

    /**
     * A part of the unit in hand is done ({@code positions}, one sector of a pair perhaps): its
     * time goes into its kind's rate once the unit is done. The line gets the peak resident set
     * since the unit started, where the system tells it.
     */
    synchronized void finishedUnit(long positions, String line) {
        long now = System.nanoTime();
        finishedBefore += positions;
        unitFinished += positions;
        if (unitFinished >= unitSize && unitSize > 0) { // the whole unit is done: one point of its kind's model
            eta.measured(unitMoving, unitSize, now - unitStart);
            unitSize = 0;
        }
        unitDone = Math.max(0, unitDone - positions);
        log(line + peak.suffix());
    }

    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        clearLine();
        err.flush();
    }

    /** The status: the sector in hand, the whole run, rate and ETA, in at most {@code max} characters. */
    synchronized String status(long now, int max) {
        long size = unitSize - unitFinished;
        long done = Math.max(0, Math.min(unitDone, size));
        double unitFrac = unitSize == 0 ? 1 : (double) (unitFinished + done) / unitSize;
        long all = finishedBefore + done;
        double allFrac = total == 0 ? 0 : Math.min(1.0, (double) all / total);
        long unitNanos = now - unitStart;
        double rate = unitNanos > 0 && unitFinished + done > 0 ? (unitFinished + done) * 1e9 / unitNanos : Double.NaN;
        double left = eta.secondsLeft(List.copyOf(toDo.values()), unitMoving, unitSize, unitFinished + done, unitNanos);
        String tail = String.format(Locale.ROOT, " %5.1f%% | all %,d/%,d %5.1f%% %s pos/s ETA %s",
            100 * unitFrac, all, total, 100 * allFrac, Double.isNaN(rate) ? "?" : rate >= 1e6 ? String.format(Locale.ROOT, "%.2fM", rate / 1e6)
                : String.format(Locale.ROOT, "%,.0f", rate),
            Double.isNaN(left) ? "?" : hms((long) left));
        String head = unitName;
        int room = max - head.length() - tail.length() - 1;
        String bar = room >= 8 ? " " + bar(unitFrac, Math.min(30, room - 2)) : "";
        String line = head + bar + tail;
        return line.length() > max ? line.substring(0, max) : line;
    }

    private void draw(long now) {
        String line = status(now, width - 1);
        err.print("\r" + line + " ".repeat(Math.max(0, width - 1 - line.length())));
        err.flush();
    }

    private void logStatus() {
        try {
            String line;
            synchronized (this) {
                if (unitName.isEmpty()) {
                    return;
                }
                line = status(System.nanoTime(), 200);
            }
            log(line);
        } catch (RuntimeException e) { // a ticker that throws is never run again: say why, keep going
            log("progress: " + e);
        }
    }

    private void clearLine() {
        if (terminal) {
            err.print("\r" + " ".repeat(Math.max(0, width - 1)) + "\r");
        }
    }

    private static String bar(double frac, int width) {
        int full = (int) Math.round(frac * width);
        return "[" + "#".repeat(full) + ".".repeat(width - full) + "]";
    }

    static String hms(long s) {
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
