package org.example.fabrica.burst;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.params.Parameters;
import org.fabrica.sweep.PointResult;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Study mode {@code burst}: every node sends its packets at cycle 0 (the {@code collective}
 * injection by default, e.g. {@code injection: {name: collective, packets: 8}}) and the point runs
 * until every packet is delivered, or {@code maxCycles}. One point per pattern x scheme x seed; each
 * reports when the burst completed, when the fraction {@code tail} of its packets had arrived, their
 * mean latency, and how close the completion came to the bound of the busiest end node's injection
 * or ejection link ({@link BurstMeasurement}).
 *
 * <p>The file is a packet-simulation file (topology, hardware, traffic, schemes, seeds, ...), read,
 * resolved and described by Fabrica's {@link PacketStudies} service (bundle experiment-plan); the
 * mode's own keys are {@code tail} and {@code shift}, described as Metatype ({@link BurstSettings}, so that {@code fabrica help
 * mode burst} documents them), read once into a {@link Settings} record that every later call reads back typed
 * ({@link StudySpec#settings(Class)}). With {@code shift: k} the points send the mode's own traffic
 * ({@link BurstTraffic}). Its outputs, described as data of the study API ({@link StudyOutputs}) and
 * drawn by the report bundle, are three summary tables and, per pattern, a bar chart of the
 * completion against the link bound of every scheme ({@code plots/burst-<pattern>.svg}).
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + BurstStudy.NAME,
        "fabrica.description=burst: every node sends its packets at cycle 0; completion, tail and mean latency"})
public final class BurstStudy implements StudyMode {
    /** The mode's word, {@code mode: burst}. */
    public static final String NAME = "burst";
    /** The mode's own key: the fraction of the packets whose arrival the tail cycle marks. */
    static final String TAIL = "tail";
    /** The defaults of both keys, read from their Metatype type. */
    static final BurstSettings DEFAULTS = Parameters.defaults(BurstSettings.class);
    static final double DEFAULT_TAIL = DEFAULTS.tail();
    /** The mode's own key: node i sends to node (i + shift) mod nodes; 0 keeps the file's pattern. */
    static final String SHIFT = "shift";
    static final int DEFAULT_SHIFT = DEFAULTS.shift();
    /** The stem of the per-pattern chart, {@code plots/burst-<pattern>.svg}. */
    static final String CHART = "burst";

    /**
     * What a burst file alone gives, read once ({@link #read}) and read back typed.
     *
     * @param tail the fraction of the packets whose arrival the tail cycle marks, in (0, 1]
     * @param shift the shift of the mode's own traffic, or 0 for the file's pattern
     */
    record Settings(double tail, int shift) {
    }

    private static final List<StudyOutputs.Column> COLUMNS = List.of(
            new StudyOutputs.Column(BurstMeasurement.COMPLETION, "completion"),
            new StudyOutputs.Column(BurstMeasurement.TAIL_CYCLE, "tail"),
            new StudyOutputs.Column(BurstMeasurement.LATENCY_MEAN, "latency mean"),
            new StudyOutputs.Column(BurstMeasurement.BOUND, "link bound"),
            new StudyOutputs.Column(BurstMeasurement.EFFICIENCY, "bound / completion"),
            new StudyOutputs.Column(BurstMeasurement.PACKETS, "packets"),
            new StudyOutputs.Column("sim.wallSeconds", "wall s"));

    private final PacketStudies packets;

    /** @param packets the runner's reading, resolution and description of packet-simulation files */
    @Activate
    public BurstStudy(@Reference PacketStudies packets) {
        this.packets = packets;
    }

    @Override
    public String description() {
        return "every node's packets at cycle 0";
    }

    @Override
    public List<String> keys() {
        return packets.keys(List.of(TAIL, SHIFT));
    }

    /** The keys' Metatype: {@code fabrica help mode burst} lists them, and {@link #defaults()} reads them. */
    @Override
    public Class<BurstSettings> settingsType() {
        return BurstSettings.class;
    }

