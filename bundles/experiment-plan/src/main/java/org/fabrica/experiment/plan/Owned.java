package org.fabrica.experiment.plan;

import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudySpec;

/**
 * What the study API hands back to this bundle, as the types behind it: every {@link StudyFile} is
 * an {@link ExperimentDocument}, every spec an {@link ExperimentSpec} and every plan a
 * {@link SweepPlan} (this bundle alone creates them), every catalog the runner gives a mode a
 * {@link ProviderLookup}. Anything else is refused, saying what to pass instead.
 */
public final class Owned {
    private Owned() {
    }

    /** The document behind a study file. */
    public static ExperimentDocument document(StudyFile file) {
        return own(ExperimentDocument.class, file, "study file");
    }

    /** The spec behind a study spec. */
    public static ExperimentSpec spec(StudySpec spec) {
        return own(ExperimentSpec.class, spec, "study spec");
    }

    /** The plan behind a study plan. */
    public static SweepPlan plan(StudyPlan plan) {
        return own(SweepPlan.class, plan, "study plan");
    }

    /** The registry behind a provider catalog. */
    public static ProviderLookup registry(ProviderCatalog providers) {
        return own(ProviderLookup.class, providers, "provider catalog");
    }

    private static <T> T own(Class<T> type, Object given, String what) {
        if (type.isInstance(given)) {
            return type.cast(given);
        }
        throw new IllegalArgumentException("a " + what + " must be the experiment plan's " + type.getSimpleName()
                + ", not " + (given == null ? "null" : given.getClass().getName())
                + ": only the runner creates what it hands to a study mode; pass on what it gave");
    }
}
