package org.fabrica.experiment.plan;

import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_CELL_PIXELS;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_DEADLOCK_CYCLES;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_EXECUTOR;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.ComputedStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudySpec;
import org.osgi.service.component.annotations.Component;

/**
 * The {@link ComputedStudies} service: the common part of a file whose points are computed
 * without packet simulation, read and resolved for a mode of another bundle (e.g. schedulability).
 * Its spec is an {@link ExperimentSpec} without topology, hardware, traffic or schemes; its plan a
 * {@link SweepPlan} holding the providers the mode bound and the mode's state.
 */
@Component(service = ComputedStudies.class)
public final class ComputedStudiesService implements ComputedStudies {

    @Override
    public ExperimentSpec read(StudyFile file, String name, String description, StudyMode mode, Options options) {
        ExperimentDocument doc = Owned.document(file);
        ObjectNode root = doc.root();
        SpecReader.refuseOthers(doc, root, options.mode(), mode.keys());
        List<Long> seeds = seedsOfEveryRow(doc, root, options.mode(), options.rowNoun());
        List<List<Long>> rowSeeds = java.util.Collections.nCopies(options.rows().size(), seeds);
        String executor = SpecReader.optionalText(doc, root, "executor", "executor", DEFAULT_EXECUTOR);
        SpecReader.Outputs outputs = SpecReader.outputs(doc, root);
        return new ExperimentSpec(name, description, null, null, null, null, 0, 0, List.of(), options.rows(), null,
                List.of(), DEFAULT_DEADLOCK_CYCLES, List.copyOf(seeds), executor, outputs.plots(), outputs.report(), options.mode(), mode,
                null, List.copyOf(rowSeeds), false, 0, 0, null, DEFAULT_CELL_PIXELS, options.settings(), List.of());
    }

    @Override
    public BoundProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers) {
        return ProviderBinding.bind(Owned.document(file), choice, Owned.registry(providers));
    }

    @Override
    public <T> T build(StudyFile file, StudyProvider provider, Supplier<T> build) {
        return ProviderBinding.build(Owned.document(file), own(provider), build);
    }

    @Override
    public String failure(Throwable failure) {
        return ProviderFailure.message(failure);
    }

    @Override
    public SweepPlan plan(StudyFile file, StudySpec spec, ProviderCatalog providers, List<StudyProvider> bound,
            List<String> columns, Object state) {
        ExperimentDocument doc = Owned.document(file);
        ExperimentSpec s = Owned.spec(spec);
        ProviderBinding.checkExecutor(doc, s, Owned.registry(providers));
        Map<String, BoundProvider> byPath = new LinkedHashMap<>();
        for (StudyProvider p : bound) {
            byPath.put(p.choice().path(), own(p));
        }
        return new SweepPlan(doc, s, byPath, columns, state);
    }

    @Override
    public List<StudyPoint> pointsPerSeed(StudySpec spec, List<String> columns, String word) {
        List<StudyPoint> out = new ArrayList<>();
        int index = 0;
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            String row = spec.patternLabels().get(p);
            for (int c = 0; c < columns.size(); c++) {
                for (long seed : spec.seedsOf(p)) {
                    out.add(new StudyPoint(index++, StudyPoint.id(row, columns.get(c), word, seed), p, c, Double.NaN,
                            seed));
                }
            }
        }
        return List.copyOf(out);
    }

    @Override
    public ObjectNode resolved(StudyPlan plan, ObjectNode own) {
        ExperimentSpec spec = Owned.spec(plan.spec());
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("name", spec.name());
        r.put("description", spec.description());
        r.put("mode", spec.mode());
        r.setAll(own);
        ArrayNode seeds = r.putArray("seeds");
        spec.seeds().forEach(seeds::add);
        r.put("executor", spec.executor());
        ObjectNode outputs = r.putObject("outputs");
        outputs.put("plots", spec.plots());
        outputs.put("report", spec.report());
        return r;
    }

    @Override
    public ObjectNode node(StudyProvider provider) {
        return ResolvedExperiment.providerNode(own(provider));
    }

    static BoundProvider own(StudyProvider p) {
        if (p instanceof BoundProvider b) {
            return b;
        }
        throw new IllegalArgumentException("a study provider must be one the runner bound (ComputedStudies.bind), not "
                + (p == null ? "null" : p.getClass().getName()));
    }

    /**
     * The file's {@code seeds} as a count or a list, every row's: a mode whose rows are not
     * patterns takes no seeds per row.
     */
    static List<Long> seedsOfEveryRow(ExperimentDocument doc, ObjectNode root, String mode, String rowNoun) {
        JsonNode seedNode = root.get("seeds");
        if (seedNode != null && seedNode.isObject()) {
            throw doc.error("seeds", "mode " + mode + " takes seeds as a count or a list (every " + rowNoun
                    + " uses them)");
        }
        return SpecReader.seeds(doc, seedNode, "seeds");
    }
}
