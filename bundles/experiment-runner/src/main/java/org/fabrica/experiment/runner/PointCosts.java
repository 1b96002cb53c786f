package org.fabrica.experiment.runner;

import java.util.HashMap;
import java.util.Map;

/**
 * What a point is expected to cost relative to the others, for the estimate of the time left: the
 * mean wall time of the finished points at its load, else of all finished points, else 1 (every
 * point the same, before any finished). Points of one load cost alike across schemes far more than
 * points of different loads do: at the study windows of docs/studies/osha-sasha.md a point at
 * load 0.1 took 90 to 350 s and one near saturation 1,400 to 3,900 s, so an estimate that weighs
 * points equally says far less than the time left when the dear loads are still ahead (7.6 h with
 * about 12 h left, once). The journal's points
 * count too (their times were measured by the run that did them). Not thread-safe.
 */
final class PointCosts {
    private final Map<Double, double[]> byLoad = new HashMap<>();
    private double sum;
    private int count;

    /** A point at {@code load} finished in {@code wallMillis}; a point without a time (0) teaches nothing. */
    void add(double load, long wallMillis) {
        if (wallMillis <= 0) {
            return;
        }
        double[] s = byLoad.computeIfAbsent(load, k -> new double[2]);
        s[0] += wallMillis;
        s[1]++;
        sum += wallMillis;
        count++;
    }

    /** The expected cost of a point at {@code load}, in the finished points' milliseconds (1 before any). */
    double weight(double load) {
        double[] s = byLoad.get(load);
        if (s != null) {
            return s[0] / s[1];
        }
        return count == 0 ? 1 : sum / count;
    }

    /**
     * Seconds left at the rate of this process: {@code runningSeconds} did {@code doneHere} of
     * weighted work (points finished here, and the done part of those running), {@code left} is
     * the weighted work of the points not finished; NaN before any work of its own.
     */
    static double secondsLeft(double doneHere, double left, double runningSeconds) {
        return doneHere <= 0 ? Double.NaN : runningSeconds * Math.max(0, left) / doneHere;
    }
}
