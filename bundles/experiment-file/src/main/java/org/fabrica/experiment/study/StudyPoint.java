package org.fabrica.experiment.study;

import java.math.BigDecimal;
import org.fabrica.sweep.SweepPoint;

/**
 * One point of a sweep: a traffic pattern, a scheme, an offered load (steady mode) and a seed,
 * as its study mode expands the experiment ({@link StudyMode#points}).
 *
 * @param index position in the sweep (patterns x schemes x loads x seeds, in that nesting)
 * @param pointId stable id: {@code <pattern>/<scheme>/l<load>/s<seed>} in steady mode, e.g.
 *        {@code uniform/dor-classic/l0.05/s1}; {@code <pattern>/<scheme>/<word>/s<seed>} in the
 *        modes without a load ({@link #id(String, String, String, long)}), e.g.
 *        {@code uniform/dor-classic/collective/s1}
 * @param pattern index into the experiment's patterns ({@link StudySpec#patternLabels()})
 * @param scheme index into the experiment's schemes ({@link StudySpec#schemeLabels()})
 * @param load offered load in flits/node/cycle (NaN in the modes without a load)
 * @param seed the run seed
 */
public record StudyPoint(int index, String pointId, int pattern, int scheme, double load, long seed) {

    /** The id of a point at a load: {@code <pattern>/<scheme>/l<load>/s<seed>}. */
    public static String id(String pattern, String scheme, double load, long seed) {
        return pattern + "/" + scheme + "/l" + format(load) + "/s" + seed;
    }

    /** The id of a point without a load: {@code <pattern>/<scheme>/<word>/s<seed>}, the word usually the mode's. */
    public static String id(String pattern, String scheme, String word, long seed) {
        return pattern + "/" + scheme + "/" + word + "/s" + seed;
    }

    /** A load as written in ids and tables: shortest exact decimal, e.g. 0.05. */
    public static String format(double load) {
        if (Double.isNaN(load) || Double.isInfinite(load)) {
            return Double.toString(load);
        }
        return BigDecimal.valueOf(load).stripTrailingZeros().toPlainString();
    }

    /** The point as the sweep executor knows it. */
    public SweepPoint sweepPoint(String experimentId) {
        return new SweepPoint(experimentId, pointId, index);
    }
}
