package org.merrills.cli;

/**
 * The time left of a run made of two kinds of work that go at very different speeds: placing
 * sectors (each position evaluated once from its children) and moving pairs (propagation, level
 * by level). Each kind's rate is measured separately, in positions per second over the time spent
 * on it, and the positions left of each kind are divided by their own rate; so a run that starts
 * with the fast placing sectors does not promise the slow pairs at the same speed. A kind not
 * measured yet is assumed to go at the other kind's rate.
 */
final class Eta {
    private final long[] positions = new long[2];
    private final long[] nanos = new long[2];

    /** Work of one kind done: {@code count} positions in {@code elapsedNanos}. */
    void measured(boolean moving, long count, long elapsedNanos) {
        int k = moving ? 1 : 0;
        positions[k] += count;
        nanos[k] += elapsedNanos;
    }

    /** Positions per second of a kind, counting the current unit's part done too; NaN when unknown. */
    double rate(boolean moving, boolean currentMoving, long currentDone, long currentNanos) {
        int k = moving ? 1 : 0;
        long p = positions[k] + (currentMoving == moving ? currentDone : 0);
        long t = nanos[k] + (currentMoving == moving ? currentNanos : 0);
        return p > 0 && t > 0 ? p * 1e9 / t : Double.NaN;
    }

    /**
     * Seconds left: positions left of each kind (the current unit's rest included in its kind)
     * over that kind's rate; NaN while nothing has been measured.
     */
    double secondsLeft(long placingLeft, long movingLeft, boolean currentMoving, long currentDone, long currentNanos) {
        double placing = rate(false, currentMoving, currentDone, currentNanos);
        double moving = rate(true, currentMoving, currentDone, currentNanos);
        if (Double.isNaN(placing)) {
            placing = moving;
        }
        if (Double.isNaN(moving)) {
            moving = placing;
        }
        if (Double.isNaN(placing)) {
            return Double.NaN;
        }
        return (placingLeft == 0 ? 0 : placingLeft / placing) + (movingLeft == 0 ? 0 : movingLeft / moving);
    }
}
