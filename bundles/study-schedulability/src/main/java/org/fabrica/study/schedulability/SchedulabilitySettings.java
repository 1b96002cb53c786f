package org.fabrica.study.schedulability;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The optional keys of mode {@code schedulability} ({@link SchedulabilityStudy#settingsType()}), by
 * key path; {@code fabrica help mode schedulability} lists them.
 */
@ObjectClassDefinition(name = "schedulability", description = "Circuit schedulers on random permutations: per point,"
        + " the fraction of each permutation's requests a scheduler routes without conflict, and its time per"
        + " request; 'schedulers' and 'topology' are required")
public @interface SchedulabilitySettings {
    @AttributeDefinition(min = "1", max = "1000000", description = "random permutations per point; at most 10000000"
            + " requests (permutations x nodes) per point")
    int permutations() default SchedulabilityStudy.DEFAULT_PERMUTATIONS;

    @AttributeDefinition(min = "0", max = "3600", description = "seconds of wall time of untimed passes before the"
            + " timed ones (JIT warm-up; whole passes, none when 0)")
    double timing_warmup() default SchedulingTiming.DEFAULT_WARMUP;

    @AttributeDefinition(min = "1", max = "10000", description = "timed passes; each is one sample of the time per"
            + " request")
    int timing_repetitions() default SchedulingTiming.DEFAULT_REPETITIONS;
}
