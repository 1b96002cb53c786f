package org.fabrica.experiment.runner;

import org.fabrica.sweep.SweepPoint;

/**
 * One point of a sweep: a traffic pattern, a scheme, an offered load and a seed.
 *
 * @param index position in the sweep (patterns x schemes x loads x seeds, in that nesting)
 * @param pointId stable id, {@code <pattern>/<scheme>/l<load>/s<seed>}, e.g. {@code uniform/dor-classic/l0.05/s1}
 * @param pattern index into the experiment's patterns
 * @param scheme index into the experiment's schemes
 * @param load offered load in flits/node/cycle
 * @param seed the run seed
 */
public record PointPlan(int index, String pointId, int pattern, int scheme, double load, long seed) {

    static String id(String pattern, String scheme, double load, long seed) {
        return pattern + "/" + scheme + "/l" + ExperimentSpec.format(load) + "/s" + seed;
    }

    SweepPoint sweepPoint(String experimentId) {
        return new SweepPoint(experimentId, pointId, index);
    }
}
