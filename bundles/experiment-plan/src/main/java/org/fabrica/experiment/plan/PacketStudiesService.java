package org.fabrica.experiment.plan;

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
 * The {@link PacketStudies} service: the packet-simulation part of a mode's file read, resolved
 * and described ({@link PacketStudy}), with what the mode's call brought ({@link PluginPacketStudy}).
 */
@Component(service = PacketStudies.class)
public final class PacketStudiesService implements PacketStudies {
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
        return new PluginPacketStudy(mode, options.mode()).reading(options).read(Owned.document(file), name,
                description, mode);
    }

    @Override
    public SweepPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
        return resolve(file, spec, providers, Resolution.WHOLE_RUN);
    }

    @Override
    public SweepPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers, Resolution resolution) {
        ExperimentSpec s = Owned.spec(spec);
        return new PluginPacketStudy(s.study(), s.mode()).resolving(resolution).resolve(Owned.document(file), s,
                Owned.registry(providers));
    }

    @Override
    public BoundProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers) {
        return ProviderBinding.bind(Owned.document(file), choice, Owned.registry(providers));
    }

    @Override
    public StudyProvider injection(StudyPlan plan) {
        return Owned.plan(plan).injectionProvider();
    }

    @Override
    public void expect(StudyPlan plan, long cycles, LongFunction<String> phases) {
        SweepPlan p = Owned.plan(plan);
        p.expectCycles(cycles);
        p.phases(phases);
    }

    @Override
    public List<StudyPoint> pointsPerSeed(StudySpec spec, String word) {
        return PacketStudy.perSeed(Owned.spec(spec), word);
    }

    @Override
    public ObjectNode resolved(StudyPlan plan, ObjectNode own) {
        SweepPlan p = Owned.plan(plan);
        return new PluginPacketStudy(p.spec().study(), p.spec().mode()).writing(own, true).resolved(p);
    }

    @Override
    public ObjectNode resolvedWith(StudyPlan plan, ObjectNode keys) {
        SweepPlan p = Owned.plan(plan);
        return new PluginPacketStudy(p.spec().study(), p.spec().mode()).writing(keys, false).resolved(p);
    }

    @Override
    public String summary(StudyPlan plan, String runLines) {
        SweepPlan p = Owned.plan(plan);
        return summary(plan, p.spec().mode() + " mode, ", "", runLines);
    }

    @Override
    public String summary(StudyPlan plan, String modeWords, String factor, String runLines) {
        SweepPlan p = Owned.plan(plan);
        return new PluginPacketStudy(p.spec().study(), p.spec().mode()).describing(modeWords, factor, runLines)
                .summary(p);
    }
}
