package org.fabrica.study.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.CriticalLoadDetector;
import org.fabrica.stats.collectors.HeldSeries;
import org.fabrica.stats.collectors.MovingAverage;
import org.fabrica.stats.collectors.PacketCounts;
import org.fabrica.stats.collectors.WindowedSeriesCollector;
import org.fabrica.sweep.PointResult;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.OfferedLoad;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Mode {@code ramp} (docs/studies/spth.md, the ramp load method): one point per pattern x scheme x
 * seed; the injection (default {@code ramp}) raises the offered load with time and the point ends
 * at the first window boundary at which its offered load is back to zero after having been
 * positive (the ramp's end; packets still queued or in the network then are not waited for, since
 * the curves only cover the ramp), when the network ends by itself, or at {@code maxCycles}.
 * Throughput and latency are measured per window of {@code series.window} cycles, smoothed by a
 * {@code series.smoothing}-point moving average, and the critical load is detected on the smoothed
 * curve ({@code criticalLoad}); ratios refer to the {@code baseline} scheme.
 *
 * <p>Built on the study API alone: the runner's {@link PacketStudies} reads, resolves and describes
 * the packet-simulation part of the file; the mode's own keys are {@code series} and
 * {@code criticalLoad}.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + RampStudy.NAME,
        "fabrica.description=ramp load: one run per point with a rising offered load, critical load detected"})
public final class RampStudy implements StudyMode {
    /** The mode's word. */
    public static final String NAME = "ramp";
    static final List<String> CRITICAL_LOAD_KEYS = List.of("linearFraction", "gradientPoints", "drop");
    /** The injection of a ramp file that names none. */
    static final String DEFAULT_INJECTION = "ramp";
    /** The mode's own top-level keys. */
    static final List<String> OWN_KEYS = List.of("series", "criticalLoad");
    /** The keys of {@code series} in a packet file: this mode's window and smoothing, the collective mode's in-flight sampling. */
    static final List<String> SERIES_KEYS = List.of("window", "smoothing", "inFlightWindow");
    /** The keys of {@code series} this mode reads. */
    static final List<String> OWN_SERIES_KEYS = List.of("window", "smoothing");
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
    static final List<StudyOutputs.Column> COLUMNS = List.of(
            new StudyOutputs.Column("critical.load", "critical load"),
            new StudyOutputs.Column("critical.throughput", "throughput there"),
            new StudyOutputs.Column("critical.linearGradient", "linear gradient"),
            new StudyOutputs.Column("throughput.peak", "peak throughput"),
            new StudyOutputs.Column("throughput.peakLoad", "at load"),
            new StudyOutputs.Column("ramp.windows", "windows"),
            new StudyOutputs.Column("packets.generated", "generated"),
            new StudyOutputs.Column("packets.delivered", "delivered"),
            new StudyOutputs.Column("sim.cycles", "cycles"),
            new StudyOutputs.Column("sim.wallSeconds", "wall s"));

    /**
     * What a ramp file alone gives ({@link StudySpec#settings(Class)}).
     *
     * @param window cycles per window of the series ({@code series.window})
     * @param smoothing points of the moving average ({@code series.smoothing})
     * @param criticalLoad the knee detector's settings ({@code criticalLoad})
     */
    public record Ramp(int window, int smoothing, CriticalLoadDetector.Settings criticalLoad) {
    }

    private final PacketStudies packets;

    /** @param packets the runner's reading, resolution and description of packet-simulation files */
    @Activate
    public RampStudy(@Reference PacketStudies packets) {
        this.packets = packets;
    }

    /** The ramp settings of a ramp experiment. */
    static Ramp of(StudySpec spec) {
        return spec.settings(Ramp.class);
    }

    @Override
    public Class<RampSettings> settingsType() {
        return RampSettings.class;
    }

    @Override
    public String description() {
        return "ramp load";
    }

    @Override
    public List<String> keys() {
        return packets.keys(OWN_KEYS);
    }

    /**
     * The steady keys are refused first, with the reason; then the file is read in order, the
     * mode's own keys after the schemes.
     */
    @Override
    public StudySpec read(StudyFile file, String name, String description) {
        ObjectNode root = file.root();
        for (String k : STEADY_ONLY) {
            if (root.has(k)) {
                throw file.keyError(k, "'" + k + "' is not used in mode ramp (the ramp injection offers the load and a "
                        + "point ends with the ramp); remove it");
            }
        }
        return packets.read(file, name, description, this, PacketStudies.Options.reading(NAME, DEFAULT_INJECTION,
                f -> new PacketStudies.Own(new Ramp(window(f, f.root(), "window", WindowedSeriesCollector.DEFAULT_WINDOW),
                        window(f, f.root(), "smoothing", MovingAverage.DEFAULT_POINTS), criticalLoad(f, f.root())), 0)));
    }

