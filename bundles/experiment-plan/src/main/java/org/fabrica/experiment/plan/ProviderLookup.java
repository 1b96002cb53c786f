package org.fabrica.experiment.plan;

import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.kernel.ProviderConcept;

/**
 * The registered providers as a plan binds them: the runner's registry, which tracks every provider
 * of every concept in a framework (or fills it from the class path outside one), implements it.
 */
public interface ProviderLookup extends ProviderCatalog {
    /**
     * The provider a new run uses for {@code name} of {@code concept}.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the valid names and the closest match
     */
    RegisteredProvider resolve(String concept, String name);

    /**
     * The sweep executor named {@code name}.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the valid names
     */
    RegisteredProvider executor(String name);

    /** The study modes registered now, each name's highest ranking (then lowest service id) first. */
    StudyCatalog studies();

    /** The concept a service interface declares ({@link ProviderConcept}). */
    static String conceptOf(Class<?> type) {
        ProviderConcept c = type.getAnnotation(ProviderConcept.class);
        if (c == null) {
            throw new IllegalArgumentException(type.getName() + " declares no concept (@ProviderConcept)");
        }
        return c.value();
    }
}
