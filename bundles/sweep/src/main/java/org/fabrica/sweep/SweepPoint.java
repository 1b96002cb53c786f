package org.fabrica.sweep;

/**
 * One point of a sweep, described by data only (so that it can be shipped to another member).
 *
 * @param experimentId id of the experiment (hash of its resolved text)
 * @param pointId stable id of the point within the experiment, e.g. {@code s0-uniform-dor-l0.050}
 * @param index position of the point in the sweep
 */
public record SweepPoint(String experimentId, String pointId, int index) {
}
