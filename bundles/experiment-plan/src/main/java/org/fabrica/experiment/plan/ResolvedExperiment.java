package org.fabrica.experiment.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.topology.rails.Rails;

/**
 * The resolved experiment written to a results folder as experiment.yaml: the tree a study mode
 * writes ({@link org.fabrica.experiment.study.StudyMode#resolved}, with the pieces here), the
 * experiment id computed from it, and the provenance section. It can be run again as it is.
 */
public final class ResolvedExperiment {
    /** The provenance key listing the ids of earlier resolutions a run continues. */
    public static final String CONTINUES = "continues";

    private ResolvedExperiment() {
    }

    /**
     * The first keys of a resolved simulation experiment, in this order: name, description, mode,
     * topology, hardware, network, kernel (the modes that play their own packets,
     * {@link PlayedStudiesService}; the experiment id hashes the order).
     */
    static ObjectNode simulationHeader(SweepPlan plan, String mode) {
        ExperimentSpec spec = plan.spec();
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("name", spec.name());
        r.put("description", spec.description());
        r.put("mode", mode);
        r.set("topology", topologyNode(plan));
        r.set("hardware", providerNode(plan.hardwareProvider()));
        r.set("network", providerNode(plan.networkProvider()));
        r.set("kernel", providerNode(plan.kernelProvider()));
        return r;
    }

    /**
     * The last keys of a resolved run-to-completion experiment ({@link PlayedStudiesService}), in this
     * order: baseline, maxCycles, deadlockCycles, seeds, executor, outputs; returns the outputs
     * node for a mode's own output keys.
     */
    static ObjectNode runFooter(ObjectNode r, ExperimentSpec spec) {
        r.put("baseline", spec.baseline());
        r.put("maxCycles", spec.maxCycles());
        r.put("deadlockCycles", spec.deadlockCycles());
        com.fasterxml.jackson.databind.node.ArrayNode seeds = r.putArray("seeds");
        spec.seeds().forEach(seeds::add);
        r.put("executor", spec.executor());
        ObjectNode outputs = r.putObject("outputs");
        outputs.put("plots", spec.plots());
        outputs.put("report", spec.report());
        return outputs;
    }

    /** The topology's node, with the runner's multi-rail keys when the plan has rails ({@link Rails}). */
    static ObjectNode topologyNode(SweepPlan plan) {
        ObjectNode o = providerNode(plan.topologyProvider());
        Rails rails = plan.rails();
        if (rails != null) {
            o.put(Rails.PLANES, rails.planes());
            o.put(Rails.SELECTION, rails.selectionName());
        }
        return o;
    }

    static ObjectNode providerNode(BoundProvider p) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", p.provider().name());
        for (Map.Entry<String, Object> e : p.values().entrySet()) {
            o.set(e.getKey(), ExperimentDocument.YAML.valueToTree(e.getValue()));
        }
        return o;
    }

    static String id(ObjectNode resolved) {
        return id(resolved, List.of());
    }

    /** The id of a resolved experiment whose mode names {@code presentation} keys (left out, as the outputs). */
    static String id(ObjectNode resolved, List<String> presentation) {
        ObjectNode key = resolved.deepCopy();
        // what does not change results does not change the id
        key.remove(List.of("description", "executor", "outputs"));
        key.remove(presentation);
        try {
            byte[] json = new ObjectMapper().writeValueAsBytes(key);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(json);
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot compute the experiment id", e);
        }
    }

    /**
     * The resolved experiment as YAML: the file's content with every default filled in, plus a
     * provenance section (provider bundles and versions, Fabrica version and source commit, experiment
     * id, the earlier ids it continues). It can be run again as it is.
     */
    static String yaml(SweepPlan plan, ObjectNode resolved, String fabricaVersion, String commit, String createdAt,
            Set<String> continues) {
        ExperimentDocument document = plan.document();
        ExperimentSpec spec = plan.spec();
        ObjectNode r = resolved.deepCopy();
        ObjectNode prov = r.putObject("provenance");
        prov.put("experimentId", plan.experimentId());
        if (!continues.isEmpty()) {
            // the same experiment as earlier Fabricas resolved it, whose journal lines this run continues
            continues.forEach(prov.putArray(CONTINUES)::add);
        }
        prov.put("fabrica", fabricaVersion);
        if (commit != null) {
            prov.put("commit", commit); // the source commit the runner was built from
        }
        prov.put("java", System.getProperty("java.version"));
        prov.put("resolvedAt", createdAt);
        prov.put("source", document.source());
        if (spec.packetBytes() > 0) {
            prov.put("packetBytes", spec.packetBytes()); // as given; traffic.packetFlits holds the conversion
        }
        if (!document.overrides().isEmpty()) {
            ObjectNode o = prov.putObject("overrides");
            document.overrides().forEach(o::put);
        }
        prov.put("points", plan.points().size());
        ObjectNode providers = prov.putObject("providers");
        for (Map.Entry<String, BoundProvider> e : plan.providersByPath().entrySet()) {
            ObjectNode p = providers.putObject(e.getKey());
            p.put("name", e.getValue().provider().name());
            p.put("bundle", e.getValue().provider().bundle());
            p.put("version", e.getValue().provider().version());
        }
        try {
            return "# Resolved experiment written by Fabrica " + fabricaVersion
                    + ": every default filled in; run it again as it is.\n"
                    + ExperimentDocument.YAML.writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
