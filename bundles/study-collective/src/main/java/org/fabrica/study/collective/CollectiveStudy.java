package org.fabrica.study.collective;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.SpecReader;
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
import org.fabrica.stats.collectors.InFlightSeries;
import org.fabrica.sweep.PointResult;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Mode {@code collective} (docs/studies/spth.md, the unsteady mode): one point per pattern x
 * scheme x seed; the injection (default {@code collective}) generates a burst at cycle 0 and the
 * point ends when every packet is delivered or at {@code maxCycles}. Its duration, per-node
 * durations and the in-flight series (every {@code series.inFlightWindow} cycles) are reported,
 * with ratios to the {@code baseline} scheme ({@link CollectiveMeasurement}).
 *
 * <p>Built on the study API alone: the runner's {@link PacketStudies} reads, resolves and describes
 * the packet-simulation part of the file; the mode's own key is {@code series.inFlightWindow}.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + CollectiveStudy.NAME,
        "fabrica.description=collective: a burst at cycle 0, run until every packet is delivered"})
public final class CollectiveStudy implements StudyMode {
    /** The mode's word. */
    public static final String NAME = "collective";
    /** The injection of a collective file that names none: a burst at cycle 0. */
    static final String DEFAULT_INJECTION = "collective";
    /** The mode's own top-level key: its series settings. */
    static final String SERIES = "series";
    /** The one key of {@code series} this mode reads. */
    static final String IN_FLIGHT_WINDOW = "inFlightWindow";

    /** The report's columns per pattern. */
    static final List<StudyOutputs.Column> COLUMNS = List.of(
            new StudyOutputs.Column("collective.duration", "duration"),
            new StudyOutputs.Column("collective.nodeDuration.mean", "node mean"),
            new StudyOutputs.Column("collective.nodeDuration.min", "node min"),
            new StudyOutputs.Column("latency.avg", "latency avg"),
            new StudyOutputs.Column(CollectiveMeasurement.IN_FLIGHT_MAX, "max in flight"),
            new StudyOutputs.Column("packets.generated", "generated"),
            new StudyOutputs.Column("packets.delivered", "delivered"),
            new StudyOutputs.Column("sim.cycles", "cycles"),
            new StudyOutputs.Column("sim.wallSeconds", "wall s"));

    /**
     * What the mode reads of its own keys ({@link StudySpec#settings(Class)}).
     *
     * @param inFlightWindow cycles per sample of the packets in flight
     */
    record Settings(int inFlightWindow) {
    }

    private final PacketStudies packets;

    /** @param packets the runner's reading, resolution and description of packet-simulation files */
    @Activate
    public CollectiveStudy(@Reference PacketStudies packets) {
        this.packets = packets;
    }

    @Override
    public String description() {
        return "burst at cycle 0";
    }

    @Override
    public List<String> keys() {
        return packets.keys(List.of(SERIES));
    }

    @Override
    public Class<CollectiveSettings> settingsType() {
        return CollectiveSettings.class;
    }

    @Override
    public StudySpec read(StudyFile file, String name, String description) {
        return packets.read(file, name, description, this, new PacketStudies.Options(NAME, DEFAULT_INJECTION,
                new Settings(inFlightWindow(file))));
    }

    /**
     * The file's {@code series.inFlightWindow}, default {@value InFlightSeries#DEFAULT_WINDOW}; the
     * series keys of other modes are refused.
     *
     * @throws org.fabrica.experiment.ExperimentException at the key's place in the file
     */
    static int inFlightWindow(StudyFile file) {
        JsonNode series = file.root().get(SERIES);
        if (series == null || series.isNull()) {
            return InFlightSeries.DEFAULT_WINDOW;
        }
        if (!series.isObject()) {
            throw file.error(SERIES, "series must be a mapping such as {inFlightWindow: 10}");
        }
        for (String k : (Iterable<String>) series::fieldNames) {
            if (!k.equals(IN_FLIGHT_WINDOW)) {
                throw file.keyError(SERIES + "." + k, SERIES + "." + k + " is not used in mode " + NAME + ", whose series"
                        + " has only " + IN_FLIGHT_WINDOW + " (cycles per in-flight sample); remove it");
            }
        }
        return (int) SpecReader.bounded(file, series, IN_FLIGHT_WINDOW, SERIES + "." + IN_FLIGHT_WINDOW,
                InFlightSeries.DEFAULT_WINDOW, 1, 1_000_000_000);
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
        StudyPlan plan = job.plan();
        return job.simulate(new CollectiveMeasurement(plan.spec().settings(Settings.class).inFlightWindow(),
                plan.topology().nodes(), plan.spec().maxCycles()));
    }

    @Override
    public ObjectNode resolved(StudyPlan plan) {
        ObjectNode own = JsonNodeFactory.instance.objectNode();
        own.putObject(SERIES).put(IN_FLIGHT_WINDOW, plan.spec().settings(Settings.class).inFlightWindow());
        return packets.resolved(plan, own);
    }

    @Override
    public String summary(StudyPlan plan) {
        StudySpec spec = plan.spec();
        return packets.summary(plan, "  collective until every packet is delivered (at most " + spec.maxCycles()
                + " cycles); in flight sampled every " + spec.settings(Settings.class).inFlightWindow()
                + " cycles; ratios to '" + spec.baseline() + "'; seeds " + seedText(spec) + "\n");
    }

    /** The seeds, once when every pattern has the same, else per pattern. */
    static String seedText(StudySpec spec) {
        List<String> parts = new ArrayList<>();
        boolean same = true;
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            same &= spec.seedsOf(p).equals(spec.seedsOf(0));
            parts.add(spec.patternLabels().get(p) + " " + spec.seedsOf(p));
        }
        return same ? spec.seedsOf(0).toString() : String.join(", ", parts);
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        return new StudyOutputs(new StudySummary.Tables(
                List.of(new StudySummary.Table("Collective duration", "collective.duration", "cycles")),
                "; in-flight series and per-node durations in series/"),
                List.of(new StudyChart.InFlight()), COLUMNS, "in-flight packets sampled every "
                        + plan.spec().settings(Settings.class).inFlightWindow() + " cycles");
    }
}
