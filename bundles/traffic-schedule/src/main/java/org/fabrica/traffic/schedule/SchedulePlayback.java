package org.fabrica.traffic.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * Plays a scheduler's {@link Plan} as traffic: a {@link TrafficPattern} and an
 * {@link InjectionProcess} that share per-sender state.
 *
 * <h2>What is played</h2>
 * Every sender has an ordered queue of the transfers it performs: transactions in order, rounds in
 * order within each, the sender's transfers of a round in plan order. A transfer of {@code size}
 * packets (or bytes, cut into packets by {@link Pacing#payloadBytesPerPacket()}) becomes that
 * many packets to its destination. A sender generates its packets one after another as
 * {@link Pacing} says; it starts a round's transfer right after the previous one, without waiting
 * for other senders, so rounds are not globally synchronised and packets of consecutive rounds
 * overlap in the network ({@link RoundOrder#PER_SOURCE}, the spec's 6-to-10 claim).
 *
 * <h2>How it meets the network</h2>
 * The network asks {@link InjectionProcess#next} once before a node's first packet and once after
 * each, and {@link TrafficPattern#destination} once per generated packet, in order per node; the
 * i-th destination handed to a node is the destination of its i-th packet. A playback therefore
 * serves exactly one run: create a new one per run (and per seed). The random streams are not
 * used: playback is deterministic.
 *
 * <h2>Not built yet</h2>
 * Barriers: a plan with several transactions (the hierarchical schedule) or with
 * {@link RoundOrder#BARRIER} needs a transaction (round) to start only when the previous one is
 * delivered, which needs delivery feedback from the network; the injection process cannot get it
 * through the traffic API (a node's next generation cycle is fixed when it is asked). Such plans
 * are refused. Pinned routes ({@link ScheduledTransfer#route()}) are refused too: the network's
 * routing algorithm routes every packet.
 */
public final class SchedulePlayback {
    private final Plan plan;
    private final Pacing pacing;
    private final int[][] destinations;
    private final int[] handedOut;
    private final int[] timed;
    private final int senders;
    private final int nodes;
    private final long packets;
    private final long lastGeneration;
    private final TrafficPattern pattern = this::nextDestination;
    private final InjectionProcess injection = new InjectionProcess() {
        @Override
        public long next(int node, long previous, SplittableRandom random) {
            return nextCycle(node, previous);
        }

        @Override
        public double offeredLoad(long now) {
            return load(now);
        }
    };

    private SchedulePlayback(Plan plan, Pacing pacing, int[][] destinations) {
        this.plan = plan;
        this.pacing = pacing;
        this.destinations = destinations;
        this.nodes = destinations.length;
        this.handedOut = new int[nodes];
        this.timed = new int[nodes];
        int s = 0;
        long p = 0;
        long longest = 0;
        for (int[] d : destinations) {
            if (d.length > 0) {
                s++;
                p += d.length;
                longest = Math.max(longest, d.length);
            }
        }
        this.senders = s;
        this.packets = p;
        this.lastGeneration = longest == 0 ? -1 : pacing.startCycle() + (longest - 1) * pacing.gapCycles();
    }

    /**
     * The playback of {@code plan} on {@code topology}'s end nodes.
     *
     * @throws IllegalArgumentException when the plan needs barriers or pinned routes (not built),
     *         names a node the topology does not have, or is sized in bytes without a payload per
     *         packet
     */
    public static SchedulePlayback of(Plan plan, Topology topology, Pacing pacing) {
        if (plan == null || topology == null || pacing == null) {
            throw new IllegalArgumentException("schedule playback needs a plan, a topology and a pacing");
        }
        if (plan.transactions().size() > 1) {
            throw new IllegalArgumentException("plan of '" + plan.scheduler() + "' has " + plan.transactions().size()
                    + " transactions separated by barriers; playing barriers needs delivery feedback from the network,"
                    + " which schedule playback does not have yet: play one transaction at a time");
        }
        if (plan.roundOrder() == RoundOrder.BARRIER && plan.roundCount() > 1) {
            throw new IllegalArgumentException("plan of '" + plan.scheduler() + "' puts a barrier after every round;"
                    + " playing barriers needs delivery feedback from the network, which schedule playback does not have"
                    + " yet: use round order per-source");
        }
        if (plan.unit() == SizeUnit.BYTES && pacing.payloadBytesPerPacket() < 1) {
            throw new IllegalArgumentException("plan of '" + plan.scheduler() + "' is sized in bytes; set the payload"
                    + " bytes per packet in the pacing to cut its transfers into packets");
        }
        int nodes = topology.nodes();
        List<List<int[]>> perSender = new ArrayList<>(nodes);
        long[] count = new long[nodes];
        for (int n = 0; n < nodes; n++) {
            perSender.add(new ArrayList<>());
        }
        for (Transaction t : plan.transactions()) {
            for (Round r : t.rounds()) {
                for (ScheduledTransfer s : r.transfers()) {
                    if (s.source() >= nodes || s.destination() >= nodes) {
                        throw new IllegalArgumentException("plan of '" + plan.scheduler() + "' has transfer "
                                + s.source() + " -> " + s.destination() + ", but " + topology.describe() + " has nodes 0.."
                                + (nodes - 1) + "; plan for this topology");
                    }
                    if (s.route().isPresent()) {
                        throw new IllegalArgumentException("plan of '" + plan.scheduler() + "' pins transfer "
                                + s.source() + " -> " + s.destination() + " to route " + s.route().get()
                                + "; schedule playback lets the network's routing algorithm route, so use a plan"
                                + " without routes");
                    }
                    long p = plan.unit() == SizeUnit.PACKETS ? s.size()
                            : (s.size() + pacing.payloadBytesPerPacket() - 1) / pacing.payloadBytesPerPacket();
                    count[s.source()] += p;
                    if (count[s.source()] > Integer.MAX_VALUE - 8) {
                        throw new IllegalArgumentException("node " + s.source() + " would send more than "
                                + Integer.MAX_VALUE + " packets; use a larger packet or a smaller plan");
                    }
                    perSender.get(s.source()).add(new int[] {s.destination(), (int) p});
                }
            }
        }
        int[][] destinations = new int[nodes][];
        for (int n = 0; n < nodes; n++) {
            int[] d = new int[(int) count[n]];
            int i = 0;
            for (int[] transfer : perSender.get(n)) {
                for (int k = 0; k < transfer[1]; k++) {
                    d[i++] = transfer[0];
                }
            }
            destinations[n] = d;
        }
        return new SchedulePlayback(plan, pacing, destinations);
    }

    /** The plan played. */
    public Plan plan() {
        return plan;
    }

    /** The pacing of the senders. */
    public Pacing pacing() {
        return pacing;
    }

    /** The destinations of the packets, one per generated packet, in each sender's order. */
    public TrafficPattern pattern() {
        return pattern;
    }

    /** The generation cycles of the packets, as {@link Pacing} says. */
    public InjectionProcess injection() {
        return injection;
    }

    /** Packets the whole plan generates. */
    public long packets() {
        return packets;
    }

    /** Packets {@code node} generates (0 for a node that sends nothing). */
    public int packets(int node) {
        return destinations[node].length;
    }

    /** Destination of the i-th packet of {@code node}. */
    public int destination(int node, int i) {
        return destinations[node][i];
    }

    /** Cycle of the last packet's generation (-1 when the plan sends nothing). */
    public long lastGenerationCycle() {
        return lastGeneration;
    }

    private int nextDestination(int source, SplittableRandom random) {
        int i = handedOut[source];
        int[] d = destinations[source];
        if (i >= d.length) {
            throw new IllegalStateException("schedule playback: node " + source + " was asked for packet " + (i + 1)
                    + " but its plan has " + d.length + "; a playback serves one run, create a new one per run");
        }
        handedOut[source] = i + 1;
        return d[i];
    }

    private long nextCycle(int node, long previous) {
        int i = timed[node];
        if (i >= destinations[node].length) {
            return InjectionProcess.NEVER;
        }
        timed[node] = i + 1;
        return i == 0 ? Math.max(pacing.startCycle(), previous) : previous + pacing.gapCycles();
    }

    /** Flits per node per cycle while senders generate at their pace (a burst at one cycle reports 0). */
    private double load(long now) {
        if (pacing.gapCycles() == 0 || now < pacing.startCycle() || now > lastGeneration || nodes == 0) {
            return 0;
        }
        return (double) senders * pacing.packetFlits() / pacing.gapCycles() / nodes;
    }
}
