package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.NetworkModel;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.Metric;
import org.fabrica.stats.collectors.SteadyStateCollector;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * Builds and runs one sweep point: its own instances of every provider (from the factories the
 * plan resolved), its own random streams, a {@link SteadyStateCollector}, and the kernel. Any
 * exception fails only this point, with a message that names the provider it came from
 * (DESIGN.md "Hot swap": the framework and other runs go on).
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
    static final String FAILED = "failed";
    static final String STOPPED = "stopped";

    private final SweepPlan plan;
    private final PointPlan point;
    private final PointControl control;
    private final List<String> swaps = new ArrayList<>();
    /** Package of provider code -> provider description, most specific first, for blame. */
    private final Map<String, String> culprits = new LinkedHashMap<>();
    private SweepPlan.Assembly assembly;
    private MeasuredRun model;
    private String routingName;
    private String routingBundle;

    PointSimulation(SweepPlan plan, PointPlan point, PointControl control) {
        this.plan = plan;
        this.point = point;
        this.control = control;
    }

    PointControl control() {
        return control;
    }

    /** Runs the point to its end; never throws. */
    PointResult run() {
        long start = System.nanoTime();
        SweepPoint sp = point.sweepPoint(plan.experimentId());
        SweepPlan.BoundScheme scheme = plan.schemes().get(point.scheme());
        routingName = scheme.routing().provider().name();
        routingBundle = scheme.routing().provider().bundle() + " " + scheme.routing().provider().version();
        SteadyStateCollector collector = null;
        try {
            collector = new SteadyStateCollector(plan.topology().nodes(), plan.spec().warmup(), plan.spec().measure());
            assembly = plan.assemble(point, collector);
            learnCulprits(scheme);
            NetworkModel network = assembly.network();
            control.attach(network);
            model = new MeasuredRun(network, collector, plan.maxCycles());
            if (!control.checkpoint(0)) {
                return result(sp, start, List.of(), STOPPED, "stopped before the first cycle");
            }
            long end = assembly.kernel().run(model, 0, control);
            if (model.end() == null) {
                return result(sp, start, List.of(), STOPPED, "stopped at cycle " + end);
            }
            checkAccounting(network, collector);
            boolean saturated = model.end() == MeasuredRun.End.LIMIT && !collector.allMeasuredDelivered();
            double wall = (System.nanoTime() - start) / 1e9;
            List<Metric> metrics = new ArrayList<>(collector.results(end));
            metrics.add(new Metric("sim.cycles", end, "cycles", "cycles simulated"));
            metrics.add(new Metric("sim.flitHops", network.flitHops(), "flit hops",
                    "flit traversals of router-to-router and terminal links"));
            metrics.add(new Metric("sim.wallSeconds", wall, "s", "wall time of the simulation"));
            metrics.add(new Metric("sim.routerCyclesPerSecond",
                    wall > 0 ? (double) plan.topology().routers() * end / wall : Double.NaN, "router-cycles/s",
                    "simulated router-cycles per second of wall time"));
            PointResult r = result(sp, start, metrics, saturated ? SATURATED_STATUS : OK, null);
            r.notes().put(END, switch (model.end()) {
                case MEASURED -> "every measured packet delivered";
                case NETWORK_DONE -> "generation stopped and every packet delivered";
                case LIMIT -> saturated ? "drain limit of " + plan.spec().drain()
                        + " cycles reached with measured packets in flight" : "cycle limit reached";
            });
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
        notes.put(LOAD, ExperimentSpec.format(point.load()));
        notes.put(SEED, Long.toString(point.seed()));
        notes.put(STATUS, status);
        notes.put(SATURATED, Boolean.toString(SATURATED_STATUS.equals(status)));
        notes.put(ROUTING, routingName + " (" + routingBundle + ")");
        synchronized (swaps) {
            notes.put(SWAPS, String.join("; ", swaps));
        }
        long wallMillis = (System.nanoTime() - start) / 1_000_000;
        return new PointResult(sp, List.copyOf(metrics), notes, failure, wallMillis);
    }

    /** Every generated packet is delivered or still in flight, and the observer saw the same counts. */
    private void checkAccounting(NetworkModel network, SteadyStateCollector collector) {
        long g = network.generated();
        long d = network.delivered();
        long f = network.inFlight();
        if (g != d + f || collector.totalGenerated() != g || collector.totalDelivered() != d) {
            throw new SimulationException(plan.networkProvider().describe() + ": packet accounting broken: the model counts "
                    + g + " generated, " + d + " delivered, " + f + " in flight; its observer events count "
                    + collector.totalGenerated() + " generated, " + collector.totalDelivered()
                    + " delivered (every packet must be delivered exactly once)");
        }
    }

    // ------------------------------------------------------------------ swap

    /**
     * Replaces the routing algorithm of the paused point, on its own thread, and records it.
     *
     * @return the record, {@code swap: cycle C, routing 'old' (bundle version) -> 'new' (bundle version)}
     */
    String swapRouting(BoundProvider routing) throws InterruptedException {
        return control.onSimulationThread(() -> {
            if (assembly == null) {
                throw new ExperimentException("point " + point.pointId() + " has not been built yet");
            }
            RoutingAlgorithm algorithm;
            try {
                algorithm = routing.routing(assembly.topology());
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
                    + ") -> '" + routing.provider().name() + "' (" + newBundle + ")";
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
        BoundProvider pattern = plan.patterns().get(point.pattern());
        addCulprit(culprits, pattern.provider().factory().getClass(), pattern.describe());
        addCulprit(culprits, plan.injectionProvider().provider().factory().getClass(), plan.injectionProvider().describe());
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
