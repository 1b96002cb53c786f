package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.sweep.PointResult;

/**
 * The packet-simulation machinery ({@link PacketStudy}) on behalf of a mode of another bundle
 * ({@link PacketStudiesService}): the mode's keys, word and default injection; its own settings as
 * it read them; its resolved keys and summary lines as it wrote them for this call. Points run,
 * and outputs are chosen, by the mode itself.
 */
final class PluginPacketStudy extends PacketStudy {
    private final StudyMode mode;
    private final String word;
    private String defaultInjection;
    private Object settings;
    private PacketStudies.OwnKeys ownKeys;
    private PacketStudies.Resolution resolution = PacketStudies.Resolution.WHOLE_RUN;
    private ObjectNode resolvedKeys;
    private boolean modeKeys = true;
    private String modeWords;
    private String factor = "";
    private String runLines = "";

    /** For a call about a mode's file, plan or summary; what the call needs is set before it. */
    PluginPacketStudy(StudyMode mode, String word) {
        this.mode = mode;
        this.word = word;
        this.modeWords = word + " mode, ";
    }

    /** Reading: the mode's options. */
    PluginPacketStudy reading(PacketStudies.Options options) {
        this.defaultInjection = options.defaultInjection();
        this.settings = options.settings();
        this.ownKeys = options.ownKeys();
        return this;
    }

    /** Resolving: the loads, the statistics' window and the mode's state. */
    PluginPacketStudy resolving(PacketStudies.Resolution resolution) {
        this.resolution = resolution;
        return this;
    }

    /**
     * Writing the resolved form: the mode's keys, after {@code mode}, {@code baseline} and
     * {@code maxCycles} when {@code modeKeys}, else alone.
     */
    PluginPacketStudy writing(ObjectNode keys, boolean modeKeys) {
        this.resolvedKeys = keys;
        this.modeKeys = modeKeys;
        return this;
    }

    /** Describing the sweep: the first line's words and factor, the mode's lines. */
    PluginPacketStudy describing(String modeWords, String factor, String runLines) {
        this.modeWords = modeWords;
        this.factor = factor;
        this.runLines = runLines;
        return this;
    }

    @Override
    List<String> keys() {
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
        long own = 0;
        s.own = settings;
        if (ownKeys != null) {
            PacketStudies.Own read = ownKeys.read(doc);
            s.own = read.settings();
            own = read.maxCycles();
        }
        s.maxCycles = own > 0 ? own : maxCycles(doc, root);
        s.baseline = baseline(doc, root, schemes, word);
    }

    @Override
    void writeOwnKeys(ExperimentSpec spec, ObjectNode r) {
        if (modeKeys) {
            r.put("mode", word);
            r.put("baseline", spec.baseline());
            r.put("maxCycles", spec.maxCycles());
        }
        if (resolvedKeys != null) {
            r.setAll(resolvedKeys);
        }
    }

    @Override
    List<Double> probeLoads(ExperimentSpec spec) {
        return resolution.probeLoads();
    }

    @Override
    long[] statisticsWindow(ExperimentSpec spec) {
        return new long[] {resolution.statisticsStart(), resolution.statisticsEnd()};
    }

    @Override
    Object state(ExperimentSpec spec) {
        return resolution.state();
    }

    @Override
    String modeWords() {
        return modeWords;
    }

    @Override
    String loadFactor(ExperimentSpec spec) {
        return factor;
    }

    @Override
    void describeRun(StringBuilder sb, SweepPlan plan) {
        sb.append(runLines);
    }
}
