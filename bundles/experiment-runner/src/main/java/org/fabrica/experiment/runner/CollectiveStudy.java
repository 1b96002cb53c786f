package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.report.ModeSummary;
import org.fabrica.experiment.report.ReportColumn;
import org.fabrica.experiment.report.SeriesCharts;
import org.fabrica.experiment.report.SeriesOutputs;
import org.fabrica.experiment.report.StudyOutputs;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CollectiveDurationCollector;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.InFlightSeries;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.osgi.service.component.annotations.Component;

/**
 * Mode {@code collective} (docs/studies/spth.md, the unsteady mode): one point per pattern x
 * scheme x seed; the injection (default {@code collective}) generates a burst at cycle 0 and the
 * point ends when every packet is delivered ({@link CollectiveRun}) or at {@code maxCycles}. Its
 * duration, per-node durations and the in-flight series (every {@code series.inFlightWindow}
 * cycles) are reported, with ratios to the {@code baseline} scheme.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + CollectiveStudy.NAME,
        "fabrica.description=collective: a burst at cycle 0, run until every packet is delivered"})
public final class CollectiveStudy extends PacketStudy {
    /** The mode's word. */
    public static final String NAME = "collective";
    /** The injection of a collective file that names none: a burst at cycle 0. */
    static final String DEFAULT_INJECTION = "collective";
    /** Top-level keys a collective file may have. */
    static final List<String> KEYS = List.of("name", "description", "mode", "topology", "hardware", "network", "kernel",
            "traffic", "schemes", "baseline", "maxCycles", "series", "statistics", "deadlockCycles", "seeds", "executor",
            "outputs", "provenance");
    /** Metric: the largest number of packets in flight. */
    static final String IN_FLIGHT_MAX = "inFlight.max";

    /** The report's columns per pattern. */
    static final List<ReportColumn> COLUMNS = List.of(new ReportColumn("collective.duration", "duration"),
            new ReportColumn("collective.nodeDuration.mean", "node mean"),
            new ReportColumn("collective.nodeDuration.min", "node min"), new ReportColumn("latency.avg", "latency avg"),
            new ReportColumn("inFlight.max", "max in flight"), new ReportColumn("packets.generated", "generated"),
            new ReportColumn("packets.delivered", "delivered"), new ReportColumn("sim.cycles", "cycles"),
            new ReportColumn("sim.wallSeconds", "wall s"));

    @Override
    public Map<String, Object> defaults() {
        return Map.of("series.inFlightWindow", InFlightSeries.DEFAULT_WINDOW);
    }

    @Override
    public String description() {
        return "burst at cycle 0";
    }

    @Override
    public List<String> keys() {
        return KEYS;
    }

    @Override
    String name() {
        return NAME;
    }

    @Override
    String defaultInjection() {
        return DEFAULT_INJECTION;
    }

    @Override
    void refuseOwn(ExperimentDocument doc, ObjectNode root) {
        for (String k : RampStudy.STEADY_ONLY) {
            if (root.has(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode collective (a collective point runs until every"
                        + " packet is delivered); remove it");
            }
        }
        if (root.has("criticalLoad")) {
            throw doc.keyError("criticalLoad", "'criticalLoad' is only used in mode ramp; remove it");
        }
    }

    @Override
    void readOwn(ExperimentDocument doc, ObjectNode root, List<SchemeSpec> schemes, Settings s) {
        s.maxCycles = maxCycles(doc, root);
        s.baseline = baseline(doc, root, schemes, NAME);
        s.inFlightWindow = series(doc, root, NAME, List.of("inFlightWindow"), RampStudy.NAME).inFlightWindow();
    }

    @Override
    PointMeasurement measurement(SweepPlan plan, StudyPoint point) {
        return new Measurement(plan);
    }

    /** Duration and in-flight collectors; the point ends when every packet is delivered. */
    private static final class Measurement extends PointMeasurement {
        private final SweepPlan plan;
        private CollectiveDurationCollector collective;
        private InFlightSeries inFlight;
        /** With an active throttle: the sources it held back per window of the in-flight series; else null. */
        private HeldSeries held;

        Measurement(SweepPlan plan) {
            this.plan = plan;
        }

        @Override
        NetworkObserver observer(int nodes, PointTraffic.Traffic traffic) {
            collective = new CollectiveDurationCollector(nodes);
            inFlight = new InFlightSeries(plan.spec().inFlightWindow());
            return CompositeObserver.of(counts, collective, inFlight);
        }

        @Override
        PointRun run(NetworkModel network, SpaceTimeRecorder recorder, SweepPlan.Assembly assembly) {
            NetworkObserver sampled = inFlight;
            if (network.throttleHeldCycles() >= 0) {
                held = new HeldSeries(network, inFlight.window());
                sampled = CompositeObserver.of(inFlight, held);
            }
            return new CollectiveRun(network, cycleObserver(sampled, recorder), plan.maxCycles());
        }

        @Override
        Outcome outcome(PointRun model, long end, NetworkModel network, SweepPlan.Assembly assembly) {
            List<Metric> metrics = new ArrayList<>(collective.results(end));
            metrics.add(new Metric(IN_FLIGHT_MAX, inFlight.max(), "packets", "largest number of packets in flight"));
            List<String> names = new ArrayList<>(List.of(PointArtefacts.WINDOW_START, PointArtefacts.IN_FLIGHT));
            List<double[]> columns = new ArrayList<>(List.of(toDouble(inFlight.cycles()), toDouble(inFlight.inFlight())));
            if (held != null) {
                names.add(PointArtefacts.HELD);
                columns.add(held.held());
            }
            SeriesTable inFlightTable = new SeriesTable(names, columns);
            SeriesTable nodeTable = nodeTable(collective, plan.topology().nodes());
            boolean complete = collective.allDelivered() && model.end() == PointRun.End.NETWORK_DONE;
            String status = complete ? PointSimulation.OK : PointSimulation.SATURATED_STATUS;
            String endNote = complete ? "every packet delivered at cycle " + collective.duration()
                    : "maxCycles = " + plan.maxCycles() + " reached with " + (generated() - delivered())
                            + " packets in flight; no duration";
            return new Outcome(metrics, status, endNote, null, inFlightTable, nodeTable);
        }
    }

    private static SeriesTable nodeTable(CollectiveDurationCollector c, int nodes) {
        double[] node = new double[nodes];
        for (int n = 0; n < nodes; n++) {
            node[n] = n;
        }
        return new SeriesTable(List.of("node", "sent", "received", "lastSentDelivered", "lastArrival"),
                List.of(node, PointMeasurement.toDouble(c.packetsSent()), PointMeasurement.toDouble(c.packetsReceived()),
                        PointMeasurement.noneAsNaN(c.nodeDurations()), PointMeasurement.noneAsNaN(c.lastArrivals())));
    }

    // ------------------------------------------------------------------ resolved form, summary, results

    @Override
    void writeOwnKeys(ExperimentSpec spec, ObjectNode r) {
        r.put("mode", NAME);
        r.put("baseline", spec.baseline());
        r.put("maxCycles", spec.maxCycles());
        ObjectNode series = r.putObject("series");
        series.put("inFlightWindow", spec.inFlightWindow());
    }

    @Override
    void describeRun(StringBuilder sb, SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        sb.append("  collective until every packet is delivered (at most ").append(spec.maxCycles())
                .append(" cycles); in flight sampled every ").append(spec.inFlightWindow()).append(" cycles; ratios to '")
                .append(spec.baseline()).append("'; seeds ").append(seedText(spec)).append('\n');
    }

    @Override
    public StudyOutputs outputs(SweepPlan plan) {
        return new SeriesOutputs("in-flight packets sampled every " + plan.spec().inFlightWindow() + " cycles",
                List.of(new ModeSummary.TableSpec("Collective duration", "collective.duration", "cycles")),
                SeriesCharts::collective, COLUMNS, "; in-flight series and per-node durations in series/");
    }
}