    /**
     * {@code series.<key>} ({@code window} or {@code smoothing}), {@code def} when not given; the
     * collective mode's series key is refused, naming it.
     */
    static int window(StudyFile file, ObjectNode root, String key, int def) {
        JsonNode series = root.get("series");
        if (series == null || series.isNull()) {
            return def;
        }
        if (!series.isObject()) {
            throw file.error("series", "series must be a mapping such as {window: 100, smoothing: 200}");
        }
        SpecReader.checkKeys(file, (ObjectNode) series, "series", SERIES_KEYS);
        for (String k : SERIES_KEYS) {
            if (series.has(k) && !OWN_SERIES_KEYS.contains(k)) {
                throw file.keyError("series." + k, "series." + k + " is not used in mode " + NAME
                        + " (it applies to mode collective); remove it");
            }
        }
        return (int) SpecReader.bounded(file, series, key, "series." + key, def, 1, 1_000_000_000);
    }

    /** {@code criticalLoad}: the knee detector's settings, the defaults for what is not given. */
    static CriticalLoadDetector.Settings criticalLoad(StudyFile file, ObjectNode root) {
        CriticalLoadDetector.Settings criticalLoad = CriticalLoadDetector.Settings.DEFAULT;
        JsonNode cl = root.get("criticalLoad");
        if (cl == null || cl.isNull()) {
            return criticalLoad;
        }
        if (!cl.isObject()) {
            throw file.error("criticalLoad", "criticalLoad must be a mapping such as {linearFraction: 0.1, "
                    + "gradientPoints: 1000, drop: 0.1}");
        }
        SpecReader.checkKeys(file, (ObjectNode) cl, "criticalLoad", CRITICAL_LOAD_KEYS);
        double linear = cl.has("linearFraction") ? SpecReader.number(file, cl.get("linearFraction"),
                "criticalLoad.linearFraction") : criticalLoad.linearFraction();
        long points = SpecReader.bounded(file, cl, "gradientPoints", "criticalLoad.gradientPoints",
                criticalLoad.gradientPoints(), 2, 1_000_000_000);
        double drop = cl.has("drop") ? SpecReader.number(file, cl.get("drop"), "criticalLoad.drop") : criticalLoad.drop();
        if (!(linear > 0 && linear < 1)) {
            throw file.error("criticalLoad.linearFraction", "criticalLoad.linearFraction = " + linear
                    + "; use a fraction of the curve strictly between 0 and 1, e.g. 0.1");
        }
        if (!(drop > 0 && drop < 1)) {
            throw file.error("criticalLoad.drop", "criticalLoad.drop = " + drop
                    + "; use a relative fall strictly between 0 and 1, e.g. 0.1 for 10%");
        }
        return new CriticalLoadDetector.Settings(linear, (int) points, drop);
    }

    /**
     * The packet-simulation resolution; then the injection must offer load for the ramp to end: the
     * cycle its load returns to zero is the point's expected length.
     */
    @Override
    public StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
        StudyPlan plan = packets.resolve(file, spec, providers);
        StudyProvider injection = packets.injection(plan);
        @SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
        InjectionProcess probe = injection.factory(InjectionProcessFactory.class).create(plan.topology().nodes(),
                new OfferedLoad(0.0, plan.packetFlits(), Long.MAX_VALUE), injection.parameters());
        long rampEnd = rampEnd(probe, spec.maxCycles());
        if (rampEnd < 0) {
            throw file.error(injection.choice().path(), "mode ramp: " + injection.describe()
                    + " offers no load (its offered load is 0 at cycles 1, 2, 4, ... up to maxCycles); use the injection"
                    + " ramp with a slope > 0");
        }
        String end = String.format(Locale.ROOT, "%,d", rampEnd);
        packets.expect(plan, rampEnd, cycle -> cycle < rampEnd ? "ramp to cycle " + end
                : "past the ramp's end at cycle " + end);
        return plan;
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
    public List<StudyPoint> points(StudySpec spec) {
        return packets.pointsPerSeed(spec, NAME);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return NAME;
    }

    @Override
    public PointResult run(StudyJob job) {
        StudySpec spec = job.plan().spec();
        return job.simulate(new Measurement(of(spec), spec.maxCycles()));
    }

