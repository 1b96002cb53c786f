package org.fabrica.experiment.runner;

import org.fabrica.sweep.SweepPoint;

/**
 * One point of a sweep: a traffic pattern, a scheme, an offered load (steady mode) and a seed,
 * as its study mode expands the experiment ({@link org.fabrica.experiment.study.StudyMode#points}).
 *
 * @param index position in the sweep (patterns x schemes x loads x seeds, in that nesting)
 * @param pointId stable id: {@code <pattern>/<scheme>/l<load>/s<seed>} in steady mode, e.g.
 *        {@code uniform/dor-classic/l0.05/s1}; {@code <pattern>/<scheme>/ramp/s<seed>} and
 *        {@code <pattern>/<scheme>/collective/s<seed>} in the other modes
 * @param pattern index into the experiment's patterns
 * @param scheme index into the experiment's schemes
 * @param load offered load in flits/node/cycle (NaN in the ramp and collective modes)
 * @param seed the run seed
 */
public record PointPlan(int index, String pointId, int pattern, int scheme, double load, long seed) {

    static String id(String pattern, String scheme, double load, long seed) {
        return pattern + "/" + scheme + "/l" + ExperimentSpec.format(load) + "/s" + seed;
    }

    /** The id of a point without a load: {@code <pattern>/<scheme>/<word>/s<seed>}, the word usually the mode's. */
    static String id(String pattern, String scheme, String word, long seed) {
        return pattern + "/" + scheme + "/" + word + "/s" + seed;
    }

    SweepPoint sweepPoint(String experimentId) {
        return new SweepPoint(experimentId, pointId, index);
    }
}
