package org.example.fabrica.burst;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.report.ModeSummary;
import org.fabrica.experiment.report.ReportColumn;
import org.fabrica.experiment.report.SeriesOutputs;
import org.fabrica.experiment.report.StudyOutputs;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudySpec;
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
 * resolved and described by the runner's {@link PacketStudies}; the mode's own key is {@code tail}.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + BurstStudy.NAME,
        "fabrica.description=burst: every node sends its packets at cycle 0; completion, tail and mean latency"})
public final class BurstStudy implements StudyMode {
    /** The mode's word, {@code mode: burst}. */
    public static final String NAME = "burst";
    /** The mode's own key: the fraction of the packets whose arrival the tail cycle marks. */
    static final String TAIL = "tail";
    static final double DEFAULT_TAIL = 0.9;

    private static final List<ReportColumn> COLUMNS = List.of(
            new ReportColumn(BurstMeasurement.COMPLETION, "completion"),
            new ReportColumn(BurstMeasurement.TAIL_CYCLE, "tail"),
            new ReportColumn(BurstMeasurement.LATENCY_MEAN, "latency mean"),
            new ReportColumn(BurstMeasurement.BOUND, "link bound"),
            new ReportColumn(BurstMeasurement.EFFICIENCY, "bound / completion"),
            new ReportColumn(BurstMeasurement.PACKETS, "packets"),
            new ReportColumn("sim.wallSeconds", "wall s"));

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
        return packets.keys(List.of(TAIL));
    }

    @Override
    public StudySpec read(StudyFile file, String name, String description) {
        return packets.read(file, name, description, this,
                new PacketStudies.Options(NAME, "collective", tail(file)));
    }

    /**
     * The file's {@code tail}: a fraction in (0, 1], default {@value #DEFAULT_TAIL}.
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
        return job.simulate(new BurstMeasurement(job.plan().spec().settings(Double.class), job.plan().packetFlits()));
    }

    @Override
    public ObjectNode resolved(StudyPlan plan) {
        ObjectNode own = JsonNodeFactory.instance.objectNode();
        own.put(TAIL, plan.spec().settings(Double.class));
        return packets.resolved(plan, own);
    }

    @Override
    public String summary(StudyPlan plan) {
        return packets.summary(plan, "  burst     at cycle 0, until every packet is delivered (at most "
                + plan.spec().maxCycles() + " cycles); tail at " + plan.spec().modeSettings() + " of the packets\n");
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        return new SeriesOutputs("", List.of(
                new ModeSummary.TableSpec("Burst completion", BurstMeasurement.COMPLETION, "cycles"),
                new ModeSummary.TableSpec("Burst mean latency", BurstMeasurement.LATENCY_MEAN, "cycles")),
                (dir, facts, pattern, results, out) -> { }, COLUMNS, "");
    }
}
