package org.fabrica.stats;

/**
 * One named value of a run's results.
 *
 * @param name machine name, e.g. {@code latency.avg}
 * @param value the value (NaN when undefined, e.g. no packet measured)
 * @param unit unit, e.g. {@code cycles} or {@code flits/node/cycle}
 * @param description what it measures
 */
public record Metric(String name, double value, String unit, String description) {
}
