package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.plan.BoundProvider;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.ProviderFailure;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.PointStatus;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.NetworkModel;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.Metric;
import org.fabrica.stats.collectors.SpaceTimeChart;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * Builds and runs one sweep point: its own instances of every provider (from the factories the
 * plan resolved), its own random streams, the collectors and end condition of its study mode
 * ({@link PointMeasurement}), an optional {@link SpaceTimeRecorder}, and the kernel. Any exception fails only this point, with a message that names the provider it came
 * from (docs/architecture.md, "Hot swap and provider failures": the framework and other runs go on).
 */
final class PointSimulation {
    /** Note keys every result carries. */
    static final String PATTERN = "pattern";
    static final String SCHEME = "scheme";
    static final String LOAD = "load";
    static final String SEED = "seed";
    static final String STATUS = PointStatus.NOTE;
    static final String SATURATED = PointStatus.SATURATED_NOTE;
    static final String SWAPS = "swaps";
    static final String ROUTING = "routing";
    static final String END = "end";
    /** The source commit of the build that ran the point (when the build knew it). */
    static final String COMMIT = PointRecords.COMMIT_NOTE;
    /** Metric of a point whose scheme has an active throttle: the node-cycles it held sources back. */
    static final String THROTTLE_HELD = "throttle.heldCycles";

    /** Values of the {@link #STATUS} note ({@link PointStatus}). */
    static final String OK = PointStatus.OK;
    static final String SATURATED_STATUS = PointStatus.SATURATED;
    static final String FAILED = PointStatus.FAILED;
    static final String STOPPED = PointStatus.STOPPED;

    private final SweepPlan plan;
    private final StudyPoint point;
    private final PointControl control;
    private final List<String> swaps = new ArrayList<>();
    /** Package of provider code -> provider description, most specific first, for blame. */
    private final Map<String, String> culprits = new LinkedHashMap<>();
    private SweepPlan.Assembly assembly;
    private PointRun model;
    private String routingName;
    private String routingBundle;
    private PointArtefacts artefacts;
    private final PointMeasurement measurement;

    PointSimulation(SweepPlan plan, StudyPoint point, PointControl control, PointMeasurement measurement) {
        this.plan = plan;
        this.point = point;
        this.control = control;
        this.measurement = measurement;
    }

    PointControl control() {
        return control;
    }

    /** Series and charts of the finished point, for the results store; null when it produced none. */
    PointArtefacts artefacts() {
        return artefacts;
    }

