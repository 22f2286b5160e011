package org.merrills.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.merrills.db.SectorMeta;
import org.merrills.db.Value;
import org.merrills.index.Sector;
import org.merrills.retro.SolveRunner;
import org.merrills.retro.SolvedSector;

/**
 * Progress of a solve on standard error: on a terminal, a bar for the current sector and one for
 * the whole run (positions, percent, positions/s, ETA), redrawn at most a few times a second;
 * otherwise plain log lines, one when a sector starts and one when it is done.
 */
final class Progress implements SolveRunner.Listener {
    private static final long REDRAW_NANOS = 250_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private final long runStart = System.nanoTime();
    private long total;
    private long finishedBefore;
    private long unitSize;
    private long unitStart;
    private long unitDone;
    private long lastDraw;
    private String unitName = "";
    private int units;
    private int unitNo;

    Progress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    void log(String line) {
        clearLine();
        err.println("[" + elapsed() + "] " + line);
        err.flush();
    }

    @Override
    public void planned(List<Sector> toSolve, List<Sector> alreadyDone) {
        total = 0;
        for (Sector s : toSolve) {
            total += org.merrills.index.Indexes.standard().of(s).size();
        }
        units = toSolve.size();
        log(String.format(Locale.ROOT, "%d sectors to solve (%,d positions), %d already in the database",
            toSolve.size(), total, alreadyDone.size()));
    }

    @Override
    public void started(List<Sector> sectors, long positions) {
        unitName = sectors.size() == 1 ? sectors.get(0).name() : sectors.get(0) + " + " + sectors.get(1);
        unitSize = positions;
        unitDone = 0;
        unitStart = System.nanoTime();
        unitNo += sectors.size();
        if (!terminal) {
            log(String.format(Locale.ROOT, "solving %s (%,d positions)", unitName, positions));
        }
    }

    @Override
    public void progress(long done) {
        unitDone = done;
        long now = System.nanoTime();
        if (terminal && now - lastDraw > REDRAW_NANOS) {
            lastDraw = now;
            draw(now);
        }
    }

    @Override
    public void finished(SolvedSector s, SectorMeta meta) {
        finishedBefore += s.size();
        unitDone = 0;
        log(String.format(Locale.ROOT, "%-9s %,14d positions  %s  %.1f s", s.sector(), s.positions(),
            "wins " + s.wins() + ", losses " + s.losses() + ", draws " + s.draws()
                + (s.longestWin() >= 0 ? ", longest " + Value.describe(s.longestWin()) : ""),
            meta == null ? 0.0 : meta.wallMillis() / 1e3));
    }

    void done() {
        clearLine();
        err.flush();
    }

    private void draw(long now) {
        double unitFrac = unitSize == 0 ? 0 : Math.min(1.0, (double) unitDone / unitSize);
        double secs = Math.max(1e-3, (now - unitStart) / 1e9);
        double rate = unitDone / secs;
        long overallDone = finishedBefore + unitDone;
        double allFrac = total == 0 ? 0 : Math.min(1.0, (double) overallDone / total);
        double allSecs = Math.max(1e-3, (now - runStart) / 1e9);
        double eta = allFrac > 0 ? allSecs * (1 - allFrac) / allFrac : Double.NaN;
        err.print(String.format(Locale.ROOT, "\r%-17s %s %5.1f%% %7.2fM pos/s | all %s %5.1f%% (%d/%d) ETA %s ",
            unitName, bar(unitFrac, 20), 100 * unitFrac, rate / 1e6, bar(allFrac, 20), 100 * allFrac, unitNo, units,
            Double.isNaN(eta) ? "?" : hms((long) eta)));
        err.flush();
    }

    private void clearLine() {
        if (terminal) {
            err.print("\r" + " ".repeat(110) + "\r");
        }
    }

    private static String bar(double frac, int width) {
        int full = (int) Math.round(frac * width);
        return "[" + "#".repeat(full) + ".".repeat(width - full) + "]";
    }

    private String elapsed() {
        return hms((System.nanoTime() - runStart) / 1_000_000_000L);
    }

    private static String hms(long s) {
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
