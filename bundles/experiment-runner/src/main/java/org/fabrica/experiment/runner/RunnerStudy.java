package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.sweep.PointResult;

/**
 * The study modes of this bundle: the {@link StudyMode} calls, whose arguments the runner alone
 * creates, handed on as the runner's own types ({@link ExperimentDocument}, {@link ExperimentSpec},
 * {@link ProviderRegistry}, {@link SweepPlan}, {@link PointJob}), which the built-in modes read in
 * full. A mode of another bundle implements {@link StudyMode} directly and reaches the same
 * machinery through {@link org.fabrica.experiment.study.PacketStudies}.
 */
abstract class RunnerStudy implements StudyMode {

    @Override
    public final ExperimentSpec read(StudyFile file, String name, String description) {
        return read(document(file), name, description);
    }

    /** {@link StudyMode#read} on the runner's document. */
    abstract ExperimentSpec read(ExperimentDocument doc, String name, String description);

    @Override
    public final SweepPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
        return resolve(document(file), spec(spec), registry(providers));
    }

    /** {@link StudyMode#resolve} on the runner's document, spec and registry. */
    abstract SweepPlan resolve(ExperimentDocument doc, ExperimentSpec spec, ProviderRegistry registry);

    @Override
    public final List<StudyPoint> points(StudySpec spec) {
        return points(spec(spec));
    }

    /** {@link StudyMode#points} of the runner's spec. */
    abstract List<StudyPoint> points(ExperimentSpec spec);

    @Override
    public final PointResult run(StudyJob job) {
        return run(job(job));
    }

    /** {@link StudyMode#run} of the runner's job. */
    abstract PointResult run(PointJob job);

    @Override
    public final ObjectNode resolved(StudyPlan plan) {
        return resolved(plan(plan));
    }

    /** {@link StudyMode#resolved} of the runner's plan. */
    abstract ObjectNode resolved(SweepPlan plan);

    @Override
    public final String summary(StudyPlan plan) {
        return summary(plan(plan));
    }

    /** {@link StudyMode#summary} of the runner's plan. */
    abstract String summary(SweepPlan plan);

    @Override
    public final StudyOutputs outputs(StudyPlan plan) {
        return outputs(plan(plan));
    }

    /** {@link StudyMode#outputs} of the runner's plan. */
    abstract StudyOutputs outputs(SweepPlan plan);

    // ------------------------------------------------------------------ the runner's own types

    /** The runner's document behind a study file (every {@link StudyFile} is one). */
    static ExperimentDocument document(StudyFile file) {
        return own(ExperimentDocument.class, file, "study file");
    }

    /** The runner's spec behind a study spec. */
    static ExperimentSpec spec(StudySpec spec) {
        return own(ExperimentSpec.class, spec, "study spec");
    }

    /** The runner's plan behind a study plan. */
    static SweepPlan plan(StudyPlan plan) {
        return own(SweepPlan.class, plan, "study plan");
    }

    /** The runner's job behind a study job. */
    static PointJob job(StudyJob job) {
        return own(PointJob.class, job, "study job");
    }

    /** The runner's registry behind a provider catalog. */
    static ProviderRegistry registry(ProviderCatalog providers) {
        return own(ProviderRegistry.class, providers, "provider catalog");
    }

    private static <T> T own(Class<T> type, Object given, String what) {
        if (type.isInstance(given)) {
            return type.cast(given);
        }
        throw new IllegalArgumentException("a " + what + " must be the experiment runner's " + type.getSimpleName()
                + ", not " + (given == null ? "null" : given.getClass().getName())
                + ": only the runner creates what it hands to a study mode; pass on what it gave");
    }
}