    /** Runs the point to its end; never throws. */
    PointResult run() {
        long start = System.nanoTime();
        long cpuStart = threadCpuNanos();
        SweepPoint sp = point.sweepPoint(plan.experimentId());
        SweepPlan.BoundScheme scheme = plan.schemes().get(point.scheme());
        routingName = scheme.routing().provider().name();
        routingBundle = scheme.routing().provider().bundle() + " " + scheme.routing().provider().version();
        ExperimentSpec spec = plan.spec();
        int nodes = plan.topology().nodes();
        try {
            PointMeasurement m = measurement;
            // an experiment without 'statistics' has none: the mode's observer alone, as before
            PointStatistics statistics = PointStatistics.of(plan);
            assembly = plan.assemble(point, m.traffic(), traffic -> statistics == null
                    ? m.observer(nodes, traffic) : statistics.around(m.observer(nodes, traffic)));
            learnCulprits(scheme);
            if (statistics != null) {
                statistics.culprits((type, description) -> addCulprit(culprits, type, description));
            }
            NetworkModel network = assembly.network();
            control.attach(network);
            control.sizeFor(assembly.topology().routers());
            SpaceTimeRecorder recorder = plan.spaceTimeLines() == null ? null
                    : new SpaceTimeRecorder(network.buffers(), plan.spaceTimeLines(), spec.spaceTime());
            model = m.run(network, recorder, assembly);
            if (!control.checkpoint(0)) {
                return result(sp, start, List.of(), STOPPED, "stopped before the first cycle");
            }
            long end = assembly.kernel().run(model, 0, control);
            if (model.end() == null) {
                return result(sp, start, List.of(), STOPPED, "stopped at cycle " + end);
            }
            checkAccounting(network, m.generated(), m.delivered());
            double wall = (System.nanoTime() - start - control.pausedNanos()) / 1e9; // paused time excluded
            long cpuEnd = threadCpuNanos();
            double cpu = cpuStart < 0 || cpuEnd < 0 ? Double.NaN : (cpuEnd - cpuStart) / 1e9;
            PointMeasurement.Outcome outcome = m.outcome(model, end, network, assembly);
            List<Metric> metrics = new ArrayList<>(outcome.metrics());
            String status = outcome.status();
            String endNote = outcome.endNote();
            SeriesTable series = outcome.series();
            SeriesTable inFlightTable = outcome.inFlight();
            SeriesTable nodeTable = outcome.nodes();
            if (assembly.routes() != null) {
                metrics.addAll(assembly.routes().metrics());
            }
            if (statistics != null) {
                metrics.addAll(statistics.metrics(end, metrics));
            }
            if (assembly.collectives() != null) {
                // the collective engine's counters and the network's count of its packets and drops
                for (var e : assembly.collectives().counters().entrySet()) {
                    metrics.add(new Metric("collective." + e.getKey(), e.getValue(), "",
                            "collective engine counter " + e.getKey() + " (docs/collectives.md)"));
                }
                for (var e : network.collectiveCounters().entrySet()) {
                    metrics.add(new Metric("collective." + e.getKey(), e.getValue(), "packets",
                            "collective packets: " + e.getKey() + " (docs/collectives.md)"));
                }
            }
            network.lossCounters().forEach((k, v) -> metrics.add(new Metric("network." + k, v, "packets",
                    "unicast packets lost to link errors: " + k + " (docs/collectives.md, lossy links)")));
            long held = network.throttleHeldCycles();
            if (held >= 0) {
                metrics.add(new Metric(THROTTLE_HELD, held, "node-cycles", "node-cycles in which a network interface"
                        + " could start a packet and the throttle held back every packet it had queued"));
            }
            metrics.add(new Metric("sim.cycles", end, "cycles", "cycles simulated"));
            metrics.add(new Metric("sim.flitHops", network.flitHops(), "flit hops",
                    "flit traversals of router-to-router and terminal links"));
            metrics.add(new Metric("sim.wallSeconds", wall, "s", "wall time of the simulation"));
            metrics.add(new Metric("sim.routerCyclesPerSecond",
                    wall > 0 ? (double) plan.networkRouters() * end / wall : Double.NaN, "router-cycles/s",
                    "simulated router-cycles per second of wall time"));
            metrics.add(new Metric("sim.cpuSeconds", cpu, "s", "CPU time of the thread that ran the simulation"));
            metrics.add(new Metric("sim.routerCyclesPerCpuSecond",
                    cpu > 0 ? (double) plan.networkRouters() * end / cpu : Double.NaN, "router-cycles/s",
                    "simulated router-cycles per second of the simulating thread's CPU time"));
            SpaceTimeChart chart = recorder == null ? null : recorder.chart();
            if (series != null || inFlightTable != null || nodeTable != null || chart != null) {
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

    private long cycle() {
        return model == null ? 0 : Math.max(0, model.current);
    }

    private PointResult result(SweepPoint sp, long start, List<Metric> metrics, String status, String failure) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PATTERN, plan.spec().patternLabels().get(point.pattern()));
        notes.put(SCHEME, plan.schemes().get(point.scheme()).label());
        notes.put(LOAD, plan.spec().study().loadNote(point));
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
        long copies = network.replicated(); // multicast copies are delivered too
        if (g + copies != d + f || observedGenerated != g || observedDelivered != d) {
            throw new SimulationException(plan.networkProvider().describe() + ": packet accounting broken: the model counts "
                    + g + " generated, " + copies + " copies, " + d + " delivered, " + f + " in flight; its observer events count "
                    + observedGenerated + " generated, " + observedDelivered
                    + " delivered (every packet must be delivered exactly once)");
        }
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
                algorithm = plan.routing(routing, new RandomStreams(point.seed()));
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

    /**
     * Replaces the root policy of the paused point's collective engine, on its own thread, and
     * records it: the roots chosen from now on (a multicast's) are the new policy's; those chosen
     * when the point was built (a barrier's trees) stay.
     */
    String swapRootPolicy(BoundProvider policy) throws InterruptedException {
        return control.onSimulationThread(() -> {
            if (assembly == null) {
                throw new ExperimentException("point " + point.pointId() + " has not been built yet");
            }
            org.fabrica.collective.Groups groups = assembly.collectiveGroups();
            if (groups == null) {
                throw new ExperimentException("point " + point.pointId() + " has no collective engine, so no root"
                        + " policy to swap");
            }
            org.fabrica.collective.RootPolicy replacement;
            try {
                replacement = ((org.fabrica.collective.RootPolicyFactory) policy.provider().factory())
                        .create(policy.parameters());
            } catch (RuntimeException e) {
                throw new ExperimentException(policy.describe() + ": " + ProviderFailure.message(e), e);
            }
            if (replacement == null) {
                throw new ExperimentException(policy.describe() + ": the factory returned no root policy");
            }
            String old = groups.replacePolicy(replacement, policy.provider().name());
            String record = "swap: cycle " + control.cycle() + ", rootPolicy '" + old + "' -> '"
                    + policy.provider().name() + "' (" + policy.provider().bundle() + " " + policy.provider().version()
                    + ")" + withValues(policy.values());
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
        // the traffic's providers, whichever the mode uses: a pattern and an injection process
        if (point.pattern() < plan.patterns().size()) {
            BoundProvider pattern = plan.patterns().get(point.pattern());
            addCulprit(culprits, pattern.provider().factory().getClass(), pattern.describe());
        }
        if (plan.injectionProvider() != null) {
            addCulprit(culprits, plan.injectionProvider().provider().factory().getClass(),
                    plan.injectionProvider().describe());
        }
        addCulprit(culprits, plan.topologyProvider().provider().factory().getClass(), plan.topologyProvider().describe());
        // the providers a mode playing its own packets bound (schedulers, mappings, ...)
        for (BoundProvider p : plan.modeProviders()) {
            addCulprit(culprits, p.provider().factory().getClass(), p.describe());
        }
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

    /**
     * CPU time of the calling thread in nanoseconds, or -1 where the JVM does not measure it. A
     * point runs on one thread from start to end, so the difference of two readings is the CPU
     * time of its simulation: unlike wall time it leaves out the time the thread waited for a
     * core (not what other work on the machine does to its caches and memory bandwidth).
     */
    private static long threadCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }
}
