package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.SpecReader;
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
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.CriticalLoadDetector;
import org.fabrica.stats.collectors.HeldSeries;
import org.fabrica.stats.collectors.MovingAverage;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.stats.collectors.WindowedSeriesCollector;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.osgi.service.component.annotations.Component;

/**
 * Mode {@code ramp} (docs/studies/spth.md, the ramp load method): one point per pattern x scheme x
 * seed; the injection (default {@code ramp}) raises the offered load with time and the point ends
 * when its offered load has returned to zero (the ramp's end, {@link RampRun}) or at
 * {@code maxCycles}. Throughput and latency are measured per window of {@code series.window}
 * cycles, smoothed by a {@code series.smoothing}-point moving average, and the critical load is
 * detected on the smoothed curve ({@code criticalLoad}); ratios refer to the {@code baseline} scheme.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + RampStudy.NAME,
        "fabrica.description=ramp load: one run per point with a rising offered load, critical load detected"})
public final class RampStudy extends PacketStudy {
    /** The mode's word. */
    public static final String NAME = "ramp";
    static final List<String> CRITICAL_LOAD_KEYS = List.of("linearFraction", "gradientPoints", "drop");
    /** The injection of a ramp file that names none. */
    static final String DEFAULT_INJECTION = "ramp";
    /** Top-level keys a ramp file may have. */
    static final List<String> KEYS = List.of("name", "description", "mode", "topology", "hardware", "network", "kernel",
            "traffic", "schemes", "baseline", "maxCycles", "series", "criticalLoad", "statistics", "deadlockCycles", "seeds",
            "executor", "outputs", "provenance");
    /** Keys that only a steady experiment uses. */
    static final List<String> STEADY_ONLY = List.of("loads", "warmup", "measure", "drain", "saturationCheck",
            "measuredPackets");

    /** Metric names of the mode. */
    static final String CRITICAL_LOAD = "critical.load";
    static final String CRITICAL_THROUGHPUT = "critical.throughput";
    static final String CRITICAL_LINEAR_GRADIENT = "critical.linearGradient";
    static final String THROUGHPUT_PEAK = "throughput.peak";
    static final String THROUGHPUT_PEAK_LOAD = "throughput.peakLoad";
    static final String RAMP_WINDOWS = "ramp.windows";
    static final String RAMP_FINAL_LOAD = "ramp.finalLoad";
    static final String IN_FLIGHT_END = "inFlight.end";
    static final String PACKETS_GENERATED = "packets.generated";
    static final String PACKETS_DELIVERED = "packets.delivered";
    private static final String RATE = "flits/node/cycle";

    /** The report's columns per pattern. */
    static final List<ReportColumn> COLUMNS = List.of(new ReportColumn("critical.load", "critical load"),
            new ReportColumn("critical.throughput", "throughput there"),
            new ReportColumn("critical.linearGradient", "linear gradient"),
            new ReportColumn("throughput.peak", "peak throughput"), new ReportColumn("throughput.peakLoad", "at load"),
            new ReportColumn("ramp.windows", "windows"), new ReportColumn("packets.generated", "generated"),
            new ReportColumn("packets.delivered", "delivered"), new ReportColumn("sim.cycles", "cycles"),
            new ReportColumn("sim.wallSeconds", "wall s"));

    /**
     * What a ramp file alone gives ({@link ExperimentSpec#modeSettings()}).
     *
     * @param window cycles per window of the series ({@code series.window})
     * @param smoothing points of the moving average ({@code series.smoothing})
     * @param criticalLoad the knee detector's settings ({@code criticalLoad})
     */
    public record Ramp(int window, int smoothing, CriticalLoadDetector.Settings criticalLoad) {
    }

    /** The ramp settings of a ramp experiment. */
    static Ramp of(ExperimentSpec spec) {
        return (Ramp) spec.modeSettings();
    }

    @Override
    public Map<String, Object> defaults() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("series.window", WindowedSeriesCollector.DEFAULT_WINDOW);
        d.put("series.smoothing", MovingAverage.DEFAULT_POINTS);
        d.put("criticalLoad.linearFraction", CriticalLoadDetector.Settings.DEFAULT_LINEAR_FRACTION);
        d.put("criticalLoad.gradientPoints", CriticalLoadDetector.Settings.DEFAULT_GRADIENT_POINTS);
        d.put("criticalLoad.drop", CriticalLoadDetector.Settings.DEFAULT_DROP);
        return d;
    }

    @Override
    public String description() {
        return "ramp load";
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
        for (String k : STEADY_ONLY) {
            if (root.has(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode ramp (the ramp injection offers the load and a "
                        + "point ends with the ramp); remove it");
            }
        }
    }

    @Override
    void readOwn(ExperimentDocument doc, ObjectNode root, List<SchemeSpec> schemes, Settings s) {
        s.maxCycles = maxCycles(doc, root);
        s.baseline = baseline(doc, root, schemes, NAME);
        SeriesKeys series = series(doc, root, NAME, List.of("window", "smoothing"), "collective");
        CriticalLoadDetector.Settings criticalLoad = CriticalLoadDetector.Settings.DEFAULT;
        JsonNode cl = root.get("criticalLoad");
        if (cl != null && !cl.isNull()) {
            if (!cl.isObject()) {
                throw doc.error("criticalLoad", "criticalLoad must be a mapping such as {linearFraction: 0.1, "
                        + "gradientPoints: 1000, drop: 0.1}");
            }
            SpecReader.checkKeys(doc, (ObjectNode) cl, "criticalLoad", CRITICAL_LOAD_KEYS);
            double linear = cl.has("linearFraction") ? SpecReader.number(doc, cl.get("linearFraction"), "criticalLoad.linearFraction")
                    : criticalLoad.linearFraction();
            long points = SpecReader.bounded(doc, cl, "gradientPoints", "criticalLoad.gradientPoints",
                    criticalLoad.gradientPoints(), 2, 1_000_000_000);
            double drop = cl.has("drop") ? SpecReader.number(doc, cl.get("drop"), "criticalLoad.drop") : criticalLoad.drop();
            if (!(linear > 0 && linear < 1)) {
                throw doc.error("criticalLoad.linearFraction", "criticalLoad.linearFraction = " + linear
                        + "; use a fraction of the curve strictly between 0 and 1, e.g. 0.1");
            }
            if (!(drop > 0 && drop < 1)) {
                throw doc.error("criticalLoad.drop", "criticalLoad.drop = " + drop
                        + "; use a relative fall strictly between 0 and 1, e.g. 0.1 for 10%");
            }
            criticalLoad = new CriticalLoadDetector.Settings(linear, (int) points, drop);
        }
        s.own = new Ramp(series.window(), series.smoothing(), criticalLoad);
    }

    /**
     * The injection must offer load for the ramp to end: the cycle its load returns to zero is
     * the point's expected length.
     */
    @Override
    void checkRun(SweepPlan plan) {
        BoundProvider injection = plan.injectionProvider();
        InjectionProcess probe = ProviderBinding.build(plan.document(), injection, () -> injection.injection(
                plan.topology().nodes(), new OfferedLoad(0.0, plan.packetFlits(), Long.MAX_VALUE)));
        long rampEnd = rampEnd(probe, plan.spec().maxCycles());
        if (rampEnd < 0) {
            throw plan.document().error(plan.spec().injection().path(), "mode ramp: " + injection.describe()
                    + " offers no load (its offered load is 0 at cycles 1, 2, 4, ... up to maxCycles); use the injection"
                    + " ramp with a slope > 0");
        }
        plan.expectCycles(rampEnd);
        String end = SteadyStudy.grouped(rampEnd);
        plan.phases(cycle -> cycle < rampEnd ? "ramp to cycle " + end : "past the ramp's end at cycle " + end);
    }

    /**
     * The first cycle at which the offered load of a ramp is back to zero after having been
     * positive, searched at cycles 1, 2, 4, ... and then by bisection (so the load must be
     * positive on one interval, as a ramp's is); {@code maxCycles} when it is still positive
     * there; -1 when it is never positive at a power of two below {@code maxCycles}.
     */
    static long rampEnd(InjectionProcess process, long maxCycles) {
        long lo = 1;
        while (lo < maxCycles && !(process.offeredLoad(lo) > 0)) {
            lo *= 2;
        }
        if (lo >= maxCycles) {
            return -1;
        }
        long hi = lo;
        while (hi < maxCycles && process.offeredLoad(hi) > 0) {
            lo = hi;
            hi = hi * 2;
        }
        if (hi >= maxCycles) {
            if (process.offeredLoad(maxCycles - 1) > 0) {
                return maxCycles;
            }
            hi = maxCycles - 1;
        }
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (process.offeredLoad(mid) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    @Override
    PointMeasurement measurement(SweepPlan plan, StudyPoint point) {
        return new Measurement(plan.spec());
    }

    /** Windowed series of the run; the point ends with the ramp. */
    private static final class Measurement extends PointMeasurement {
        private final ExperimentSpec spec;
        private WindowedSeriesCollector windowed;
        /** With an active throttle: the sources it held back per window; else null. */
        private HeldSeries held;

        Measurement(ExperimentSpec spec) {
            this.spec = spec;
        }

        @Override
        NetworkObserver observer(int nodes, PointTraffic.Traffic traffic) {
            InjectionProcess injection = traffic.injection();
            windowed = new WindowedSeriesCollector(nodes, of(spec).window(), injection::offeredLoad);
            return CompositeObserver.of(counts, windowed);
        }

        @Override
        PointRun run(NetworkModel network, SpaceTimeRecorder recorder, SweepPlan.Assembly assembly) {
            NetworkObserver sampled = windowed;
            if (network.throttleHeldCycles() >= 0) {
                held = new HeldSeries(network, of(spec).window());
                sampled = CompositeObserver.of(windowed, held);
            }
            return new RampRun(network, cycleObserver(sampled, recorder), assembly.injection(), of(spec).window(),
                    spec.maxCycles());
        }

        @Override
        Outcome outcome(PointRun model, long end, NetworkModel network, SweepPlan.Assembly assembly) {
            List<Metric> metrics = new ArrayList<>();
            long generated = generated();
            long delivered = delivered();
            SeriesTable series = rampSeries(spec, windowed, held == null ? null : held.held(), metrics);
            metrics.add(new Metric(PACKETS_GENERATED, generated, "packets", "packets generated during the run"));
            metrics.add(new Metric(PACKETS_DELIVERED, delivered, "packets", "packets delivered during the run"));
            metrics.add(new Metric(IN_FLIGHT_END, generated - delivered, "packets",
                    "packets generated and not delivered when the run ended"));
            String endNote = switch (model.end()) {
                case RAMP_END -> "the ramp ended (offered load back to 0) at cycle " + end;
                case NETWORK_DONE, MEASURED -> "generation stopped and every packet delivered";
                case LIMIT -> "maxCycles = " + spec.maxCycles() + " reached before the ramp ended";
                case SATURATED -> throw new IllegalStateException("a ramp point ended by a steady saturation check");
            };
            return new Outcome(metrics, PointSimulation.OK, endNote, series, null, null);
        }
    }

    /**
     * The ramp's series (raw and smoothed) and its metrics: the critical load from the smoothed
     * throughput against the smoothed offered load (docs/studies/spth.md), the peak throughput; with
     * {@code held} (an active throttle's {@link HeldSeries}, else null) the column {@link PointArtefacts#HELD}.
     */
    static SeriesTable rampSeries(ExperimentSpec spec, WindowedSeriesCollector w, double[] held, List<Metric> metrics) {
        double[] offered = w.offeredLoad();
        double[] throughput = w.throughput();
        double[] latency = w.averageLatency();
        double[] offeredSmooth = MovingAverage.smooth(offered, of(spec).smoothing());
        double[] throughputSmooth = MovingAverage.smooth(throughput, of(spec).smoothing());
        double[] latencySmooth = MovingAverage.smooth(latency, of(spec).smoothing());
        CriticalLoadDetector.Result knee = CriticalLoadDetector.detect(offeredSmooth, throughputSmooth,
                of(spec).criticalLoad());
        int peak = -1;
        for (int i = 0; i < throughputSmooth.length; i++) {
            if (Double.isFinite(throughputSmooth[i]) && (peak < 0 || throughputSmooth[i] > throughputSmooth[peak])) {
                peak = i;
            }
        }
        metrics.add(new Metric(CRITICAL_LOAD, knee.load(), RATE, "offered load at which the gradient of the smoothed "
                + "throughput against the offered load first falls by " + StudyPoint.format(of(spec).criticalLoad().drop())
                + " below its linear-region value (NaN: never)"));
        metrics.add(new Metric(CRITICAL_THROUGHPUT, knee.throughput(), RATE, "smoothed throughput at the critical load"));
        metrics.add(new Metric(CRITICAL_LINEAR_GRADIENT, knee.linearGradient(), "1",
                "gradient of throughput against offered load in the linear region"));
        metrics.add(new Metric(THROUGHPUT_PEAK, peak < 0 ? Double.NaN : throughputSmooth[peak], RATE,
                "largest smoothed throughput"));
        metrics.add(new Metric(THROUGHPUT_PEAK_LOAD, peak < 0 ? Double.NaN : offeredSmooth[peak], RATE,
                "smoothed offered load where the throughput peaks"));
        metrics.add(new Metric(RAMP_WINDOWS, offered.length, "windows", "complete windows of "
                + of(spec).window() + " cycles"));
        metrics.add(new Metric(RAMP_FINAL_LOAD, offered.length == 0 ? Double.NaN : offered[offered.length - 1], RATE,
                "offered load of the last window"));
        List<String> names = new ArrayList<>(List.of(PointArtefacts.WINDOW_START, PointArtefacts.OFFERED,
                PointArtefacts.GENERATED, PointArtefacts.PACKETS, PointArtefacts.FLITS, PointArtefacts.THROUGHPUT,
                PointArtefacts.LATENCY, PointArtefacts.OFFERED_SMOOTH, PointArtefacts.THROUGHPUT_SMOOTH,
                PointArtefacts.LATENCY_SMOOTH));
        List<double[]> columns = new ArrayList<>(List.of(PointMeasurement.toDouble(w.windowStarts()), offered,
                w.generatedLoad(), PointMeasurement.toDouble(w.receivedPackets()),
                PointMeasurement.toDouble(w.receivedFlits()), throughput, latency, offeredSmooth, throughputSmooth,
                latencySmooth));
        if (held != null) {
            // one value per complete window; NaN for one without a sample (closed by a later event)
            double[] column = Arrays.copyOf(held, offered.length);
            Arrays.fill(column, Math.min(held.length, column.length), column.length, Double.NaN);
            names.add(PointArtefacts.HELD);
            columns.add(column);
        }
        return new SeriesTable(names, columns);
    }

    // ------------------------------------------------------------------ resolved form, summary, results

    @Override
    void writeOwnKeys(ExperimentSpec spec, ObjectNode r) {
        r.put("mode", NAME);
        r.put("baseline", spec.baseline());
        r.put("maxCycles", spec.maxCycles());
        ObjectNode series = r.putObject("series");
        series.put("window", of(spec).window());
        series.put("smoothing", of(spec).smoothing());
        ObjectNode cl = r.putObject("criticalLoad");
        cl.put("linearFraction", of(spec).criticalLoad().linearFraction());
        cl.put("gradientPoints", of(spec).criticalLoad().gradientPoints());
        cl.put("drop", of(spec).criticalLoad().drop());
    }

    @Override
    void describeRun(StringBuilder sb, SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        long rampEnd = plan.expectedCycles();
        sb.append("  ramp      offered load returns to 0 at cycle ").append(rampEnd)
                .append(rampEnd >= spec.maxCycles() ? " (maxCycles)" : "").append("; windows of ")
                .append(of(spec).window()).append(" cycles, ").append(of(spec).smoothing())
                .append("-point moving average\n");
        sb.append("  critical  linear region = first ").append(StudyPoint.format(of(spec).criticalLoad().linearFraction()))
                .append(" of the curve, gradient over ").append(of(spec).criticalLoad().gradientPoints())
                .append(" points, drop ").append(StudyPoint.format(of(spec).criticalLoad().drop()))
                .append("; ratios to '").append(spec.baseline()).append("'; seeds ").append(seedText(spec)).append('\n');
    }

    @Override
    public StudyOutputs outputs(SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        return new SeriesOutputs("windows of " + of(spec).window() + " cycles, " + of(spec).smoothing()
                + "-point moving average",
                List.of(new ModeSummary.TableSpec("Critical load", CRITICAL_LOAD, RATE),
                        new ModeSummary.TableSpec("Peak throughput (smoothed)", THROUGHPUT_PEAK, RATE)),
                SeriesCharts::ramp, COLUMNS, "; the series of every point are in series/, their ratios to "
                        + spec.baseline() + " in series/ratios-<pattern>.csv");
    }
}