    /**
     * Windowed series of the run; the point ends at the first window boundary at which the offered
     * load is back to zero after having been positive (asked once per window).
     */
    static final class Measurement implements StudyMeasurement {
        private final Ramp own;
        private final int window;
        private final long maxCycles;
        private final PacketCounts counts = new PacketCounts();
        private WindowedSeriesCollector windowed;
        private InjectionProcess injection;
        /** With an active throttle: the sources it held back per window; else null. */
        private HeldSeries held;
        private boolean loaded;

        /** @param maxCycles the spec's {@code maxCycles}, for the end note of a point that reached it */
        Measurement(Ramp own, long maxCycles) {
            this.own = own;
            this.window = own.window();
            this.maxCycles = maxCycles;
        }

        @Override
        public NetworkObserver observer(int nodes) {
            throw new IllegalStateException("a ramp point's collectors need its injection process: observer(nodes, traffic)");
        }

        @Override
        public NetworkObserver observer(int nodes, StudyTraffic.Packets traffic) {
            injection = traffic.injection();
            windowed = new WindowedSeriesCollector(nodes, window, injection::offeredLoad);
            return CompositeObserver.of(counts, windowed);
        }

        /** Its counts see every packet: the runner's accounting check reads them. */
        @Override
        public boolean countsPackets() {
            return true;
        }

        @Override
        public long packetsGenerated() {
            return counts.generated();
        }

        @Override
        public long packetsDelivered() {
            return counts.delivered();
        }

        @Override
        public NetworkObserver cycleObserver(NetworkModel network) {
            if (network.throttleHeldCycles() >= 0) {
                held = new HeldSeries(network, window);
                return CompositeObserver.of(windowed, held);
            }
            return windowed;
        }

        @Override
        public boolean ended(long now) {
            if ((now + 1) % window == 0) {
                boolean offering = injection.offeredLoad(now + 1) > 0;
                if (loaded && !offering) {
                    return true;
                }
                loaded |= offering;
            }
            return false;
        }

        @Override
        public Outcome outcome(long end, End how) {
            List<Metric> metrics = new ArrayList<>();
            long generated = counts.generated();
            long delivered = counts.delivered();
            Table series = rampSeries(own, windowed, held == null ? null : held.held(), metrics);
            metrics.add(new Metric(PACKETS_GENERATED, generated, "packets", "packets generated during the run"));
            metrics.add(new Metric(PACKETS_DELIVERED, delivered, "packets", "packets delivered during the run"));
            metrics.add(new Metric(IN_FLIGHT_END, generated - delivered, "packets",
                    "packets generated and not delivered when the run ended"));
            String endNote = switch (how) {
                case MEASURED -> "the ramp ended (offered load back to 0) at cycle " + end;
                case NETWORK_DONE -> "generation stopped and every packet delivered";
                case LIMIT -> "maxCycles = " + maxCycles + " reached before the ramp ended";
            };
            return new Outcome(metrics, false, endNote, new Tables(series, null, null));
        }
    }

