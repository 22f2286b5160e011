package org.merrills.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The time left of a run made of units of work of two kinds that go at very different speeds:
 * placing sectors (each position evaluated once from its children) and moving pairs (propagation,
 * level by level; in Lasker also the pairs of sectors with men in hand, which the same solver
 * takes). Each kind gets its own cost model fitted to the units done so far, time =
 * a + b x positions (least squares; a is what every unit costs whatever its size: index tables,
 * the file's checks and rename, a cold JIT), with a cost per position that grows with the size
 * once sizeable units are measured ({@link Model}), and the time left is the model's time of
 * every unit still to do plus what the model leaves of the unit in hand. A plain rate (positions over
 * seconds) would take the fixed costs of the many small sectors at the start for slowness and
 * overestimate the big ones several times. A kind not measured in this run takes its model from
 * the units of earlier runs (the catalogue's times, {@link #measuredBefore}: a resumed run has
 * those from its first line), else the other kind's cost per position but never its cost per
 * unit, which says nothing of the other kind (a resumed run that had measured two big pairs gave
 * each of 140 placing sectors to come their 41 s). For the same reason the cost per unit is never
 * more than the quickest unit of its kind took, and of the earlier runs' units only the latest
 * count ({@link #RECENT}).
 */
final class Eta {
    /** A unit of work: its positions and its kind ({@code moving}: a pair the solve propagates, a sector a verify checks from board moves). */
    record Unit(long positions, boolean moving) {
    }

    /**
     * Units of earlier runs a model is fitted to, the latest of their kind: earlier runs may have
     * had other builds and other loads (the standard game's first runs solved its pairs at a
     * quarter of the last one's rate), and the latest say the most of the run now.
     */
    static final int RECENT = 4;

    /** The positions from which an earlier unit's time says more of its cost per position than of its fixed cost. */
    static final long SIZEABLE = 1_000_000;

    /**
     * How steeply a run's cost per position may grow with a unit's size in the models it carries
     * forward ({@link #growth}): the least exponent of each kind and the most of both, the fit
     * held between them.
     */
    record Growth(double leastPlacing, double leastMoving, double most) {
        double least(boolean isMoving) {
            return isMoving ? leastMoving : leastPlacing;
        }
    }

    /**
     * A solve's: the moving pairs cost more per position the bigger they are (more levels, more
     * of the pair decided by propagation: in the run of 2026-12-04 with the placing writes by
     * buckets, 10.5 M/s for the pairs of 8 men, 5.5 for 12, 4.0 to 4.1 for 15 to 18 men), and a run's
     * first 10 % holds no pair over 5.4 x 10^8 positions; the placing sectors no longer do (the
     * same run: 10.5 M/s at 10 men, 12.2 at 13, 13.2 at 16), so their fit alone decides. Before
     * their writes went by buckets they did (10 M/s at 10^7 positions, 6 to 7 at 5 x 10^8), and
     * the least growth of 0.15 for both kinds that those runs needed said 28 % too much at 10 %
     * of the run with buckets (replayed; 35.6 % live). Replayed
     * (ProgressTest), 0 and 0.3 keep the four runs of the standard game within 14, 17, 18 and
     * 14 % of the truth from 10 % on; 0.15 and 0.15: 17, 10, 15 and 29 %.
     */
    static final Growth SOLVING = new Growth(0, 0.3, 0.5);

    /**
     * A verify's: each position is checked once from its children, with no levels, and the
     * children's reads stay within a few blocks, so a big sector costs about what a middling one
     * does per position (the standard game's two full verifies of 2026-12-03: moving sectors of
     * 12 to 18 men at 4.0 to 5.3 and 4.8 to 6.5 M/s, placing ones of 12 to 18 men, men in hand
     * counted, at 4.6 to 4.8 and 4.9 to 7.1 M/s). The growth a
     * run's first sizeable sectors show (their children still in the cache) is not carried to
     * the big ones: with the solve's bounds the ETA of that day's two full verifies said 30 and
     * 33 % too much at worst from 10 % on, held to [0, 0.05] 15 and 21 % (ProgressTest).
     */
    static final Growth CHECKING = new Growth(0, 0, 0.05);

    private final Growth bounds;
    private final List<double[]> placing = new ArrayList<>();
    private final List<double[]> moving = new ArrayList<>();
    private final List<double[]> placingBefore = new ArrayList<>();
    private final List<double[]> movingBefore = new ArrayList<>();

    /** An ETA for a run whose cost per position grows with size within {@code bounds}. */
    Eta(Growth bounds) {
        this.bounds = bounds;
    }

    /** A unit of one kind done: {@code positions} in {@code elapsedNanos}. */
    void measured(boolean isMoving, long positions, long elapsedNanos) {
        (isMoving ? moving : placing).add(new double[] {positions, elapsedNanos / 1e9});
    }

    /**
     * A unit of one kind done by an earlier run, used until this run has measured its own of that
     * kind; give them in the order they were done: only the last {@value #RECENT} of a kind make
     * its model.
     */
    void measuredBefore(boolean isMoving, long positions, long elapsedNanos) {
        if (elapsedNanos > 0) {
            (isMoving ? movingBefore : placingBefore).add(new double[] {positions, elapsedNanos / 1e9});
        }
    }

    /** Positions per second of a kind's units under {@value #SIZEABLE} positions (its time per position, inverted); NaN when unknown. */
    double rate(boolean isMoving) {
        Model m = model(isMoving);
        return m == null ? Double.NaN : 1 / m.b();
    }

    /** Seconds the model of a kind gives a unit of {@code positions}; NaN when nothing is measured. */
    double seconds(boolean isMoving, long positions) {
        Model m = model(isMoving);
        if (m == null) {
            m = model(!isMoving);
            if (m != null) {
                m = new Model(0, m.b(), m.k(), m.e());
            }
        }
        return m == null ? Double.NaN : m.seconds(positions);
    }

    /**
     * Seconds left: the units still to do, and the unit in hand ({@code currentPositions} in all,
     * {@code currentDone} of them done after {@code currentNanos}); before any unit is done, the
     * pace of the one in hand; NaN while there is none.
     */
    double secondsLeft(List<Unit> toDo, boolean currentMoving, long currentPositions, long currentDone, long currentNanos) {
        if (placing.isEmpty() && moving.isEmpty() && placingBefore.isEmpty() && movingBefore.isEmpty()) {
            // no unit done yet: the pace of the one in hand, if it has one
            if (currentDone <= 0 || currentNanos <= 0) {
                return Double.NaN;
            }
            long positions = currentPositions - currentDone;
            for (Unit u : toDo) {
                positions += u.positions();
            }
            return positions * (currentNanos / 1e9) / currentDone;
        }
        double left = 0;
        for (Unit u : toDo) {
            left += seconds(u.moving(), u.positions());
        }
        if (currentPositions > 0) {
            double whole = seconds(currentMoving, currentPositions);
            double elapsed = currentNanos / 1e9;
            if (elapsed > whole && currentDone > 0) { // slower than the model: go by its own pace
                whole = elapsed * currentPositions / currentDone;
            }
            left += Math.max(0, whole - elapsed);
        }
        return left;
    }

    /** The shortest time of a unit of the kind, in this run or an earlier one. */
    private double quickest(boolean isMoving) {
        double t = Double.POSITIVE_INFINITY;
        for (List<double[]> points : isMoving ? List.of(moving, movingBefore) : List.of(placing, placingBefore)) {
            for (double[] p : points) {
                t = Math.min(t, p[1]);
            }
        }
        return t;
    }

    /**
     * The latest {@value #RECENT} of an earlier run's units with at least {@value #SIZEABLE}
     * positions (all the latest if none has): a run that stopped after the last small sectors of
     * a men count left as its latest placing units sectors of 4 to 400 positions timed to the
     * millisecond, and a cost per position fitted to those made the resumed standard game's ETA
     * 8.5 hours for less than one.
     */
    private static List<double[]> recentBefore(List<double[]> before) {
        List<double[]> sizeable = new ArrayList<>();
        for (int k = before.size() - 1; k >= 0 && sizeable.size() < RECENT; k--) {
            if (before.get(k)[0] >= SIZEABLE) {
                sizeable.add(0, before.get(k));
            }
        }
        return sizeable.isEmpty() ? before.subList(Math.max(0, before.size() - RECENT), before.size()) : sizeable;
    }

    /**
     * A kind's cost: {@code a} per unit plus, per position, {@code b} (units under
     * {@value #SIZEABLE} positions) or {@code k x positions^e} (sizeable units, once three are
     * measured): the cost per position of the standard game's sectors grows with their size
     * (random reads over more memory, more levels: on two threads 0.18 us for placing sectors of
     * 10^7 positions, 0.58 us for the moving pairs of 10^9), and one cost per position fitted to
     * the units of a run's first 10 %, none of them above 2.2 x 10^8 positions, left the ETA of
     * the standard game 29 % short there.
     */
    private record Model(double a, double b, double k, double e) {
        double seconds(long positions) {
            return positions >= SIZEABLE && k > 0 ? a + k * Math.pow(positions, 1 + e) : a + b * positions;
        }
    }

    /** The model of a kind (this run's units, else earlier runs'), or null if none is measured. */
    private Model model(boolean isMoving) {
        List<double[]> points = isMoving ? moving : placing;
        if (points.isEmpty()) {
            points = recentBefore(isMoving ? movingBefore : placingBefore);
        }
        if (points.isEmpty()) {
            return null;
        }
        double[] linear = linear(points, quickest(isMoving));
        double[] power = growth(points, bounds.least(isMoving), bounds.most());
        return power == null ? new Model(linear[0], linear[1], 0, 0) : new Model(linear[0], linear[1], power[0], power[1]);
    }

    /**
     * {k, e} of seconds per position = k x positions^e over the sizeable units, a least-squares
     * line in log-log space weighted by positions (the big units are the ones whose cost the
     * prediction is for); null while fewer than three sizeable units are measured. The exponent
     * is held to the run's {@link Growth} bounds: a run's first sizeable units are a
     * few sizes of one kind, and a steeper fit over them would be carried to sectors a hundred
     * times larger, and a flatter one would miss that bigger sectors always cost more per position.
     */
    private static double[] growth(List<double[]> points, double least, double most) {
        double w = 0, mx = 0, my = 0;
        int n = 0;
        for (double[] p : points) {
            if (p[0] >= SIZEABLE && p[1] > 0) {
                w += p[0];
                mx += p[0] * Math.log(p[0]);
                my += p[0] * Math.log(p[1] / p[0]);
                n++;
            }
        }
        if (n < 3) {
            return null;
        }
        mx /= w;
        my /= w;
        double sxx = 0, sxy = 0;
        for (double[] p : points) {
            if (p[0] >= SIZEABLE && p[1] > 0) {
                double x = Math.log(p[0]) - mx;
                sxx += p[0] * x * x;
                sxy += p[0] * x * (Math.log(p[1] / p[0]) - my);
            }
        }
        double e = sxx > 0 ? Math.max(least, Math.min(most, sxy / sxx)) : least;
        return new double[] {Math.exp(my - e * mx), e};
    }

    /** {a, b} of time = a + b x positions over the points (at least one). */
    private static double[] linear(List<double[]> points, double quickest) {
        double n = points.size(), sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (double[] p : points) {
            sx += p[0];
            sy += p[1];
            sxx += p[0] * p[0];
            sxy += p[0] * p[1];
        }
        double var = n * sxx - sx * sx;
        if (points.size() >= 2 && var > 0) {
            double b = (n * sxy - sx * sy) / var;
            double a = (sy - b * sx) / n;
            // Every unit pays the cost per unit, so it is at most the quickest unit of the kind
            // seen, in this run or before. A fit over a few big units alone (a resumed run that
            // starts with them) can put it far above that, and then charges it to every small
            // unit to come; held to the quickest unit, the cost per position is refitted.
            if (b > 0 && a > quickest) {
                a = quickest;
                b = (sxy - a * sx) / sxx;
            }
            if (a >= 0 && b > 0) {
                return new double[] {a, b};
            }
        }
        // too few units, or a fit that makes no sense: time proportional to positions
        return sxx > 0 ? new double[] {0, sxy / sxx} : new double[] {sy / n, 0};
    }
}
