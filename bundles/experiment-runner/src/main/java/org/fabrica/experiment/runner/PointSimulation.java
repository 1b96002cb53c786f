package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.NetworkModel;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.experiment.runner.results.PointArtefacts;
import org.fabrica.experiment.runner.results.SeriesTable;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CollectiveDurationCollector;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.CriticalLoadDetector;
import org.fabrica.stats.collectors.InFlightSeries;
import org.fabrica.stats.collectors.MovingAverage;
import org.fabrica.stats.collectors.SpaceTimeChart;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.stats.collectors.SteadyStateCollector;
import org.fabrica.stats.collectors.WindowedSeriesCollector;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.schedule.SchedulePlayback;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * Builds and runs one sweep point: its own instances of every provider (from the factories the
 * plan resolved), its own random streams, the collectors of its mode ({@link SteadyStateCollector};
 * {@link WindowedSeriesCollector} for ramp load; {@link CollectiveDurationCollector} and
 * {@link InFlightSeries} for a collective), an optional {@link SpaceTimeRecorder}, and the
 * kernel. Any exception fails only this point, with a message that names the provider it came
 * from (docs/architecture.md, "Hot swap and provider failures": the framework and other runs go on).
 */
final class PointSimulation {
    /** Note keys every result carries. */
    static final String PATTERN = "pattern";
    static final String SCHEME = "scheme";
    static final String LOAD = "load";
    static final String SEED = "seed";
    static final String STATUS = "status";
    static final String SATURATED = "saturated";
    static final String SWAPS = "swaps";
    static final String ROUTING = "routing";
    static final String END = "end";

    /** Values of the {@link #STATUS} note. */
    static final String OK = "ok";
    static final String SATURATED_STATUS = "saturated";

    /**
     * A steady point whose accepted throughput is below this fraction of its offered load (both
     * measured in the window) is saturated even if its measured packets drained in time: the
     * network does not carry what is offered, so the source queues grow without bound.
     */
    static final double SATURATION_ACCEPTED_RATIO = 0.95;
    static final String FAILED = "failed";
    static final String STOPPED = "stopped";

    /** Metric names of the ramp and collective modes. */
    static final String CRITICAL_LOAD = "critical.load";
    static final String CRITICAL_THROUGHPUT = "critical.throughput";
    static final String CRITICAL_LINEAR_GRADIENT = "critical.linearGradient";
    static final String THROUGHPUT_PEAK = "throughput.peak";
    static final String THROUGHPUT_PEAK_LOAD = "throughput.peakLoad";
    static final String RAMP_WINDOWS = "ramp.windows";
    static final String RAMP_FINAL_LOAD = "ramp.finalLoad";
    static final String IN_FLIGHT_MAX = "inFlight.max";
    static final String IN_FLIGHT_END = "inFlight.end";
    static final String PACKETS_GENERATED = "packets.generated";
    static final String PACKETS_DELIVERED = "packets.delivered";

    private static final String RATE = "flits/node/cycle";

    private final SweepPlan plan;
    private final PointPlan point;
    private final PointControl control;
    private final List<String> swaps = new ArrayList<>();
    /** Package of provider code -> provider description, most specific first, for blame. */
    private final Map<String, String> culprits = new LinkedHashMap<>();
    private SweepPlan.Assembly assembly;
    private PointRun model;
    private String routingName;
    private String routingBundle;
    private PointArtefacts artefacts;

    PointSimulation(SweepPlan plan, PointPlan point, PointControl control) {
        this.plan = plan;
        this.point = point;
        this.control = control;
    }

    PointControl control() {
        return control;
    }

    /** Series and charts of the finished point, for the results store; null when it produced none. */
    PointArtefacts artefacts() {
        return artefacts;
    }

    /** Counts every packet event, for the accounting check of the modes without a steady collector. */
    static final class EventCounts implements NetworkObserver {
        long generated;
        long delivered;

