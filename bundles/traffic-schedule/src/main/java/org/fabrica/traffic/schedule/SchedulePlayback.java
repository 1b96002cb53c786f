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
import org.fabrica.stats.NetworkObserver;
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
 * overlap in the network ({@link RoundOrder#PER_SOURCE}, the study's 6-to-10 claim).
 *
 * <h2>How it meets the network</h2>
 * The network asks {@link InjectionProcess#next} once before a node's first packet and once after
 * each, and {@link TrafficPattern#destination} once per generated packet, in order per node; the
 * i-th destination handed to a node is the destination of its i-th packet. A playback therefore
 * serves exactly one run: create a new one per run (and per seed). The random streams are not
 * used: playback is deterministic.
 *
 * <h2>Barriers</h2>
 * Transactions are separated by barriers (the hierarchical schedule of docs/studies/rapidio-m2n.md),
 * and with {@link RoundOrder#BARRIER} every round is: the plan is cut into phases (transactions,
 * or rounds under a barrier order) and no packet of phase p+1 is generated before every packet of
 * phases 0..p has been delivered. The playback learns deliveries as a {@link NetworkObserver}
 * ({@link #observer()}, which must be part of the run's observers): a sender whose next packet
 * belongs to a phase not yet open answers {@link InjectionProcess#AFTER_DELIVERY}, and when asked
 * again after a delivery in cycle t that opened the phase, generates its first packet of the
 * phase in cycle t + 1 (the barrier's release is seen one cycle after the last delivery), the
 * following ones at its pace. Since a phase opens only when everything before it is delivered,
 * counting deliveries is enough to know which phase is complete. Pinned routes
 * ({@link ScheduledTransfer#route()}) are refused: the network's routing algorithm routes every
 * packet.
 */
public final class SchedulePlayback {
    private final Plan plan;
    private final Pacing pacing;
    private final int[][] destinations;
    /** Phase of every packet of every sender (null when the plan has one phase). */
    private final int[][] phases;
    /** Packets of phases 0..p, cumulative: phase p is complete when {@code delivered >= phaseEnd[p]}. */
    private final long[] phaseEnd;
    /** Phases complete so far (the open phase is {@code complete}). */
    private int complete;
    private long delivered;
    private final NetworkObserver observer = new NetworkObserver() {
        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long cycle, int hops) {
            delivered(cycle);
        }
    };
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

    private SchedulePlayback(Plan plan, Pacing pacing, int[][] destinations, int[][] phases, long[] phaseEnd) {
        this.plan = plan;
        this.pacing = pacing;
        this.phases = phases;
        this.phaseEnd = phaseEnd;
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
        if (plan.unit() == SizeUnit.BYTES && pacing.payloadBytesPerPacket() < 1) {
            throw new IllegalArgumentException("plan of '" + plan.scheduler() + "' is sized in bytes; set the payload"
                    + " bytes per packet in the pacing to cut its transfers into packets");
        }
        int nodes = topology.nodes();
        boolean roundBarriers = plan.roundOrder() == RoundOrder.BARRIER;
        List<Long> phasePackets = new ArrayList<>();
        List<List<int[]>> perSender = new ArrayList<>(nodes);
        long[] count = new long[nodes];
        for (int n = 0; n < nodes; n++) {
            perSender.add(new ArrayList<>());
        }
        for (Transaction t : plan.transactions()) {
            if (!roundBarriers) {
                phasePackets.add(0L);
            }
            for (Round r : t.rounds()) {
                if (roundBarriers) {
                    phasePackets.add(0L);
                }
                int phase = phasePackets.size() - 1;
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
                    perSender.get(s.source()).add(new int[] {s.destination(), (int) p, phase});
                    phasePackets.set(phase, phasePackets.get(phase) + p);
                }
            }
        }
        int[][] destinations = new int[nodes][];
        boolean barriers = phasePackets.size() > 1;
        int[][] phases = barriers ? new int[nodes][] : null;
        for (int n = 0; n < nodes; n++) {
            int[] d = new int[(int) count[n]];
            int[] ph = barriers ? new int[d.length] : null;
            int i = 0;
            for (int[] transfer : perSender.get(n)) {
                for (int k = 0; k < transfer[1]; k++) {
                    if (barriers) {
                        ph[i] = transfer[2];
                    }
                    d[i++] = transfer[0];
                }
            }
            destinations[n] = d;
            if (barriers) {
                phases[n] = ph;
            }
        }
        long[] phaseEnd = new long[phasePackets.size()];
        long sum = 0;
        for (int p = 0; p < phaseEnd.length; p++) {
            sum += phasePackets.get(p);
            phaseEnd[p] = sum;
        }
        SchedulePlayback playback = new SchedulePlayback(plan, pacing, destinations, phases, phaseEnd);
        playback.delivered(-1); // phases without packets are complete from the start
        return playback;
    }

    /** The plan played. */
    public Plan plan() {
        return plan;
    }

    /** The pacing of the senders. */
    public Pacing pacing() {
        return pacing;
    }

    /**
     * The observer that tells the playback about deliveries; part of the run's observers whenever
     * the plan has barriers ({@link #barriers()}), harmless otherwise.
     */
    public NetworkObserver observer() {
        return observer;
    }

    /** Whether the plan has more than one phase (transactions, or rounds under a barrier order). */
    public boolean barriers() {
        return phases != null;
    }

    /** Phases of the plan: transactions, or rounds under {@link RoundOrder#BARRIER}. */
    public int phaseCount() {
        return phaseEnd.length;
    }

    /** Phases complete so far (every packet of them delivered). */
    public int completePhases() {
        return complete;
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

    /**
     * Cycle of the last packet's generation (-1 when the plan sends nothing); without barriers
     * only (with barriers it depends on deliveries: the pace of one phase).
     */
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
        if (phases != null) {
            int phase = phases[node][i];
            if (phase > complete) {
                return InjectionProcess.AFTER_DELIVERY; // asked again after a delivery
            }
            if (phase > 0 && (i == 0 || phases[node][i - 1] != phase)) {
                // first packet of a phase opened by a delivery in cycle `previous`
                timed[node] = i + 1;
                return Math.max(pacing.startCycle(), previous + 1);
            }
        }
        timed[node] = i + 1;
        return i == 0 ? Math.max(pacing.startCycle(), previous) : previous + pacing.gapCycles();
    }

    private void delivered(long cycle) {
        if (cycle >= 0) {
            delivered++;
        }
        while (complete < phaseEnd.length - 1 && delivered >= phaseEnd[complete]) {
            complete++;
        }
    }

    /** Flits per node per cycle while senders generate at their pace (a burst at one cycle reports 0). */
    private double load(long now) {
        if (pacing.gapCycles() == 0 || now < pacing.startCycle() || now > lastGeneration || nodes == 0) {
            return 0;
        }
        return (double) senders * pacing.packetFlits() / pacing.gapCycles() / nodes;
    }
}
