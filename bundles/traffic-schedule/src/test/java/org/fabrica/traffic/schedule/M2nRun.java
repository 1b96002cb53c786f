package org.fabrica.traffic.schedule;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.generic.GenericHardwareFactory;
import org.fabrica.hardware.generic.GenericRouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.network.flit.FlitNetworkFactory;
import org.fabrica.network.flit.FlitNetworkParameters;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.basic.SingleVcFactory;
import org.fabrica.queuing.basic.SingleVcParameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.fattree.DModKFactory;
import org.fabrica.routing.fattree.DModKParameters;
import org.fabrica.routing.fattree.SModKFactory;
import org.fabrica.routing.fattree.SModKParameters;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.Transaction;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.m2n.BaselineFactory;
import org.fabrica.scheduler.m2n.BaselineParameters;
import org.fabrica.scheduler.m2n.HierarchicalFactory;
import org.fabrica.scheduler.m2n.HierarchicalParameters;
import org.fabrica.scheduler.m2n.ShuffleFactory;
import org.fabrica.scheduler.m2n.ShuffleParameters;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.TreeTopology;
import org.fabrica.topology.fattree.ExtendedKAryNTreeFactory;
import org.fabrica.topology.fattree.ExtendedKAryNTreeParameters;

/**
 * One M-to-N run on the flit-level network built from the real providers: extended k-ary n-tree,
 * smodk / dmodk, generic router with one VC and virtual cut-through, 1vc queuing, no throttle,
 * and a scheduler's plan played by {@link SchedulePlayback}.
 */
final class M2nRun {
    int k = 2;
    int n = 3;
    int[] senders = range(0, 6);
    int[] receivers = range(6, 16);
    long packetsPerMessage = 4;
    int packetFlits = 8;
    int bufferFlits = 16;
    String scheduler = "shuffle";
    String routing = "smodk";
    boolean topForced = true;
    /** -1: the link rate (gap = packet length). */
    long gapCycles = -1;
    /** Rounds of the plan's (single) transaction to play, 1-based, inclusive. */
    int firstRound = 1;
    int lastRound = Integer.MAX_VALUE;
    /** The plan the last {@link #run()} played. */
    Plan played;

    /** What a run measured. */
    record Result(long generated, long delivered, long contention, long endpointContention, long waitCycles,
            long completion, boolean truncated, Map<Long, Integer> deliveredPerPair, boolean deliveredOnce,
            long[] firstCreated, long[] lastDelivered) {
        @Override
        public String toString() {
            return "link/switch-port events " + contention + ", endpoint events " + endpointContention + ", wait cycles "
                    + waitCycles + ", completion " + completion + " cycles, " + delivered + "/" + generated + " delivered";
        }
    }

    static int[] range(int from, int to) {
        int[] a = new int[to - from];
        for (int i = 0; i < a.length; i++) {
            a[i] = from + i;
        }
        return a;
    }

    TreeTopology topology() {
        return (TreeTopology) new ExtendedKAryNTreeFactory()
                .create(Parameters.bind(ExtendedKAryNTreeParameters.class, Map.of("k", k, "n", n)));
    }

    Plan plan(TreeTopology topology) {
        Demands demands = Demands.personalized(senders, receivers, packetsPerMessage, SizeUnit.PACKETS);
        return switch (scheduler) {
            case "shuffle" -> new ShuffleFactory().create(topology, Parameters.defaults(ShuffleParameters.class)).plan(demands);
            case "baseline" -> new BaselineFactory().create(topology, Parameters.defaults(BaselineParameters.class)).plan(demands);
            case "hierarchical" -> new HierarchicalFactory().create(topology,
                    Parameters.defaults(HierarchicalParameters.class)).plan(demands);
            default -> throw new IllegalArgumentException(scheduler);
        };
    }

    RoutingAlgorithm routing(TreeTopology topology) {
        return switch (routing) {
            case "smodk" -> new SModKFactory().create(topology,
                    Parameters.bind(SModKParameters.class, Map.of("topForced", topForced)));
            case "dmodk" -> new DModKFactory().create(topology,
                    Parameters.bind(DModKParameters.class, Map.of("topForced", topForced)));
            default -> throw new IllegalArgumentException(routing);
        };
    }

    Result run() {
        TreeTopology topology = topology();
        Plan whole = plan(topology);
        Transaction only = whole.transactions().get(0);
        List<Round> rounds = only.rounds().subList(firstRound - 1, Math.min(lastRound, only.rounds().size()));
        // several transactions (barriers) are played whole; one transaction may be cut to some rounds
        Plan plan = whole.transactions().size() > 1 ? whole : new Plan(whole.scheduler(), whole.unit(),
                whole.roundOrder(), List.of(new Transaction(only.label(), rounds)), whole.outcomes(), whole.placement());
        played = plan;
        SchedulePlayback playback = SchedulePlayback.of(plan, topology,
                new Pacing(packetFlits, 0, gapCycles < 0 ? packetFlits : gapCycles, 0));
        Map<String, Object> hw = new HashMap<>();
        hw.put("vcs", 1);
        hw.put("bufferFlits", bufferFlits);
        hw.put("flowControl", FlowControl.VIRTUAL_CUT_THROUGH);
        RouterParameters router = new GenericHardwareFactory()
                .create(Parameters.bind(GenericRouterParameters.class, hw, "generic")).router();
        Map<Long, Integer> perPair = new HashMap<>();
        BitSet seen = new BitSet();
        boolean[] once = {true};
        long[] last = {-1};
        long[] firstCreated = new long[topology.nodes()];
        long[] lastDelivered = new long[topology.nodes()];
        java.util.Arrays.fill(firstCreated, Long.MAX_VALUE);
        java.util.Arrays.fill(lastDelivered, -1);
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                    long cycle, int hops) {
                playback.observer().packetDelivered(packet, source, destination, flits, created, injected, cycle, hops);
                firstCreated[source] = Math.min(firstCreated[source], created);
                lastDelivered[source] = Math.max(lastDelivered[source], cycle);
                if (seen.get((int) packet)) {
                    once[0] = false;
                }
                seen.set((int) packet);
                perPair.merge((long) source * topology.nodes() + destination, 1, Integer::sum);
                last[0] = Math.max(last[0], cycle);
            }
        };
        NetworkSetup setup = new NetworkSetup(topology, router, routing(topology),
                context -> new SingleVcFactory().create(context, Parameters.defaults(SingleVcParameters.class)),
                context -> new NoThrottleFactory().create(context, Parameters.defaults(NoThrottleParameters.class)),
                playback.pattern(), playback.injection(), packetFlits, observer, new RandomStreams(1),
                new RunLimits(1_000_000, 10_000),
                new ProviderNames(routing + " (routing-fattree test)", "1vc (queuing-basic test)", "none (throttle-none test)",
                        scheduler + " playback (traffic-schedule test)"),
                org.fabrica.hardware.EndpointTiming.NONE, new org.fabrica.testing.FactoryRouterParts().with("round-robin", new org.fabrica.router.allocators.RoundRobinFactory()));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        long c = 0;
        while (true) {
            if (c % 64 == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
            if (net.done(c)) {
                break;
            }
            c++;
        }
        return new Result(net.generated(), net.delivered(), net.contentionEvents(), net.endpointContentionEvents(),
                net.contentionWaitCycles(), last[0] + 1, net.truncated(), perPair,
                once[0] && seen.cardinality() == net.delivered(), firstCreated, lastDelivered);
    }
}