    /**
     * The ramp's series (raw and smoothed) and its metrics: the critical load from the smoothed
     * throughput against the smoothed offered load (docs/studies/spth.md), the peak throughput; with
     * {@code held} (an active throttle's {@link HeldSeries}, else null) the column {@link PointArtefacts#HELD}.
     */
    static StudyMeasurement.Table rampSeries(Ramp own, WindowedSeriesCollector w, double[] held,
            List<Metric> metrics) {
        double[] offered = w.offeredLoad();
        double[] throughput = w.throughput();
        double[] latency = w.averageLatency();
        double[] offeredSmooth = MovingAverage.smooth(offered, own.smoothing());
        double[] throughputSmooth = MovingAverage.smooth(throughput, own.smoothing());
        double[] latencySmooth = MovingAverage.smooth(latency, own.smoothing());
        CriticalLoadDetector.Result knee = CriticalLoadDetector.detect(offeredSmooth, throughputSmooth,
                own.criticalLoad());
        int peak = -1;
        for (int i = 0; i < throughputSmooth.length; i++) {
            if (Double.isFinite(throughputSmooth[i]) && (peak < 0 || throughputSmooth[i] > throughputSmooth[peak])) {
                peak = i;
            }
        }
        metrics.add(new Metric(CRITICAL_LOAD, knee.load(), RATE, "offered load at which the gradient of the smoothed "
                + "throughput against the offered load first falls by " + StudyPoint.format(own.criticalLoad().drop())
                + " below its linear-region value (NaN: never)"));
        metrics.add(new Metric(CRITICAL_THROUGHPUT, knee.throughput(), RATE, "smoothed throughput at the critical load"));
        metrics.add(new Metric(CRITICAL_LINEAR_GRADIENT, knee.linearGradient(), "1",
                "gradient of throughput against offered load in the linear region"));
        metrics.add(new Metric(THROUGHPUT_PEAK, peak < 0 ? Double.NaN : throughputSmooth[peak], RATE,
                "largest smoothed throughput"));
        metrics.add(new Metric(THROUGHPUT_PEAK_LOAD, peak < 0 ? Double.NaN : offeredSmooth[peak], RATE,
                "smoothed offered load where the throughput peaks"));
        metrics.add(new Metric(RAMP_WINDOWS, offered.length, "windows", "complete windows of "
                + own.window() + " cycles"));
        metrics.add(new Metric(RAMP_FINAL_LOAD, offered.length == 0 ? Double.NaN : offered[offered.length - 1], RATE,
                "offered load of the last window"));
        List<String> names = new ArrayList<>(List.of(PointArtefacts.WINDOW_START, PointArtefacts.OFFERED,
                PointArtefacts.GENERATED, PointArtefacts.PACKETS, PointArtefacts.FLITS, PointArtefacts.THROUGHPUT,
                PointArtefacts.LATENCY, PointArtefacts.OFFERED_SMOOTH, PointArtefacts.THROUGHPUT_SMOOTH,
                PointArtefacts.LATENCY_SMOOTH));
        List<double[]> columns = new ArrayList<>(List.of(toDouble(w.windowStarts()), offered,
                w.generatedLoad(), toDouble(w.receivedPackets()),
                toDouble(w.receivedFlits()), throughput, latency, offeredSmooth, throughputSmooth,
                latencySmooth));
        if (held != null) {
            // one value per complete window; NaN for one without a sample (closed by a later event)
            double[] column = Arrays.copyOf(held, offered.length);
            Arrays.fill(column, Math.min(held.length, column.length), column.length, Double.NaN);
            names.add(PointArtefacts.HELD);
            columns.add(column);
        }
        return new StudyMeasurement.Table(names, columns);
    }

    private static double[] toDouble(long[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    // ------------------------------------------------------------------ resolved form, summary, results

    @Override
    public ObjectNode resolved(StudyPlan plan) {
        Ramp own = of(plan.spec());
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ObjectNode series = r.putObject("series");
        series.put("window", own.window());
        series.put("smoothing", own.smoothing());
        ObjectNode cl = r.putObject("criticalLoad");
        cl.put("linearFraction", own.criticalLoad().linearFraction());
        cl.put("gradientPoints", own.criticalLoad().gradientPoints());
        cl.put("drop", own.criticalLoad().drop());
        return packets.resolved(plan, r);
    }

    @Override
    public String summary(StudyPlan plan) {
        StudySpec spec = plan.spec();
        Ramp own = of(spec);
        long rampEnd = plan.expectedCycles();
        return packets.summary(plan, "  ramp      offered load returns to 0 at cycle " + rampEnd
                + (rampEnd >= spec.maxCycles() ? " (maxCycles)" : "") + "; windows of " + own.window() + " cycles, "
                + own.smoothing() + "-point moving average\n"
                + "  critical  linear region = first " + StudyPoint.format(own.criticalLoad().linearFraction())
                + " of the curve, gradient over " + own.criticalLoad().gradientPoints() + " points, drop "
                + StudyPoint.format(own.criticalLoad().drop()) + "; ratios to '" + spec.baseline() + "'; seeds "
                + seedText(spec) + "\n");
    }

    /** The seeds, as the file gives them: once, or per pattern. */
    static String seedText(StudySpec spec) {
        if (!spec.perPatternSeeds()) {
            return spec.seedsOf(0).toString();
        }
        List<String> parts = new ArrayList<>();
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            parts.add(spec.patternLabels().get(p) + " " + spec.seedsOf(p));
        }
        return String.join(", ", parts);
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        StudySpec spec = plan.spec();
        return new StudyOutputs(new StudySummary.Tables(
                List.of(new StudySummary.Table("Critical load", CRITICAL_LOAD, RATE),
                        new StudySummary.Table("Peak throughput (smoothed)", THROUGHPUT_PEAK, RATE)),
                "; the series of every point are in series/, their ratios to " + spec.baseline()
                        + " in series/ratios-<pattern>.csv"),
                List.of(new StudyChart.RampCurves()), COLUMNS, "windows of " + of(spec).window() + " cycles, "
                        + of(spec).smoothing() + "-point moving average");
    }
}
