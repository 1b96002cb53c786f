package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ResolvedExperiment;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.ResultsStore;

/**
 * The earlier experiment ids whose journal lines a run may continue: a results folder written by an
 * earlier Fabrica holds the same experiment under another id when that Fabrica's providers lacked
 * parameters this one has (a new parameter enters the resolved experiment, and so the id, even at
 * a default that keeps the old behaviour). The folder's {@code experiment.yaml} is a valid
 * experiment file; resolved by this Fabrica it gets this run's id exactly when it differs only by
 * settings it lacks that take their defaults here (a changed default, a removed parameter or any
 * other difference gives another id or fails to resolve, and the folder stays refused). Its id is
 * then accepted, with the ids it had accepted itself ({@code provenance.continues}), so a journal
 * continued across several Fabricas stays readable. Cold path: at most one resolution per run.
 */
final class EarlierExperiments {
    static final String CONTINUES = ResolvedExperiment.CONTINUES;

    private EarlierExperiments() {
    }

    /** The ids besides {@code plan}'s whose lines in {@code out}'s journal belong to the same experiment. */
    static Set<String> of(Path out, SweepPlan plan, ProviderRegistry registry) {
        Path file = out.resolve(ResultsStore.EXPERIMENT);
        if (!Files.isRegularFile(file)) {
            return Set.of();
        }
        JsonNode provenance;
        try {
            JsonNode root = new YAMLMapper().readTree(file.toFile());
            provenance = root == null ? null : root.get("provenance");
        } catch (IOException | RuntimeException e) {
            return Set.of(); // unreadable: the journal's ids decide alone
        }
        if (provenance == null || !provenance.hasNonNull("experimentId")) {
            return Set.of();
        }
        Set<String> ids = new LinkedHashSet<>();
        String id = provenance.get("experimentId").asText();
        if (!id.equals(plan.experimentId())) {
            try {
                if (!ExperimentRunner.plan(ExperimentDocument.read(file, Map.of()), registry).experimentId()
                        .equals(plan.experimentId())) {
                    return Set.of();
                }
            } catch (RuntimeException e) {
                return Set.of(); // it does not resolve here (a parameter this Fabrica lacks, say): another experiment
            }
            ids.add(id);
        }
        JsonNode earlier = provenance.get(CONTINUES);
        if (earlier != null && earlier.isArray()) {
            earlier.forEach(e -> ids.add(e.asText()));
        }
        ids.remove(plan.experimentId());
        return ids;
    }
}