        @Override
        public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
            generated++;
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long delivered, int hops) {
            this.delivered++;
        }
    }

    /** Runs the point to its end; never throws. */
    PointResult run() {
        long start = System.nanoTime();
        SweepPoint sp = point.sweepPoint(plan.experimentId());
        SweepPlan.BoundScheme scheme = plan.schemes().get(point.scheme());
        routingName = scheme.routing().provider().name();
        routingBundle = scheme.routing().provider().bundle() + " " + scheme.routing().provider().version();
        ExperimentSpec spec = plan.spec();
        int nodes = plan.topology().nodes();
        try {
            ModeCollectors c = new ModeCollectors();
            assembly = plan.assemble(point, (injection, playback) -> c.create(spec, nodes, injection, playback));
            learnCulprits(scheme);
            NetworkModel network = assembly.network();
            control.attach(network);
            SpaceTimeRecorder recorder = plan.spaceTimeLines() == null ? null
                    : new SpaceTimeRecorder(network.buffers(), plan.spaceTimeLines(), spec.spaceTime());
            model = switch (spec.mode()) {
                case STEADY -> new MeasuredRun(network, c.steady, cycleObserver(c.steady, recorder), plan.maxCycles());
                case RAMP -> new RampRun(network, cycleObserver(c.windowed, recorder), assembly.injection(),
                        spec.seriesWindow(), plan.maxCycles());
                case COLLECTIVE, M2N -> new CollectiveRun(network, cycleObserver(c.inFlight, recorder), plan.maxCycles());
                case SCHEDULABILITY -> throw new IllegalStateException("a schedulability point is run by SchedulabilityPoint");
            };
            if (!control.checkpoint(0)) {
                return result(sp, start, List.of(), STOPPED, "stopped before the first cycle");
            }
            long end = assembly.kernel().run(model, 0, control);
            if (model.end() == null) {
                return result(sp, start, List.of(), STOPPED, "stopped at cycle " + end);
            }
            SteadyStateCollector steady = c.steady;
            CollectiveDurationCollector collective = c.collective;
            InFlightSeries inFlight = c.inFlight;
            long generated = steady != null ? steady.totalGenerated() : c.counts.generated;
            long delivered = steady != null ? steady.totalDelivered() : c.counts.delivered;
            checkAccounting(network, generated, delivered);
            double wall = (System.nanoTime() - start - control.pausedNanos()) / 1e9; // paused time excluded
            List<Metric> metrics = new ArrayList<>();
            String status = OK;
            String endNote;
            SeriesTable series = null;
            SeriesTable inFlightTable = null;
            SeriesTable nodeTable = null;
            switch (spec.mode()) {
                case STEADY -> {
                    metrics.addAll(steady.results(end));
                    boolean drainExceeded = model.end() == PointRun.End.LIMIT && !steady.allMeasuredDelivered();
                    boolean saturated = drainExceeded || acceptsTooLittle(metrics);
                    status = saturated ? SATURATED_STATUS : OK;
                    endNote = switch (model.end()) {
                        case MEASURED -> "every measured packet delivered";
                        case NETWORK_DONE, RAMP_END -> "generation stopped and every packet delivered";
                        case LIMIT -> drainExceeded ? "drain limit of " + spec.drain()
                                + " cycles reached with measured packets in flight" : "cycle limit reached";
                    };
                    if (saturated && !drainExceeded) {
                        endNote += "; accepted throughput below " + SATURATION_ACCEPTED_RATIO + " x offered load";
                    }
                }
                case RAMP -> {
                    series = rampSeries(c.windowed, metrics);
                    metrics.add(new Metric(PACKETS_GENERATED, generated, "packets", "packets generated during the run"));
                    metrics.add(new Metric(PACKETS_DELIVERED, delivered, "packets", "packets delivered during the run"));
                    metrics.add(new Metric(IN_FLIGHT_END, generated - delivered, "packets",
                            "packets generated and not delivered when the run ended"));
                    endNote = switch (model.end()) {
                        case RAMP_END -> "the ramp ended (offered load back to 0) at cycle " + end;
                        case NETWORK_DONE, MEASURED -> "generation stopped and every packet delivered";
                        case LIMIT -> "maxCycles = " + plan.maxCycles() + " reached before the ramp ended";
                    };
                }
                case M2N -> {
                    metrics.addAll(collective.results(end));
                    boolean complete = collective.allDelivered() && model.end() == PointRun.End.NETWORK_DONE;
                    m2nMetrics(c.m2n, network, complete, metrics);
                    series = c.m2n.pairSeries();
                    nodeTable = c.m2n.portSeries(plan.router().flitBytes(), plan.router().cycleNanoseconds());
                    status = complete ? OK : SATURATED_STATUS;
                    endNote = complete ? "every packet of the plan delivered; completion at cycle " + c.m2n.completion()
                            : "maxCycles = " + plan.maxCycles() + " reached with " + (generated - delivered)
                                    + " packets in flight";
                }
                default -> {
                    metrics.addAll(collective.results(end));
                    metrics.add(new Metric(IN_FLIGHT_MAX, inFlight.max(), "packets", "largest number of packets in flight"));
                    inFlightTable = new SeriesTable(List.of(PointArtefacts.WINDOW_START, PointArtefacts.IN_FLIGHT),
                            List.of(toDouble(inFlight.cycles()), toDouble(inFlight.inFlight())));
                    nodeTable = nodeTable(collective, nodes);
                    boolean complete = collective.allDelivered() && model.end() == PointRun.End.NETWORK_DONE;
                    status = complete ? OK : SATURATED_STATUS;
                    endNote = complete ? "every packet delivered at cycle " + collective.duration()
                            : "maxCycles = " + plan.maxCycles() + " reached with " + (generated - delivered)
                                    + " packets in flight; no duration";
                }
            }
            if (assembly.routes() != null) {
                metrics.addAll(assembly.routes().metrics());
            }
            metrics.add(new Metric("sim.cycles", end, "cycles", "cycles simulated"));
            metrics.add(new Metric("sim.flitHops", network.flitHops(), "flit hops",
                    "flit traversals of router-to-router and terminal links"));
            metrics.add(new Metric("sim.wallSeconds", wall, "s", "wall time of the simulation"));
            metrics.add(new Metric("sim.routerCyclesPerSecond",
                    wall > 0 ? (double) plan.topology().routers() * end / wall : Double.NaN, "router-cycles/s",
                    "simulated router-cycles per second of wall time"));
            SpaceTimeChart chart = recorder == null ? null : recorder.chart();
            if (series != null || inFlightTable != null || chart != null) {
                artefacts = new PointArtefacts(series, inFlightTable, nodeTable, chart, spec.cellPixels());
            }
            PointResult r = result(sp, start, metrics, status, null);
            r.notes().put(END, endNote);
            return r;
        } catch (ProviderFailure f) {
            return result(sp, start, List.of(), FAILED, f.getMessage());
        } catch (SimulationException e) {
            return result(sp, start, List.of(), FAILED, "cycle " + cycle() + ": " + ProviderFailure.message(e));
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return result(sp, start, List.of(), FAILED, blame(e));
        } catch (OutOfMemoryError e) {
            return result(sp, start, List.of(), FAILED, "out of memory at cycle " + cycle()
                    + "; give the JVM more heap (-Xmx) or run fewer points at once (--threads)");
        } finally {
            control.finish();
        }
    }

    /** The collectors of the point's mode, created once the injection process exists. */
    private static final class ModeCollectors {
        final EventCounts counts = new EventCounts();
        SteadyStateCollector steady;
        WindowedSeriesCollector windowed;
        CollectiveDurationCollector collective;
        InFlightSeries inFlight;
        M2nCollector m2n;

        NetworkObserver create(ExperimentSpec spec, int nodes, InjectionProcess injection, SchedulePlayback playback) {
            switch (spec.mode()) {
                case STEADY -> {
                    steady = new SteadyStateCollector(nodes, spec.warmup(), spec.measure());
                    return steady;
                }
                case RAMP -> {
                    windowed = new WindowedSeriesCollector(nodes, spec.seriesWindow(), injection::offeredLoad);
                    return CompositeObserver.of(counts, windowed);
                }
                case M2N -> {
                    collective = new CollectiveDurationCollector(nodes);
                    inFlight = new InFlightSeries(spec.inFlightWindow());
                    m2n = new M2nCollector(nodes, playback.pacing().packetFlits(), playback.plan(), playback,
                            spec.m2n().pairs());
                    // the playback learns deliveries for its barriers (docs/studies/rapidio-m2n.md,
                    // "M > N: hierarchical schedule")
                    return CompositeObserver.of(counts, collective, inFlight, m2n, playback.observer());
                }
                default -> {
                    collective = new CollectiveDurationCollector(nodes);
                    inFlight = new InFlightSeries(spec.inFlightWindow());
                    return CompositeObserver.of(counts, collective, inFlight);
                }
            }
        }
    }

    /** Metric names of mode m2n. */
    static final String M2N_COMPLETION = "m2n.completion";
    static final String M2N_COMPLETION_US = "m2n.completionMicros";
    static final String M2N_LATENCY_MAX = "m2n.latency.max";
    static final String M2N_LATENCY_MAX_US = "m2n.latency.maxMicros";
    static final String M2N_LATENCY_MEAN = "m2n.latency.mean";
    static final String M2N_CONTENTION_LINK = "m2n.contention.link";
    static final String M2N_CONTENTION_ENDPOINT = "m2n.contention.endpoint";
    static final String M2N_CONTENTION_WAIT = "m2n.contention.waitCycles";
    static final String M2N_PACKETS = "m2n.packets";
    static final String M2N_PACKET_FLITS = "m2n.packetFlits";
    static final String M2N_ROUNDS = "m2n.rounds";
    static final String M2N_TRANSACTIONS = "m2n.transactions";
    static final String M2N_PORT_GBPS_MAX = "m2n.port.receiveGbps.max";

    /**
     * Mode m2n's metrics (docs/studies/rapidio-m2n.md, "Report for each scheme"): completion time in
     * cycles and microseconds, packet latencies (both include the hardware's endpoint send and
     * receive overhead, which the network adds to every packet), the network's contention counters.
     */
    private void m2nMetrics(M2nCollector m, NetworkModel network, boolean complete, List<Metric> metrics) {
        double ns = plan.router().cycleNanoseconds();
        long completion = m.completion();
        metrics.add(new Metric(M2N_COMPLETION, complete ? completion : Double.NaN, "cycles",
                "cycle after the last packet's delivery (the communication starts at cycle 0)"));
        metrics.add(new Metric(M2N_COMPLETION_US, complete ? completion * ns / 1000 : Double.NaN, "us",
                "completion time in microseconds (" + ExperimentSpec.format(ns) + " ns cycles)"));
        metrics.add(new Metric(M2N_LATENCY_MAX, m.maxLatency() < 0 ? Double.NaN : m.maxLatency(), "cycles",
                "largest packet latency, generation to delivery (source queueing and endpoint overheads included)"));
        metrics.add(new Metric(M2N_LATENCY_MAX_US, m.maxLatency() < 0 ? Double.NaN : m.maxLatency() * ns / 1000, "us",
                "largest packet latency in microseconds"));
        metrics.add(new Metric(M2N_LATENCY_MEAN, m.meanLatency(), "cycles", "mean packet latency"));
        boolean counted = network.countsContention();
        metrics.add(new Metric(M2N_CONTENTION_LINK, counted ? network.contentionEvents() : Double.NaN, "events",
                "link and switch-port contention events (a packet waiting for an output held by another flow)"));
        metrics.add(new Metric(M2N_CONTENTION_ENDPOINT, counted ? network.endpointContentionEvents() : Double.NaN,
                "events", "endpoint contention events (a packet waiting for a terminal output held by another flow)"));
        metrics.add(new Metric(M2N_CONTENTION_WAIT, counted ? network.contentionWaitCycles() : Double.NaN, "cycles",
                "cycles packets waited in contention events"));
        metrics.add(new Metric(M2N_PORT_GBPS_MAX, m.maxReceiveGbps(plan.router().flitBytes(), ns), "Gbps",
                "highest receive rate of an end-node port while it received (wire data, headers included)"));
        SweepPlan.Assembly a = assembly;
        metrics.add(new Metric(M2N_PACKETS, a.playback().packets(), "packets", "packets the plan sends"));
        metrics.add(new Metric(M2N_PACKET_FLITS, plan.packetFlits(), "flits", "flits of every packet"));
        metrics.add(new Metric(M2N_ROUNDS, a.plan().roundCount(), "rounds", "rounds of the plan"));
        metrics.add(new Metric(M2N_TRANSACTIONS, a.plan().transactions().size(), "transactions",
                "transactions of the plan (separated by barriers)"));
        if (m.duplicates() > 0) {
            throw new SimulationException(plan.networkProvider().describe() + ": " + m.duplicates()
                    + " packets of the recorded pairs were delivered twice");
        }
    }

    private static NetworkObserver cycleObserver(NetworkObserver collector, SpaceTimeRecorder recorder) {
        return recorder == null ? collector : CompositeObserver.of(collector, recorder);
    }

    /**
     * The ramp's series (raw and smoothed) and its metrics: the critical load from the smoothed
     * throughput against the smoothed offered load (docs/studies/spth.md), the peak throughput.
     */
    private SeriesTable rampSeries(WindowedSeriesCollector w, List<Metric> metrics) {
        ExperimentSpec spec = plan.spec();
        double[] offered = w.offeredLoad();
        double[] throughput = w.throughput();
        double[] latency = w.averageLatency();
        double[] offeredSmooth = MovingAverage.smooth(offered, spec.smoothing());
        double[] throughputSmooth = MovingAverage.smooth(throughput, spec.smoothing());
        double[] latencySmooth = MovingAverage.smooth(latency, spec.smoothing());
        CriticalLoadDetector.Result knee = CriticalLoadDetector.detect(offeredSmooth, throughputSmooth,
                spec.criticalLoad());
        int peak = -1;
        for (int i = 0; i < throughputSmooth.length; i++) {
            if (Double.isFinite(throughputSmooth[i]) && (peak < 0 || throughputSmooth[i] > throughputSmooth[peak])) {
                peak = i;
            }
        }
        metrics.add(new Metric(CRITICAL_LOAD, knee.load(), RATE, "offered load at which the gradient of the smoothed "
                + "throughput against the offered load first falls by " + ExperimentSpec.format(spec.criticalLoad().drop())
                + " below its linear-region value (NaN: never)"));
        metrics.add(new Metric(CRITICAL_THROUGHPUT, knee.throughput(), RATE, "smoothed throughput at the critical load"));
        metrics.add(new Metric(CRITICAL_LINEAR_GRADIENT, knee.linearGradient(), "1",
                "gradient of throughput against offered load in the linear region"));
        metrics.add(new Metric(THROUGHPUT_PEAK, peak < 0 ? Double.NaN : throughputSmooth[peak], RATE,
                "largest smoothed throughput"));
        metrics.add(new Metric(THROUGHPUT_PEAK_LOAD, peak < 0 ? Double.NaN : offeredSmooth[peak], RATE,
                "smoothed offered load where the throughput peaks"));
        metrics.add(new Metric(RAMP_WINDOWS, offered.length, "windows", "complete windows of "
                + spec.seriesWindow() + " cycles"));
        metrics.add(new Metric(RAMP_FINAL_LOAD, offered.length == 0 ? Double.NaN : offered[offered.length - 1], RATE,
                "offered load of the last window"));
        return new SeriesTable(List.of(PointArtefacts.WINDOW_START, PointArtefacts.OFFERED, PointArtefacts.GENERATED,
                PointArtefacts.PACKETS, PointArtefacts.FLITS, PointArtefacts.THROUGHPUT, PointArtefacts.LATENCY,
                PointArtefacts.OFFERED_SMOOTH, PointArtefacts.THROUGHPUT_SMOOTH, PointArtefacts.LATENCY_SMOOTH),
                List.of(toDouble(w.windowStarts()), offered, w.generatedLoad(), toDouble(w.receivedPackets()),
                        toDouble(w.receivedFlits()), throughput, latency, offeredSmooth, throughputSmooth,
                        latencySmooth));
    }

    private static SeriesTable nodeTable(CollectiveDurationCollector c, int nodes) {
        double[] node = new double[nodes];
        for (int n = 0; n < nodes; n++) {
            node[n] = n;
        }
        return new SeriesTable(List.of("node", "sent", "received", "lastSentDelivered", "lastArrival"),
                List.of(node, toDouble(c.packetsSent()), toDouble(c.packetsReceived()), noneAsNaN(c.nodeDurations()),
                        noneAsNaN(c.lastArrivals())));
    }

    private static double[] toDouble(long[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    private static double[] noneAsNaN(long[] v) {
        double[] out = toDouble(v);
        for (int i = 0; i < out.length; i++) {
            if (v[i] < 0) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }

    private long cycle() {
        return model == null ? 0 : Math.max(0, model.current);
    }

    private PointResult result(SweepPoint sp, long start, List<Metric> metrics, String status, String failure) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PATTERN, plan.spec().patternLabels().get(point.pattern()));
        notes.put(SCHEME, plan.schemes().get(point.scheme()).label());
        notes.put(LOAD, point.loadNote(plan.spec().mode()));
        notes.put(SEED, Long.toString(point.seed()));
        notes.put(STATUS, status);
        notes.put(SATURATED, Boolean.toString(SATURATED_STATUS.equals(status)));
        notes.put(ROUTING, routingName + " (" + routingBundle + ")");
        synchronized (swaps) {
            notes.put(SWAPS, String.join("; ", swaps));
        }
        long wallMillis = (System.nanoTime() - start - control.pausedNanos()) / 1_000_000;
        return new PointResult(sp, List.copyOf(metrics), notes, failure, wallMillis);
    }

    /** Every generated packet is delivered or still in flight, and the observer saw the same counts. */
    private void checkAccounting(NetworkModel network, long observedGenerated, long observedDelivered) {
        long g = network.generated();
        long d = network.delivered();
        long f = network.inFlight();
        if (g != d + f || observedGenerated != g || observedDelivered != d) {
            throw new SimulationException(plan.networkProvider().describe() + ": packet accounting broken: the model counts "
                    + g + " generated, " + d + " delivered, " + f + " in flight; its observer events count "
                    + observedGenerated + " generated, " + observedDelivered
                    + " delivered (every packet must be delivered exactly once)");
        }
    }

    private static boolean acceptsTooLittle(List<Metric> metrics) {
        double offered = Double.NaN;
        double accepted = Double.NaN;
        for (Metric m : metrics) {
            if (m.name().equals(SteadyStateCollector.OFFERED)) {
                offered = m.value();
            } else if (m.name().equals(SteadyStateCollector.ACCEPTED)) {
                accepted = m.value();
            }
        }
        return offered > 0 && accepted < SATURATION_ACCEPTED_RATIO * offered;
    }

    // ------------------------------------------------------------------ swap

    /**
     * Replaces the routing algorithm of the paused point, on its own thread, and records it.
     *
     * @return the record, {@code swap: cycle C, routing 'old' (bundle version) -> 'new' (bundle version)}
     */
    /** {@code  with a=1, b=x}: every parameter value of a swapped-in provider, defaults included. */
    static String withValues(Map<String, Object> values) {
        if (values == null || values.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" with ");
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Object v = e.getValue();
            sb.append(sb.length() > 6 ? ", " : "").append(e.getKey()).append('=')
                    .append(v != null && v.getClass().isArray() ? java.util.Arrays.deepToString(new Object[] {v})
                            .replaceAll("^\\[|\\]$", "") : String.valueOf(v));
        }
        return sb.toString();
    }

    String swapRouting(BoundProvider routing) throws InterruptedException {
        return control.onSimulationThread(() -> {
            if (assembly == null) {
                throw new ExperimentException("point " + point.pointId() + " has not been built yet");
            }
            RoutingAlgorithm algorithm;
            try {
                // the swapped-in algorithm draws from the same run streams as the original
                algorithm = routing.routing(assembly.topology(), new RandomStreams(point.seed()));
            } catch (RuntimeException e) {
                throw new ExperimentException(routing.describe() + ": " + ProviderFailure.message(e), e);
            }
            if (algorithm == null) {
                throw new ExperimentException(routing.describe() + ": the factory returned no algorithm");
            }
            try {
                assembly.network().replaceRouting(algorithm, routing.provider().label());
            } catch (RuntimeException e) {
                throw new ExperimentException("point " + point.pointId() + ": cannot swap in " + routing.describe()
                        + ": " + ProviderFailure.message(e), e);
            }
            String newBundle = routing.provider().bundle() + " " + routing.provider().version();
            String record = "swap: cycle " + control.cycle() + ", routing '" + routingName + "' (" + routingBundle
                    + ") -> '" + routing.provider().name() + "' (" + newBundle + ")" + withValues(routing.values());
            routingName = routing.provider().name();
            routingBundle = newBundle;
            Map<String, String> updated = new LinkedHashMap<>();
            addCulprit(updated, algorithm.getClass(), routing.describe());
            addCulprit(updated, routing.provider().factory().getClass(), routing.describe());
            updated.putAll(culprits);
            culprits.clear();
            culprits.putAll(updated);
            synchronized (swaps) {
                swaps.add(record);
            }
            return record;
        });
    }

    // ------------------------------------------------------------------ blame

    private void learnCulprits(SweepPlan.BoundScheme scheme) {
        addCulprit(culprits, assembly.routing().getClass(), scheme.routing().describe());
        addCulprit(culprits, scheme.routing().provider().factory().getClass(), scheme.routing().describe());
        addCulprit(culprits, scheme.queuing().provider().factory().getClass(), scheme.queuing().describe());
        addCulprit(culprits, scheme.throttle().provider().factory().getClass(), scheme.throttle().describe());
        if (scheme.scheduler() != null) {
            addCulprit(culprits, scheme.scheduler().provider().factory().getClass(), scheme.scheduler().describe());
        } else {
            BoundProvider pattern = plan.patterns().get(point.pattern());
            addCulprit(culprits, pattern.provider().factory().getClass(), pattern.describe());
            addCulprit(culprits, plan.injectionProvider().provider().factory().getClass(),
                    plan.injectionProvider().describe());
        }
        addCulprit(culprits, plan.topologyProvider().provider().factory().getClass(), plan.topologyProvider().describe());
        addCulprit(culprits, plan.hardwareProvider().provider().factory().getClass(), plan.hardwareProvider().describe());
        addCulprit(culprits, assembly.network().getClass(), plan.networkProvider().describe());
        addCulprit(culprits, plan.networkProvider().provider().factory().getClass(), plan.networkProvider().describe());
        addCulprit(culprits, assembly.kernel().getClass(), plan.kernelProvider().describe());
        addCulprit(culprits, plan.kernelProvider().provider().factory().getClass(), plan.kernelProvider().describe());
    }

    private static void addCulprit(Map<String, String> map, Class<?> type, String description) {
        map.putIfAbsent(type.getPackageName(), description);
    }

    /** Names the provider whose code threw: the topmost stack frame in a provider's package. */
    /**
     * The provider a stack is inside, e.g. {@code routing 'x' (bundle 1.0) in XRouting.route}, or
     * null when no frame belongs to one of the point's providers (read from another thread: the
     * providers are fixed while the point runs, and swaps happen only while it is parked).
     */
    String providerIn(StackTraceElement[] stack) {
        Map<String, String> known = new LinkedHashMap<>(culprits);
        for (StackTraceElement frame : stack) {
            String cls = frame.getClassName();
            int dot = cls.lastIndexOf('.');
            String culprit = known.get(dot < 0 ? "" : cls.substring(0, dot));
            if (culprit != null) {
                return culprit + " in " + cls.substring(dot + 1) + "." + frame.getMethodName();
            }
        }
        return null;
    }

    private String blame(Throwable e) {
        String culprit = null;
        for (Throwable t = e; t != null && culprit == null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                String cls = frame.getClassName();
                int dot = cls.lastIndexOf('.');
                String pkg = dot < 0 ? "" : cls.substring(0, dot);
                culprit = culprits.get(pkg);
                if (culprit != null) {
                    culprit = culprit + " threw in " + frame.getClassName().substring(dot + 1) + "." + frame.getMethodName();
                    break;
                }
            }
        }
        String what = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        return (culprit == null ? "failed" : culprit) + " at cycle " + cycle() + ": " + what;
    }
}
