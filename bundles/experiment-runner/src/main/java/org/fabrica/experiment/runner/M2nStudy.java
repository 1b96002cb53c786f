package org.fabrica.experiment.runner;


import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.report.ModeSummary;
import org.fabrica.experiment.report.ReportColumn;
import org.fabrica.experiment.report.SeriesCharts;
import org.fabrica.experiment.report.SeriesOutputs;
import org.fabrica.experiment.report.StudyOutputs;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.NetworkModel;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Plan;
import org.fabrica.stats.CsvWriter;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CollectiveDurationCollector;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.InFlightSeries;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.schedule.PlanPrinter;
import org.fabrica.traffic.schedule.SchedulePlayback;
import org.osgi.service.component.annotations.Component;

/**
 * Mode {@code m2n} (docs/studies/rapidio-m2n.md): M-to-N personalized communications played from
 * the plans of schedulers. Its file has {@code communications} instead of {@code traffic}, and
 * every scheme names a {@code scheduler} ({@link M2nSpecParser}). One point per communication x
 * scheme that runs on it x seed, run until every packet is delivered; completion time, packet
 * latencies and contention are reported with ratios to the {@code baseline} scheme.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + M2nStudy.NAME,
        "fabrica.description=m2n: M-to-N communications played from schedulers' plans until delivered"})
public final class M2nStudy extends RunnerStudy implements PlayedSchedules {
    /** The mode's word. */
    public static final String NAME = "m2n";
    /** Queuing of an m2n scheme that names none: one VC, as the CPS-1848 model has. */
    static final String DEFAULT_QUEUING = "1vc";
    /** Top-level keys of an m2n experiment; every other key is an error there. */
    static final List<String> KEYS_OF_MODE = List.of("name", "description", "mode", "topology", "hardware", "network",
            "kernel", "communications", "schemes", "baseline", "maxCycles", "deadlockCycles", "seeds", "executor",
            "outputs", "provenance");

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

    /** The communications of an m2n plan, resolved against its topology and hardware ({@link SweepPlan#state()}). */
    static M2nTraffic communications(SweepPlan plan) {
        return (M2nTraffic) plan.state();
    }

    /** The communications of an m2n experiment ({@link ExperimentSpec#modeSettings()}). */
    static M2nSpec of(ExperimentSpec spec) {
        return (M2nSpec) spec.modeSettings();
    }

    @Override
    public String description() {
        return "M-to-N communications played from schedules";
    }

    @Override
    public List<String> keys() {
        return KEYS_OF_MODE;
    }

    @Override
    public ExperimentSpec read(ExperimentDocument doc, String name, String description) {
        ObjectNode root = doc.root();
        SpecReader.refuseStatistics(doc, root, NAME, "it plays the communications' schedules and reports their "
                + "completion and latencies itself");
        for (String k : (Iterable<String>) root::fieldNames) { // every key is known by now: some mode reads it
            if (root.has(k) && !KEYS_OF_MODE.contains(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode m2n (it plays the communications' schedules "
                        + "until every packet is delivered); " + (k.equals("traffic")
                                ? "describe the traffic under 'communications' (its packets are the hardware's "
                                        + "maximum-payload packets, so packetFlits and packetBytes do not apply)"
                                : "remove it"));
            }
        }
        SpecReader.refuseOthers(doc, root, NAME, KEYS_OF_MODE);
        return M2nSpecParser.parse(doc, root, name, description, NAME, this);
    }

    /**
     * Mode m2n (docs/studies/rapidio-m2n.md): binds the providers and every scheme's scheduler, resolves
     * the communications against the topology and the hardware's packet format, plans every
     * communication with every scheme that runs on it and checks that the plan can be played,
     * and builds one network per scheme.
     */
    @Override
    public SweepPlan resolve(ExperimentDocument doc, ExperimentSpec spec, ProviderRegistry registry) {
        ProviderBinding.Simulation sim = ProviderBinding.Simulation.bind(doc, spec, registry);
        List<SweepPlan.BoundScheme> schemes = new ArrayList<>();
        for (int i = 0; i < spec.schemes().size(); i++) {
            SchemeSpec s = spec.schemes().get(i);
            schemes.add(new SweepPlan.BoundScheme(i, s.label(), ProviderBinding.bind(doc, s.routing(), registry), ProviderBinding.bind(doc, s.queuing(), registry),
                    ProviderBinding.bind(doc, s.throttle(), registry), null, ProviderBinding.bind(doc, s.scheduler(), registry)));
        }
        ProviderBinding.checkExecutor(doc, spec, registry);
        Topology topo = sim.topologyInstance();
        HardwareModel model = sim.model();
        RouterParameters router = sim.router();
        M2nTraffic traffic = M2nTraffic.resolve(doc, of(spec), topo, model, router, spec.hardware().path());
        for (int i = 0; i < of(spec).pairs().size(); i++) {
            int[] pair = of(spec).pairs().get(i);
            for (int e = 0; e < 2; e++) {
                if (pair[e] >= topo.nodes()) {
                    throw doc.error("outputs.pairs[" + i + "][" + e + "]", "outputs.pairs[" + i + "][" + e + "] = node "
                            + pair[e] + " is out of range: " + topo.describe() + " has end nodes 0 .. " + (topo.nodes() - 1));
                }
            }
        }
        EndpointTiming endpoint = sim.endpoint();
        SweepPlan plan = new SweepPlan(doc, spec, sim.topology(), sim.hardware(), sim.network(), sim.kernel(), null, List.of(),
                List.copyOf(schemes), topo, router, endpoint, traffic, traffic.packetFlits(), M2nStudy::played);
        plan.describeRouter(doc, ProviderBinding.description(doc, sim.hardware(), model), registry);
        check(plan);
        return plan;
    }

    /** Plans every communication with every scheme on it, checks the plan can be played, builds every scheme's network. */
    private static void check(SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        M2nTraffic m2n = communications(plan);
        Topology topologyInstance = plan.topology();
        ExperimentDocument document = plan.document();
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (SweepPlan.BoundScheme s : plan.schemes()) {
            SchemeSpec scheme = spec.schemes().get(s.index());
            int first = -1;
            for (int c = 0; c < m2n.communications().size(); c++) {
                M2nTraffic.Resolved r = m2n.communications().get(c);
                if (!scheme.appliesTo(r.spec().label())) {
                    continue;
                }
                first = first < 0 ? c : first;
                Plan p;
                try {
                    p = m2n.plan(c, s.scheduler(), topologyInstance, streams);
                } catch (RuntimeException e) {
                    throw document.error(s.scheduler().choice().path(), "scheme '" + s.label() + "' on communication '"
                            + r.spec().label() + "' (" + r.senders().length + " senders, " + r.receivers().length
                            + " receivers): " + s.scheduler().describe() + ": " + ProviderFailure.message(e), e);
                }
                try {
                    m2n.playback(c, p, topologyInstance);
                } catch (IllegalArgumentException e) {
                    throw document.error(s.scheduler().choice().path(), "scheme '" + s.label() + "' on communication '"
                            + r.spec().label() + "': " + e.getMessage(), e);
                }
            }
            if (first < 0) {
                continue;
            }
            StudyPoint probe = new StudyPoint(-1, "validation", first, s.index(), Double.NaN, spec.seeds().get(0));
            try {
                plan.assemble(probe, new PointSimulation.EventCounts());
            } catch (ProviderFailure f) {
                throw document.error(f.provider().choice().path(), "scheme '" + s.label() + "': " + f.getMessage()
                        + " (topology " + topologyInstance.describe() + ", " + plan.router().vcs() + " VCs per port)", f);
            } catch (RuntimeException e) {
                throw document.error("schemes[" + s.index() + "]", "scheme '" + s.label() + "' cannot be built: "
                        + ProviderFailure.message(e), e);
            }
        }
    }

    /** A point's traffic: its scheme's scheduler plans the communication, and the plan is played (a fresh playback per run). */
    private static PointTraffic.Traffic played(SweepPlan plan, StudyPoint point, SweepPlan.BoundScheme scheme,
            RandomStreams streams) {
        M2nTraffic m2n = communications(plan);
        Plan planned = SweepPlan.call(scheme.scheduler(), () -> m2n.plan(point.pattern(), scheme.scheduler(),
                plan.topology(), streams));
        SchedulePlayback playback = SweepPlan.call(scheme.scheduler(), () -> m2n.playback(point.pattern(), planned,
                plan.topology()));
        return new PointTraffic.Traffic(playback.pattern(), playback.injection(), plan.spec().patternLabels()
                .get(point.pattern()) + " played from " + scheme.scheduler().provider().label(), scheme.routing(), null,
                planned, playback);
    }

    @Override
    public List<StudyPoint> points(ExperimentSpec spec) {
        return PacketStudy.perSeed(spec, NAME);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return NAME;
    }

    @Override
    public PointResult run(PointJob job) {
        return job.simulate(new Measurement(job.plan()));
    }

    /** The plan's playback with its collectors; the point ends when every packet of the plan is delivered. */
    private static final class Measurement extends PointMeasurement {
        private final SweepPlan plan;
        private CollectiveDurationCollector collective;
        private InFlightSeries inFlight;
        private M2nCollector m2n;

        Measurement(SweepPlan plan) {
            this.plan = plan;
        }

        @Override
        NetworkObserver observer(int nodes, PointTraffic.Traffic traffic) {
            SchedulePlayback playback = traffic.player(SchedulePlayback.class);
            collective = new CollectiveDurationCollector(nodes);
            inFlight = new InFlightSeries(plan.spec().inFlightWindow());
            m2n = new M2nCollector(nodes, playback.pacing().packetFlits(), playback.plan(), playback,
                    of(plan.spec()).pairs());
            // the playback learns deliveries for its barriers (docs/studies/rapidio-m2n.md,
            // "M > N: hierarchical schedule")
            return CompositeObserver.of(counts, collective, inFlight, m2n, playback.observer());
        }

        @Override
        PointRun run(NetworkModel network, SpaceTimeRecorder recorder, SweepPlan.Assembly assembly) {
            return new CollectiveRun(network, cycleObserver(inFlight, recorder), plan.maxCycles());
        }

        @Override
        Outcome outcome(PointRun model, long end, NetworkModel network, SweepPlan.Assembly assembly) {
            List<Metric> metrics = new ArrayList<>(collective.results(end));
            boolean complete = collective.allDelivered() && model.end() == PointRun.End.NETWORK_DONE;
            metrics(plan, assembly, m2n, network, complete, metrics);
            String status = complete ? PointSimulation.OK : PointSimulation.SATURATED_STATUS;
            String endNote = complete ? "every packet of the plan delivered; completion at cycle " + m2n.completion()
                    : "maxCycles = " + plan.maxCycles() + " reached with " + (generated() - delivered())
                            + " packets in flight";
            return new Outcome(metrics, status, endNote, m2n.pairSeries(), null,
                    m2n.portSeries(plan.router().flitBytes(), plan.router().cycleNanoseconds()));
        }
    }

    /**
     * Mode m2n's metrics (docs/studies/rapidio-m2n.md, "Report for each scheme"): completion time in
     * cycles and microseconds, packet latencies (both include the hardware's endpoint send and
     * receive overhead, which the network adds to every packet), the network's contention counters.
     */
    private static void metrics(SweepPlan plan, SweepPlan.Assembly a, M2nCollector m, NetworkModel network, boolean complete,
            List<Metric> metrics) {
        double ns = plan.router().cycleNanoseconds();
        long completion = m.completion();
        metrics.add(new Metric(M2N_COMPLETION, complete ? completion : Double.NaN, "cycles",
                "cycle after the last packet's delivery (the communication starts at cycle 0)"));
        metrics.add(new Metric(M2N_COMPLETION_US, complete ? completion * ns / 1000 : Double.NaN, "us",
                "completion time in microseconds (" + StudyPoint.format(ns) + " ns cycles)"));
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
        metrics.add(new Metric(M2N_PACKETS, a.player(SchedulePlayback.class).packets(), "packets", "packets the plan sends"));
        metrics.add(new Metric(M2N_PACKET_FLITS, plan.packetFlits(), "flits", "flits of every packet"));
        metrics.add(new Metric(M2N_ROUNDS, a.plan().roundCount(), "rounds", "rounds of the plan"));
        metrics.add(new Metric(M2N_TRANSACTIONS, a.plan().transactions().size(), "transactions",
                "transactions of the plan (separated by barriers)"));
        if (m.duplicates() > 0) {
            throw new SimulationException(plan.networkProvider().describe() + ": " + m.duplicates()
                    + " packets of the recorded pairs were delivered twice");
        }
    }

    /** The resolved m2n experiment: the nodes of every communication listed, every default filled in. */
    @Override
    public ObjectNode resolved(SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        M2nTraffic m2n = communications(plan);
        ObjectNode r = ResolvedExperiment.simulationHeader(plan, NAME);
        ArrayNode comms = r.putArray("communications");
        for (M2nTraffic.Resolved c : m2n.communications()) {
            ObjectNode o = comms.addObject();
            o.put("label", c.spec().label());
            ArrayNode s = o.putArray("senders");
            for (int n : c.senders()) {
                s.add(n);
            }
            ArrayNode d = o.putArray("receivers");
            for (int n : c.receivers()) {
                d.add(n);
            }
            if (c.spec().sizes() == null) {
                o.put("messageBytes", c.spec().messageBytes());
                if (c.spec().multiples() != null) {
                    ArrayNode m = o.putArray("multiples");
                    for (long x : c.spec().multiples()) {
                        m.add(x);
                    }
                }
            } else {
                ArrayNode rows = o.putArray("sizes");
                for (long[] row : c.spec().sizes()) {
                    ArrayNode a = rows.addArray();
                    for (long x : row) {
                        a.add(x);
                    }
                }
            }
            o.put("rate", c.spec().rate());
        }
        ArrayNode sch = r.putArray("schemes");
        for (SweepPlan.BoundScheme s : plan.schemes()) {
            ObjectNode o = sch.addObject();
            o.put("label", s.label());
            o.set("scheduler", ResolvedExperiment.providerNode(s.scheduler()));
            o.set("routing", ResolvedExperiment.providerNode(s.routing()));
            o.set("queuing", ResolvedExperiment.providerNode(s.queuing()));
            o.set("throttle", ResolvedExperiment.providerNode(s.throttle()));
            List<String> on = spec.schemes().get(s.index()).communications();
            if (!on.isEmpty()) {
                ArrayNode a = o.putArray("communications");
                on.forEach(a::add);
            }
        }
        ObjectNode outputs = ResolvedExperiment.runFooter(r, spec);
        if (!of(spec).pairs().isEmpty()) {
            ArrayNode pairs = outputs.putArray("pairs");
            for (int[] p : of(spec).pairs()) {
                pairs.addArray().add(p[0]).add(p[1]);
            }
        }
        return r;
    }

    @Override
    public String summary(SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        M2nTraffic m2n = communications(plan);
        RouterParameters router = plan.router();
        Topology topologyInstance = plan.topology();
        StringBuilder sb = new StringBuilder();
        sb.append(spec.name()).append(": ");
        sb.append("m2n mode, ").append(m2n.communications().size()).append(" communication(s), ")
                .append(plan.schemes().size()).append(" scheme(s), ").append(spec.seeds().size()).append(" seed(s) = ")
                .append(plan.points().size()).append(" points\n");
        sb.append("  topology  ").append(topologyInstance.describe()).append(", ").append(topologyInstance.nodes())
                .append(" nodes: ").append(plan.topologyProvider().provider().label()).append('\n');
        sb.append("  hardware  ").append(router.vcs()).append(" VCs x ").append(router.bufferFlits())
                .append(" flits, ").append(Parameters.enumName(router.flowControl())).append(", ")
                .append(router.cycleNanoseconds()).append(" ns cycles, ").append(router.flitBytes())
                .append("-byte flits: ").append(plan.hardwareProvider().provider().label()).append('\n');
        sb.append("  packets   ").append(m2n.payloadBytes()).append(" payload bytes in ").append(m2n.packetFlits())
                .append(" flits (maximum-payload packet; a message's last packet is padded to it)\n");
        sb.append("  network   ").append(plan.networkProvider().provider().label()).append(", kernel ").append(plan.kernelProvider().provider().label())
                .append('\n');
        for (M2nTraffic.Resolved c : m2n.communications()) {
            sb.append("  comm      ").append(c.spec().label()).append(": ").append(c.senders().length).append("-to-")
                    .append(c.receivers().length).append(", senders ").append(nodes(c.senders())).append(", receivers ")
                    .append(nodes(c.receivers())).append(", ");
            if (c.spec().sizes() != null) {
                sb.append("size matrix");
            } else {
                sb.append(c.spec().messageBytes()).append(" bytes");
                if (c.spec().multiples() != null) {
                    sb.append(" x multiples ").append(java.util.Arrays.toString(c.spec().multiples()));
                }
            }
            sb.append(", rate ").append(StudyPoint.format(c.spec().rate())).append(" (a packet every ")
                    .append(c.pacing().gapCycles()).append(" cycles)\n");
        }
        for (SweepPlan.BoundScheme s : plan.schemes()) {
            List<String> on = spec.schemes().get(s.index()).communications();
            sb.append("  scheme    ").append(s.label()).append(": scheduler ").append(s.scheduler().provider().label())
                    .append(", routing ").append(s.routing().provider().label()).append(", queuing ")
                    .append(s.queuing().provider().label()).append(on.isEmpty() ? "" : ", on " + on).append('\n');
        }
        sb.append("  run       until every packet is delivered (at most ").append(spec.maxCycles())
                .append(" cycles); ratios to '").append(spec.baseline()).append("'; seeds ").append(spec.seeds())
                .append('\n');
        sb.append("  id        ").append(plan.experimentId());
        return sb.toString();
    }

    /**
     * Mode m2n: the plan of every communication by every scheme that runs on it (first seed's
     * streams), as {@link PlanPrinter} tables under a heading line each, or as one CSV table with
     * the communication and scheme in the first two columns ({@link PlanPrinter#transfers}).
     */
    @Override
    public String schedules(SweepPlan plan, boolean csv) {
        ExperimentSpec spec = plan.spec();
        M2nTraffic m2n = communications(plan);
        ExperimentDocument document = plan.document();
        List<String> header = new ArrayList<>(List.of("communication", "scheme"));
        header.addAll(PlanPrinter.TRANSFER_COLUMNS);
        CsvWriter table = new CsvWriter("schedules of " + document.source(), CsvWriter.LineEnd.LF, header);
        StringBuilder b = new StringBuilder();
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (int c = 0; c < m2n.communications().size(); c++) {
            M2nTraffic.Resolved r = m2n.communications().get(c);
            for (SweepPlan.BoundScheme s : plan.schemes()) {
                if (!spec.schemes().get(s.index()).appliesTo(r.spec().label())) {
                    continue;
                }
                Plan p = m2n.plan(c, s.scheduler(), plan.topology(), streams);
                if (csv) {
                    PlanPrinter.transfers(p, table, r.spec().label(), s.label());
                } else {
                    b.append(b.length() == 0 ? "" : "\n").append("== ").append(r.spec().label()).append(" (")
                            .append(r.senders().length).append("-to-").append(r.receivers().length).append("), scheme ")
                            .append(s.label()).append(": ").append(s.scheduler().provider().label()).append('\n')
                            .append(PlanPrinter.table(p));
                }
            }
        }
        return csv ? table.text() : b.toString();
    }

    /** A node list as ranges: 0-5, 8. */
    static String nodes(int[] nodes) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < nodes.length) {
            int j = i;
            while (j + 1 < nodes.length && nodes[j + 1] == nodes[j] + 1) {
                j++;
            }
            sb.append(sb.length() == 0 ? "" : ", ").append(nodes[i]);
            if (j > i) {
                sb.append('-').append(nodes[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }

    @Override
    public StudyOutputs outputs(SweepPlan plan) {
        // docs/studies/rapidio-m2n.md, "Report for each scheme"
        return new SeriesOutputs("latency of successive packets (generation to tail delivery) of chosen "
                + "source-destination pairs; every message cut into " + plan.packetFlits()
                + "-flit maximum-payload packets",
                List.of(new ModeSummary.TableSpec("Completion time", M2N_COMPLETION_US, "us"),
                        new ModeSummary.TableSpec("Completion time", M2N_COMPLETION, "cycles"),
                        new ModeSummary.TableSpec("Maximum packet latency", M2N_LATENCY_MAX, "cycles"),
                        new ModeSummary.TableSpec("Mean packet latency", M2N_LATENCY_MEAN, "cycles"),
                        new ModeSummary.TableSpec("Link and switch-port contention events", M2N_CONTENTION_LINK, "events"),
                        new ModeSummary.TableSpec("Endpoint contention events", M2N_CONTENTION_ENDPOINT, "events"),
                        new ModeSummary.TableSpec("Contention wait", M2N_CONTENTION_WAIT, "cycles")),
                SeriesCharts::m2n, ReportColumn.LOAD_POINTS, "; in-flight series and per-node durations in series/");
    }
}
