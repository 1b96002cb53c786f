package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudySpec;
import org.osgi.service.component.annotations.Component;

/**
 * The runner's {@link PacketStudies} service: the packet-simulation part of a file read, resolved
 * and described by the same code as the built-in packet modes' ({@link PacketStudy}), for a mode
 * of another bundle ({@link PluginPacketStudy}).
 */
@Component(service = PacketStudies.class)
public final class RunnerPacketStudies implements PacketStudies {
    private static final List<String> BEFORE_OWN = List.of("name", "description", "mode", "topology", "hardware",
            "network", "kernel", "traffic", "schemes", "baseline", "maxCycles");
    private static final List<String> AFTER_OWN = List.of(StatisticsSelection.KEY, "deadlockCycles", "seeds",
            "executor", "outputs", "provenance");

    @Override
    public List<String> keys(List<String> own) {
        List<String> keys = new ArrayList<>(BEFORE_OWN);
        keys.addAll(own);
        keys.addAll(AFTER_OWN);
        return List.copyOf(keys);
    }

    @Override
    public ExperimentSpec read(StudyFile file, String name, String description, StudyMode mode, Options options) {
        return new PluginPacketStudy(mode, options.mode()).reading(options).read(RunnerStudy.document(file), name,
                description, mode);
    }

    @Override
    public SweepPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
        return resolve(file, spec, providers, Resolution.WHOLE_RUN);
    }

    @Override
    public SweepPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers, Resolution resolution) {
        ExperimentSpec s = RunnerStudy.spec(spec);
        return new PluginPacketStudy(s.study(), s.mode()).resolving(resolution).resolve(RunnerStudy.document(file), s,
                RunnerStudy.registry(providers));
    }

    @Override
    public BoundProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers) {
        return ProviderBinding.bind(RunnerStudy.document(file), choice, RunnerStudy.registry(providers));
    }

    @Override
    public StudyProvider injection(StudyPlan plan) {
        return RunnerStudy.plan(plan).injectionProvider();
    }

    @Override
    public void expect(StudyPlan plan, long cycles, LongFunction<String> phases) {
        SweepPlan p = RunnerStudy.plan(plan);
        p.expectCycles(cycles);
        p.phases(phases);
    }

    @Override
    public List<StudyPoint> pointsPerSeed(StudySpec spec, String word) {
        return PacketStudy.perSeed(RunnerStudy.spec(spec), word);
    }

    @Override
    public ObjectNode resolved(StudyPlan plan, ObjectNode own) {
        SweepPlan p = RunnerStudy.plan(plan);
        return new PluginPacketStudy(p.spec().study(), p.spec().mode()).writing(own, true).resolved(p);
    }

    @Override
    public ObjectNode resolvedWith(StudyPlan plan, ObjectNode keys) {
        SweepPlan p = RunnerStudy.plan(plan);
        return new PluginPacketStudy(p.spec().study(), p.spec().mode()).writing(keys, false).resolved(p);
    }

    @Override
    public String summary(StudyPlan plan, String runLines) {
        SweepPlan p = RunnerStudy.plan(plan);
        return summary(plan, p.spec().mode() + " mode, ", "", runLines);
    }

    @Override
    public String summary(StudyPlan plan, String modeWords, String factor, String runLines) {
        SweepPlan p = RunnerStudy.plan(plan);
        return new PluginPacketStudy(p.spec().study(), p.spec().mode()).describing(modeWords, factor, runLines)
                .summary(p);
    }
}
