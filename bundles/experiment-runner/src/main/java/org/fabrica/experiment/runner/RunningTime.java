package org.fabrica.experiment.runner;

/**
 * The time a run has been running, for its estimate of the time left: wall time since it began,
 * less the time it was paused and the time the process did not run at all outside a pause (stopped,
 * the machine asleep), as the points' watches tell it ({@link PointWatch}). Every running point's
 * watch tells the same span: it counts once. Thread-safe.
 */
final class RunningTime {
    private final long start;
    /** When the current pause began, 0 when not paused. */
    private long pausedSince;
    private long pausedTotal;
    /** Time the process did not run outside a pause, each span once. */
    private long slept;
    /** When the last span told by {@link #slept(long, long)} ended (no span ends before the run began). */
    private long lastSleptEnd;

    /** A run that began at {@code start} (System.nanoTime), paused from its start or not. */
    RunningTime(long start, boolean paused) {
        this.start = start;
        this.lastSleptEnd = start;
        this.pausedSince = paused ? start : 0;
    }

    synchronized void paused(long now) {
        if (pausedSince == 0) {
            pausedSince = now;
        }
    }

    synchronized void resumed(long now) {
        if (pausedSince != 0) {
            pausedTotal += now - pausedSince;
            pausedSince = 0;
        }
    }

    /** The process did not run for {@code nanos} up to {@code now}, as a point's watch found. */
    synchronized void slept(long now, long nanos) {
        if (now - nanos - lastSleptEnd >= 0 && pausedSince == 0) { // a pause leaves it out already
            slept += nanos;
        }
        if (now - lastSleptEnd > 0) {
            lastSleptEnd = now;
        }
    }

    /** Time the process did not run outside a pause, so far. */
    synchronized long sleptNanos() {
        return slept;
    }

    /** The running time at {@code now}. */
    synchronized long running(long now) {
        return now - start - pausedTotal - slept - (pausedSince != 0 ? now - pausedSince : 0);
    }
}
