package org.fabrica.study.m2n;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.PlayedSchedules;
import org.fabrica.experiment.study.PlayedStudies;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudyScheme;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.experiment.study.StudyTraffic;
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
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.schedule.PlanPrinter;
import org.fabrica.traffic.schedule.SchedulePlayback;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Mode {@code m2n} (docs/studies/rapidio-m2n.md): M-to-N personalized communications played from
 * the plans of schedulers. Its file has {@code communications} instead of {@code traffic}, and
 * every scheme names a {@code scheduler} ({@link M2nSpecParser}). One point per communication x
 * scheme that runs on it x seed, run until every packet is delivered; completion time, packet
 * latencies and contention are reported with ratios to the {@code baseline} scheme.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + M2nStudy.NAME,
        "fabrica.description=m2n: M-to-N communications played from schedulers' plans until delivered"})
public final class M2nStudy implements StudyMode, PlayedSchedules {
    /** The mode's word. */
    public static final String NAME = "m2n";
    /** Queuing of an m2n scheme that names none: one VC, as the CPS-1848 model has. */
    static final String DEFAULT_QUEUING = "1vc";
    /** The mode's own top-level key: its rows. */
    static final String COMMUNICATIONS = "communications";

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
     * What an m2n plan resolved ({@link StudyPlan#state(Class)}).
     *
     * @param traffic the communications, resolved against the topology and the hardware
     * @param schedulers the scheduler of every scheme, bound, by scheme index
     */
    record Resolved(M2nTraffic traffic, List<StudyProvider> schedulers) {
        Resolved {
            schedulers = List.copyOf(schedulers);
        }
    }

    private final PlayedStudies played;

    /** @param played the runner's reading, resolution and building of files whose mode plays its own packets */
    @Activate
    public M2nStudy(@Reference PlayedStudies played) {
        this.played = played;
    }

    /** The communications and schemes of an m2n experiment ({@link StudySpec#settings(Class)}). */
    static M2nSpec of(StudySpec spec) {
        return spec.settings(M2nSpec.class);
    }

    /** What an m2n plan resolved. */
    static Resolved resolvedOf(StudyPlan plan) {
        return plan.state(Resolved.class);
    }

    @Override
    public String description() {
        return "M-to-N communications played from schedules";
    }

    @Override
    public List<String> keys() {
        return played.keys(List.of(COMMUNICATIONS));
    }

    @Override
    public StudySpec read(StudyFile doc, String name, String description) {
        ObjectNode root = doc.root();
        SpecReader.refuseStatistics(doc, root, NAME, "it plays the communications' schedules and reports their "
                + "completion and latencies itself");
        List<String> keys = keys();
        for (String k : (Iterable<String>) root::fieldNames) { // every key is known by now: some mode reads it
            if (root.has(k) && !keys.contains(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode m2n (it plays the communications' schedules "
                        + "until every packet is delivered); " + (k.equals("traffic")
                                ? "describe the traffic under 'communications' (its packets are the hardware's "
                                        + "maximum-payload packets, so packetFlits and packetBytes do not apply)"
                                : "remove it"));
            }
        }
        SpecReader.refuseOthers(doc, root, NAME, keys);
        M2nSpecParser.Read read = M2nSpecParser.parse(doc, root);
        List<String> labels = new ArrayList<>();
        for (M2nSpec.Communication c : read.spec().communications()) {
            labels.add(c.label());
        }
        List<StudyScheme> schemes = new ArrayList<>();
        for (M2nSpec.Scheme s : read.spec().schemes()) {
            schemes.add(s.scheme());
        }
        return played.read(doc, name, description, this, new PlayedStudies.Options(NAME, "communication", labels,
                schemes, read.outputs().plots(), read.outputs().report(), read.spec()));
    }

    /**
     * Mode m2n (docs/studies/rapidio-m2n.md): the runner binds the providers, the mode every
     * scheme's scheduler and resolves the communications against the topology and the hardware's
     * packet format; then every communication is planned with every scheme that runs on it, the
     * plan checked to be playable, and one network per scheme built.
     */
    @Override
    public StudyPlan resolve(StudyFile doc, StudySpec spec, ProviderCatalog providers) {
        M2nSpec m2n = of(spec);
        StudyPlan plan = played.resolve(doc, spec, providers, (topology, hardware, router) -> {
            List<StudyProvider> schedulers = new ArrayList<>();
            for (M2nSpec.Scheme s : m2n.schemes()) {
                schedulers.add(played.bind(doc, s.scheduler(), providers));
            }
            M2nTraffic traffic = M2nTraffic.resolve(doc, m2n, topology, hardware, router, "hardware");
            for (int i = 0; i < m2n.pairs().size(); i++) {
                int[] pair = m2n.pairs().get(i);
                for (int e = 0; e < 2; e++) {
                    if (pair[e] >= topology.nodes()) {
                        throw doc.error("outputs.pairs[" + i + "][" + e + "]", "outputs.pairs[" + i + "][" + e
                                + "] = node " + pair[e] + " is out of range: " + topology.describe()
                                + " has end nodes 0 .. " + (topology.nodes() - 1));
                    }
                }
            }
            return new PlayedStudies.Played(new Resolved(traffic, schedulers), traffic.packetFlits(), schedulers, null);
        });
        check(doc, plan);
        return plan;
    }

    /** Plans every communication with every scheme on it, checks the plan can be played, builds every scheme's network. */
    private void check(StudyFile document, StudyPlan plan) {
        StudySpec spec = plan.spec();
        M2nSpec settings = of(spec);
        Resolved resolved = resolvedOf(plan);
        M2nTraffic m2n = resolved.traffic();
        Topology topologyInstance = plan.topology();
        RandomStreams streams = new RandomStreams(spec.seedsOf(0).get(0));
        for (int si = 0; si < settings.schemes().size(); si++) {
            StudyScheme scheme = settings.schemes().get(si).scheme();
            StudyProvider scheduler = resolved.schedulers().get(si);
            int first = -1;
            for (int c = 0; c < m2n.communications().size(); c++) {
                M2nTraffic.Resolved r = m2n.communications().get(c);
                if (!scheme.appliesTo(r.spec().label())) {
                    continue;
                }
                first = first < 0 ? c : first;
                Plan p;
                try {
                    p = m2n.plan(c, scheduler, topologyInstance, streams);
                } catch (RuntimeException e) {
                    throw document.error(scheduler.choice().path(), "scheme '" + scheme.label() + "' on communication '"
                            + r.spec().label() + "' (" + r.senders().length + " senders, " + r.receivers().length
                            + " receivers): " + scheduler.describe() + ": " + failure(e), e);
                }
                try {
                    m2n.playback(c, p, topologyInstance);
                } catch (IllegalArgumentException e) {
                    throw document.error(scheduler.choice().path(), "scheme '" + scheme.label() + "' on communication '"
                            + r.spec().label() + "': " + e.getMessage(), e);
                }
            }
            if (first < 0) {
                continue;
            }
            StudyPoint probe = new StudyPoint(-1, "validation", first, si, Double.NaN, spec.seedsOf(0).get(0));
            played.build(document, plan, probe, new Played());
        }
    }

    /** A failure's message as the runner words them ({@link PlayedStudies#failure}). */
    private String failure(Throwable e) {
        return played.failure(e);
    }

    /**
     * A point's traffic: its scheme's scheduler plans the communication, and the plan is played (a
     * fresh playback per run); the plan and its playback stay here for the point's collectors.
     */
    private class Played implements StudyTraffic {
        Plan planned;
        SchedulePlayback playback;

        @Override
        public Packets packets(StudyPlan plan, StudyPoint point, RandomStreams streams) {
            Resolved resolved = resolvedOf(plan);
            StudyProvider scheduler = resolved.schedulers().get(point.scheme());
            M2nTraffic m2n = resolved.traffic();
            try {
                planned = m2n.plan(point.pattern(), scheduler, plan.topology(), streams);
                playback = m2n.playback(point.pattern(), planned, plan.topology());
            } catch (RuntimeException e) {
                throw new IllegalStateException(scheduler.describe() + ": " + failure(e), e);
            }
            return new Packets(playback.pattern(), playback.injection(), plan.spec().patternLabels()
                    .get(point.pattern()) + " played from " + scheduler.label());
        }
    }

    @Override
    public List<StudyPoint> points(StudySpec spec) {
        return played.pointsPerSeed(spec, NAME);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return NAME;
    }

    @Override
    public PointResult run(StudyJob job) {
        Measurement m = new Measurement(job.plan(), played.provider(job.plan(), "network").describe());
        return job.simulate(m, m);
    }

    /**
     * The plan's playback with its collectors; the point ends when the network ends by itself
     * (every packet of the plan delivered) or at {@code maxCycles}.
     */
    private final class Measurement extends Played implements StudyMeasurement {
        private final StudyPlan plan;
        private final String networkName;
        private CollectiveDurationCollector collective;
        private InFlightSeries inFlight;
        private M2nCollector m2n;
        private NetworkModel network;

        Measurement(StudyPlan plan, String networkName) {
            this.plan = plan;
            this.networkName = networkName;
        }

        @Override
        public NetworkObserver observer(int nodes) {
            collective = new CollectiveDurationCollector(nodes);
            inFlight = new InFlightSeries(InFlightSeries.DEFAULT_WINDOW);
            m2n = new M2nCollector(nodes, playback.pacing().packetFlits(), playback.plan(), playback,
                    of(plan.spec()).pairs());
            // the playback learns deliveries for its barriers (docs/studies/rapidio-m2n.md,
            // "M > N: hierarchical schedule")
            return CompositeObserver.of(collective, inFlight, m2n, playback.observer());
        }

        @Override
        public NetworkObserver cycleObserver(NetworkModel network) {
            this.network = network;
            return inFlight;
        }

        @Override
        public Outcome outcome(long end, End how) {
            List<Metric> metrics = new ArrayList<>(collective.results(end));
            boolean complete = collective.allDelivered() && how == End.NETWORK_DONE;
            metrics(metrics, complete);
            String endNote = complete ? "every packet of the plan delivered; completion at cycle " + m2n.completion()
                    : "maxCycles = " + plan.spec().maxCycles() + " reached with " + (generated() - delivered())
                            + " packets in flight";
            return new Outcome(metrics, !complete, endNote, new Tables(m2n.pairSeries(), null,
                    m2n.portSeries(plan.router().flitBytes(), plan.router().cycleNanoseconds())));
        }

        private long generated() {
            return m2n.generated();
        }

        private long delivered() {
            return m2n.delivered();
        }

        /**
         * Mode m2n's metrics (docs/studies/rapidio-m2n.md, "Report for each scheme"): completion time
         * in cycles and microseconds, packet latencies (both include the hardware's endpoint send and
         * receive overhead, which the network adds to every packet), the network's contention counters.
         */
        private void metrics(List<Metric> metrics, boolean complete) {
            M2nCollector m = m2n;
            double ns = plan.router().cycleNanoseconds();
            long completion = m.completion();
            metrics.add(new Metric(M2N_COMPLETION, complete ? completion : Double.NaN, "cycles",
                    "cycle after the last packet's delivery (the communication starts at cycle 0)"));
            metrics.add(new Metric(M2N_COMPLETION_US, complete ? completion * ns / 1000 : Double.NaN, "us",
                    "completion time in microseconds (" + StudyPoint.format(ns) + " ns cycles)"));
            metrics.add(new Metric(M2N_LATENCY_MAX, m.maxLatency() < 0 ? Double.NaN : m.maxLatency(), "cycles",
                    "largest packet latency, generation to delivery (source queueing and endpoint overheads included)"));
            metrics.add(new Metric(M2N_LATENCY_MAX_US, m.maxLatency() < 0 ? Double.NaN : m.maxLatency() * ns / 1000,
                    "us", "largest packet latency in microseconds"));
            metrics.add(new Metric(M2N_LATENCY_MEAN, m.meanLatency(), "cycles", "mean packet latency"));
            boolean counted = network.countsContention();
            metrics.add(new Metric(M2N_CONTENTION_LINK, counted ? network.contentionEvents() : Double.NaN, "events",
                    "link and switch-port contention events (a packet waiting for an output held by another flow)"));
            metrics.add(new Metric(M2N_CONTENTION_ENDPOINT, counted ? network.endpointContentionEvents() : Double.NaN,
                    "events", "endpoint contention events (a packet waiting for a terminal output held by another"
                            + " flow)"));
            metrics.add(new Metric(M2N_CONTENTION_WAIT, counted ? network.contentionWaitCycles() : Double.NaN, "cycles",
                    "cycles packets waited in contention events"));
            metrics.add(new Metric(M2N_PORT_GBPS_MAX, m.maxReceiveGbps(plan.router().flitBytes(), ns), "Gbps",
                    "highest receive rate of an end-node port while it received (wire data, headers included)"));
            metrics.add(new Metric(M2N_PACKETS, playback.packets(), "packets", "packets the plan sends"));
            metrics.add(new Metric(M2N_PACKET_FLITS, plan.packetFlits(), "flits", "flits of every packet"));
            metrics.add(new Metric(M2N_ROUNDS, planned.roundCount(), "rounds", "rounds of the plan"));
            metrics.add(new Metric(M2N_TRANSACTIONS, planned.transactions().size(), "transactions",
                    "transactions of the plan (separated by barriers)"));
            if (m.duplicates() > 0) {
                throw new SimulationException(networkName + ": " + m.duplicates()
                        + " packets of the recorded pairs were delivered twice");
            }
        }
    }

    /** The resolved m2n experiment: the nodes of every communication listed, every default filled in. */
    @Override
    public ObjectNode resolved(StudyPlan plan) {
        M2nSpec spec = of(plan.spec());
        Resolved resolved = resolvedOf(plan);
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode comms = r.putArray(COMMUNICATIONS);
        for (M2nTraffic.Resolved c : resolved.traffic().communications()) {
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
        for (int i = 0; i < spec.schemes().size(); i++) {
            StudyScheme s = spec.schemes().get(i).scheme();
            ObjectNode o = sch.addObject();
            o.put("label", s.label());
            o.set("scheduler", played.node(resolved.schedulers().get(i)));
            o.set("routing", played.node(played.provider(plan, s.routing().path())));
            o.set("queuing", played.node(played.provider(plan, s.queuing().path())));
            o.set("throttle", played.node(played.provider(plan, s.throttle().path())));
            if (!s.rows().isEmpty()) {
                ArrayNode a = o.putArray(COMMUNICATIONS);
                s.rows().forEach(a::add);
            }
        }
        ObjectNode out = played.resolved(plan, r);
        if (!spec.pairs().isEmpty()) {
            ArrayNode pairs = ((ObjectNode) out.get("outputs")).putArray("pairs");
            for (int[] p : spec.pairs()) {
                pairs.addArray().add(p[0]).add(p[1]);
            }
        }
        return out;
    }

    @Override
    public String summary(StudyPlan plan) {
        StudySpec spec = plan.spec();
        M2nSpec settings = of(spec);
        Resolved resolved = resolvedOf(plan);
        M2nTraffic m2n = resolved.traffic();
        RouterParameters router = plan.router();
        Topology topologyInstance = plan.topology();
        List<Long> seeds = spec.seedsOf(0);
        StringBuilder sb = new StringBuilder();
        sb.append(spec.name()).append(": ");
        sb.append("m2n mode, ").append(m2n.communications().size()).append(" communication(s), ")
                .append(settings.schemes().size()).append(" scheme(s), ").append(seeds.size()).append(" seed(s) = ")
                .append(plan.points().size()).append(" points\n");
        sb.append("  topology  ").append(topologyInstance.describe()).append(", ").append(topologyInstance.nodes())
                .append(" nodes: ").append(played.provider(plan, "topology").label()).append('\n');
        sb.append("  hardware  ").append(router.vcs()).append(" VCs x ").append(router.bufferFlits())
                .append(" flits, ").append(Parameters.enumName(router.flowControl())).append(", ")
                .append(router.cycleNanoseconds()).append(" ns cycles, ").append(router.flitBytes())
                .append("-byte flits: ").append(played.provider(plan, "hardware").label()).append('\n');
        sb.append("  packets   ").append(m2n.payloadBytes()).append(" payload bytes in ").append(m2n.packetFlits())
                .append(" flits (maximum-payload packet; a message's last packet is padded to it)\n");
        sb.append("  network   ").append(played.provider(plan, "network").label()).append(", kernel ")
                .append(played.provider(plan, "kernel").label()).append('\n');
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
        for (int i = 0; i < settings.schemes().size(); i++) {
            StudyScheme s = settings.schemes().get(i).scheme();
            List<String> on = s.rows();
            sb.append("  scheme    ").append(s.label()).append(": scheduler ")
                    .append(resolved.schedulers().get(i).label()).append(", routing ")
                    .append(played.provider(plan, s.routing().path()).label()).append(", queuing ")
                    .append(played.provider(plan, s.queuing().path()).label()).append(on.isEmpty() ? "" : ", on " + on)
                    .append('\n');
        }
        sb.append("  run       until every packet is delivered (at most ").append(spec.maxCycles())
                .append(" cycles); ratios to '").append(spec.baseline()).append("'; seeds ").append(seeds)
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
    public String schedules(StudyPlan plan, boolean csv) {
        StudySpec spec = plan.spec();
        M2nSpec settings = of(spec);
        Resolved resolved = resolvedOf(plan);
        M2nTraffic m2n = resolved.traffic();
        List<String> header = new ArrayList<>(List.of("communication", "scheme"));
        header.addAll(PlanPrinter.TRANSFER_COLUMNS);
        CsvWriter table = new CsvWriter("schedules of " + spec.name(), CsvWriter.LineEnd.LF, header);
        StringBuilder b = new StringBuilder();
        RandomStreams streams = new RandomStreams(spec.seedsOf(0).get(0));
        for (int c = 0; c < m2n.communications().size(); c++) {
            M2nTraffic.Resolved r = m2n.communications().get(c);
            for (int si = 0; si < settings.schemes().size(); si++) {
                StudyScheme s = settings.schemes().get(si).scheme();
                if (!s.appliesTo(r.spec().label())) {
                    continue;
                }
                StudyProvider scheduler = resolved.schedulers().get(si);
                Plan p = m2n.plan(c, scheduler, plan.topology(), streams);
                if (csv) {
                    PlanPrinter.transfers(p, table, r.spec().label(), s.label());
                } else {
                    b.append(b.length() == 0 ? "" : "\n").append("== ").append(r.spec().label()).append(" (")
                            .append(r.senders().length).append("-to-").append(r.receivers().length).append("), scheme ")
                            .append(s.label()).append(": ").append(scheduler.label()).append('\n')
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
    public StudyOutputs outputs(StudyPlan plan) {
        // docs/studies/rapidio-m2n.md, "Report for each scheme"
        return new StudyOutputs(new StudySummary.Tables(
                List.of(new StudySummary.Table("Completion time", M2N_COMPLETION_US, "us"),
                        new StudySummary.Table("Completion time", M2N_COMPLETION, "cycles"),
                        new StudySummary.Table("Maximum packet latency", M2N_LATENCY_MAX, "cycles"),
                        new StudySummary.Table("Mean packet latency", M2N_LATENCY_MEAN, "cycles"),
                        new StudySummary.Table("Link and switch-port contention events", M2N_CONTENTION_LINK, "events"),
                        new StudySummary.Table("Endpoint contention events", M2N_CONTENTION_ENDPOINT, "events"),
                        new StudySummary.Table("Contention wait", M2N_CONTENTION_WAIT, "cycles")),
                "; in-flight series and per-node durations in series/"),
                List.of(new StudyChart.PairLatencies()), StudyOutputs.LOAD_POINT_COLUMNS,
                "latency of successive packets (generation to tail delivery) of chosen source-destination pairs;"
                        + " every message cut into " + plan.packetFlits() + "-flit maximum-payload packets");
    }
}
