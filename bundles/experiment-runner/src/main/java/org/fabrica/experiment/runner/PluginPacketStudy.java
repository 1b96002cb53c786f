package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.report.StudyOutputs;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.sweep.PointResult;

/**
 * The packet-simulation machinery ({@link PacketStudy}) on behalf of a mode of another bundle
 * ({@link RunnerPacketStudies}): the mode's keys, word and default injection; its own settings as
 * it read them; its resolved keys and summary lines as it wrote them for this call. Points run,
 * and outputs are chosen, by the mode itself.
 */
final class PluginPacketStudy extends PacketStudy {
    private final StudyMode mode;
    private final String word;
    private final String defaultInjection;
    private final Object settings;
    private final ObjectNode ownKeys;
    private final String runLines;

    /**
     * @param settings what the mode read of its own keys (when reading), or null
     * @param ownKeys the mode's resolved keys (when writing the resolved form), or null
     * @param runLines the mode's summary lines (when describing the sweep), or empty
     */
    PluginPacketStudy(StudyMode mode, String word, String defaultInjection, Object settings, ObjectNode ownKeys,
            String runLines) {
        this.mode = mode;
        this.word = word;
        this.defaultInjection = defaultInjection;
        this.settings = settings;
        this.ownKeys = ownKeys;
        this.runLines = runLines;
    }

    @Override
    public String description() {
        return mode.description();
    }

    @Override
    public List<String> keys() {
        return mode.keys();
    }

    @Override
    String name() {
        return word;
    }

    @Override
    String defaultInjection() {
        return defaultInjection;
    }

    @Override
    void refuseOwn(ExperimentDocument doc, ObjectNode root) {
        // every key outside the mode's keys() is refused after this, naming the mode
    }

    @Override
    void readOwn(ExperimentDocument doc, ObjectNode root, List<SchemeSpec> schemes, Settings s) {
        s.maxCycles = maxCycles(doc, root);
        s.baseline = baseline(doc, root, schemes, word);
        s.own = settings;
    }

    @Override
    public PointResult run(PointJob job) {
        return mode.run(job);
    }

    @Override
    PointMeasurement measurement(SweepPlan plan, StudyPoint point) {
        throw new IllegalStateException("mode " + word + " measures its points itself (StudyMode.run)");
    }

    @Override
    void writeOwnKeys(ExperimentSpec spec, ObjectNode r) {
        r.put("mode", word);
        r.put("baseline", spec.baseline());
        r.put("maxCycles", spec.maxCycles());
        if (ownKeys != null) {
            r.setAll(ownKeys);
        }
    }

    @Override
    void describeRun(StringBuilder sb, SweepPlan plan) {
        sb.append(runLines);
    }

    @Override
    public StudyOutputs outputs(SweepPlan plan) {
        return mode.outputs(plan);
    }
}