    @Override
    public StudySpec read(StudyFile file, String name, String description) {
        return packets.read(file, name, description, this, PacketStudies.Options.reading(NAME, "collective",
                f -> new PacketStudies.Own(new Settings(tail(f), shift(f)), 0)));
    }

    /** The settings of a burst spec. */
    static Settings settings(StudySpec spec) {
        return spec.settings(Settings.class);
    }

    /**
     * The file's {@code tail}: a fraction in (0, 1], default 0.9 ({@link BurstSettings#tail()}).
     *
     * @throws org.fabrica.experiment.ExperimentException at the key's place in the file
     */
    static double tail(StudyFile file) {
        JsonNode node = file.root().get(TAIL);
        if (node == null || node.isNull()) {
            return DEFAULT_TAIL;
        }
        if (!node.isNumber()) {
            throw file.error(TAIL, "tail must be a number, the fraction of the packets whose arrival the tail cycle "
                    + "marks, e.g. tail: 0.9");
        }
        double tail = node.doubleValue();
        if (!(tail > 0 && tail <= 1)) {
            throw file.error(TAIL, "tail = " + node.asText() + " is out of range; use a fraction above 0 and at most 1,"
                    + " e.g. 0.9 for the cycle by which 90% of the packets had arrived");
        }
        return tail;
    }

    /**
     * The file's {@code shift}: a whole number of at least 0, default 0 ({@link BurstSettings#shift()}).
     *
     * @throws org.fabrica.experiment.ExperimentException at the key's place in the file
     */
    static int shift(StudyFile file) {
        JsonNode node = file.root().get(SHIFT);
        if (node == null || node.isNull()) {
            return DEFAULT_SHIFT;
        }
        if (!node.canConvertToInt() || !node.isIntegralNumber() || node.intValue() < 0) {
            throw file.error(SHIFT, "shift = " + node.asText() + " is not a whole number of at least 0; node i sends to"
                    + " node (i + shift) mod nodes, e.g. shift: 1, or shift: 0 for the file's patterns");
        }
        return node.intValue();
    }

    @Override
    public StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
        return packets.resolve(file, spec, providers);
    }

    @Override
    public List<StudyPoint> points(StudySpec spec) {
        return packets.pointsPerSeed(spec, NAME);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return NAME;
    }

    @Override
    public PointResult run(StudyJob job) {
        Settings settings = settings(job.plan().spec());
        return job.simulate(new BurstMeasurement(settings.tail(), job.plan().packetFlits()), new BurstTraffic());
    }

    @Override
    public ObjectNode resolved(StudyPlan plan) {
        Settings settings = settings(plan.spec());
        ObjectNode own = JsonNodeFactory.instance.objectNode();
        own.put(TAIL, settings.tail());
        own.put(SHIFT, settings.shift());
        return packets.resolved(plan, own);
    }

    @Override
    public String summary(StudyPlan plan) {
        Settings settings = settings(plan.spec());
        return packets.summary(plan, "  burst     at cycle 0, until every packet is delivered (at most "
                + plan.spec().maxCycles() + " cycles); tail at " + settings.tail() + " of the packets"
                + (settings.shift() == 0 ? "" : "; node i sends to node i + " + settings.shift()) + "\n");
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        // data of the study API: the report bundle draws the tables and, per pattern, the bars
        return new StudyOutputs(new StudySummary.Tables(List.of(
                new StudySummary.Table("Burst completion", BurstMeasurement.COMPLETION, "cycles"),
                new StudySummary.Table("Burst mean latency", BurstMeasurement.LATENCY_MEAN, "cycles"),
                new StudySummary.Table("Burst link efficiency", BurstMeasurement.EFFICIENCY, "bound / completion")), ""),
                List.of(new StudyChart.MetricBars(CHART, "burst completion", "mean over the seeds that completed",
                        "cycles", List.of(new StudyChart.Bar(BurstMeasurement.COMPLETION, "completion"),
                                new StudyChart.Bar(BurstMeasurement.BOUND, "link bound")))),
                COLUMNS, "");
    }
}
