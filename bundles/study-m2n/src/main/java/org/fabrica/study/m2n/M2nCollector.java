package org.fabrica.study.m2n;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.schedule.SchedulePlayback;

/**
 * What an {@code m2n} point measures (docs/studies/rapidio-m2n.md, "Report for each scheme"): the latency
 * of every packet (generation to tail delivery, source queueing included) summarised as maximum
 * and mean, the per-packet latency series of chosen source-destination pairs in generation order
 * ("latency of successive packets"), and per end-node port the packets sent and received and the
 * data rate while active. Hot path: primitive arrays sized before the run, nothing allocated per
 * event.
 */
final class M2nCollector implements NetworkObserver {
    private final int nodes;
    private final int packetFlits;
    /** The pairs recorded: [source, destination]. */
    private final List<int[]> pairs = new ArrayList<>();
    /** Per source, the indices of its recorded pairs (null: none). */
    private final int[][] pairsOfSource;
    private final int[] pairOffset;
    private final int[] pairGenerated;
    /** Slot of a packet id in the pair arrays, or -1 (packet ids of one run count from 0). */
    private final int[] slotOfPacket;
    private final long[] created;
    private final long[] delivered;
    private final long[] sentPackets;
    private final long[] receivedPackets;
    private final long[] firstInjection;
    private final long[] lastInjection;
    private final long[] firstDelivery;
    private final long[] lastDelivery;
    private long deliveredAll;
    private long generatedAll;
    private long latencySum;
    private long latencyMax = -1;
    private long lastDeliveryAll = -1;
    private long duplicates;

    /**
     * @param requested {@code outputs.pairs}, or empty for the representative pairs of the plan
     */
    M2nCollector(int nodes, int packetFlits, Plan plan, SchedulePlayback playback, List<int[]> requested) {
        this.nodes = nodes;
        this.packetFlits = packetFlits;
        List<int[]> wanted = requested.isEmpty() ? representativePairs(plan) : requested;
        int[] counts = new int[wanted.size()];
        for (int p = 0; p < wanted.size(); p++) {
            int s = wanted.get(p)[0];
            int d = wanted.get(p)[1];
            for (int i = 0; i < playback.packets(s); i++) {
                if (playback.destination(s, i) == d) {
                    counts[p]++;
                }
            }
        }
        List<Integer> sizes = new ArrayList<>();
        for (int p = 0; p < wanted.size(); p++) {
            if (counts[p] > 0) {
                pairs.add(wanted.get(p));
                sizes.add(counts[p]);
            }
        }
        pairsOfSource = new int[nodes][];
        pairOffset = new int[pairs.size() + 1];
        for (int p = 0; p < pairs.size(); p++) {
            int s = pairs.get(p)[0];
            int[] old = pairsOfSource[s] == null ? new int[0] : pairsOfSource[s];
            int[] grown = java.util.Arrays.copyOf(old, old.length + 1);
            grown[old.length] = p;
            pairsOfSource[s] = grown;
            pairOffset[p + 1] = pairOffset[p] + sizes.get(p);
        }
        pairGenerated = new int[pairs.size()];
        int slots = pairOffset[pairs.size()];
        created = new long[slots];
        delivered = new long[slots];
        java.util.Arrays.fill(delivered, -1);
        slotOfPacket = new int[(int) Math.min(Integer.MAX_VALUE - 8, playback.packets())];
        java.util.Arrays.fill(slotOfPacket, -1);
        sentPackets = new long[nodes];
        receivedPackets = new long[nodes];
        firstInjection = filled(nodes);
        lastInjection = filled(nodes);
        firstDelivery = filled(nodes);
        lastDelivery = filled(nodes);
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, -1);
        return a;
    }

    /**
     * A few pairs that show the schedule: the first and last transfer of the first and of the last
     * sender, in plan order (duplicates removed).
     */
    static List<int[]> representativePairs(Plan plan) {
        List<ScheduledTransfer> all = plan.transfers();
        if (all.isEmpty()) {
            return List.of();
        }
        int firstSender = all.get(0).source();
        int lastSender = firstSender;
        for (ScheduledTransfer t : all) {
            lastSender = Math.max(lastSender, t.source());
        }
        Set<Long> keys = new LinkedHashSet<>();
        for (int sender : new int[] {firstSender, lastSender}) {
            int first = -1;
            int last = -1;
            for (ScheduledTransfer t : all) {
                if (t.source() == sender) {
                    first = first < 0 ? t.destination() : first;
                    last = t.destination();
                }
            }
            keys.add((long) sender << 32 | first);
            keys.add((long) sender << 32 | last);
        }
        List<int[]> out = new ArrayList<>();
        for (long k : keys) {
            out.add(new int[] {(int) (k >>> 32), (int) k});
        }
        return out;
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        generatedAll++;
        int[] mine = pairsOfSource[source];
        if (mine == null || packet >= slotOfPacket.length) {
            return;
        }
        for (int p : mine) {
            if (pairs.get(p)[1] == destination) {
                int slot = pairOffset[p] + pairGenerated[p]++;
                slotOfPacket[(int) packet] = slot;
                created[slot] = cycle;
                return;
            }
        }
    }

    @Override
    public void packetInjected(long packet, int source, long cycle) {
        sentPackets[source]++;
        if (firstInjection[source] < 0) {
            firstInjection[source] = cycle;
        }
        lastInjection[source] = cycle;
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long cycle, int hops) {
        long latency = cycle - created;
        deliveredAll++;
        latencySum += latency;
        latencyMax = Math.max(latencyMax, latency);
        lastDeliveryAll = Math.max(lastDeliveryAll, cycle);
        receivedPackets[destination]++;
        if (firstDelivery[destination] < 0) {
            firstDelivery[destination] = cycle;
        }
        lastDelivery[destination] = cycle;
        if (packet < slotOfPacket.length && slotOfPacket[(int) packet] >= 0) {
            int slot = slotOfPacket[(int) packet];
            if (delivered[slot] >= 0) {
                duplicates++;
            }
            delivered[slot] = cycle;
        }
    }

    long delivered() {
        return deliveredAll;
    }

    /** Packets generated, as this collector saw them. */
    long generated() {
        return generatedAll;
    }

    /** Largest packet latency in cycles (-1 before the first delivery). */
    long maxLatency() {
        return latencyMax;
    }

    double meanLatency() {
        return deliveredAll == 0 ? Double.NaN : (double) latencySum / deliveredAll;
    }

    /** Completion time: the cycle after the last delivery (0 when nothing was delivered). */
    long completion() {
        return lastDeliveryAll + 1;
    }

    /** Recorded pair packets delivered more than once (0 in a correct network). */
    long duplicates() {
        return duplicates;
    }

    int pairCount() {
        return pairs.size();
    }

    /** The per-packet series of the recorded pairs: source, destination, packet (0-based), created, delivered, latency. */
    StudyMeasurement.Table pairSeries() {
        int rows = pairOffset[pairs.size()];
        double[][] c = new double[6][rows];
        for (int p = 0; p < pairs.size(); p++) {
            for (int slot = pairOffset[p]; slot < pairOffset[p + 1]; slot++) {
                c[0][slot] = pairs.get(p)[0];
                c[1][slot] = pairs.get(p)[1];
                c[2][slot] = slot - pairOffset[p];
                c[3][slot] = created[slot];
                c[4][slot] = delivered[slot] < 0 ? Double.NaN : delivered[slot];
                c[5][slot] = delivered[slot] < 0 ? Double.NaN : delivered[slot] - created[slot];
            }
        }
        return new StudyMeasurement.Table(List.of(SOURCE, DESTINATION, PACKET, CREATED, DELIVERED, LATENCY), List.of(c));
    }

    /**
     * Per end-node port: packets sent and received and the data rate on the terminal link while
     * active, in Gbps (flits x flit bytes x 8 over the cycles from the first to the last packet
     * plus one packet's length).
     */
    StudyMeasurement.Table portSeries(int flitBytes, double cycleNs) {
        double[][] c = new double[9][nodes];
        for (int n = 0; n < nodes; n++) {
            c[0][n] = n;
            c[1][n] = sentPackets[n];
            c[2][n] = receivedPackets[n];
            c[3][n] = gbps(sentPackets[n], firstInjection[n], lastInjection[n], flitBytes, cycleNs);
            c[4][n] = gbps(receivedPackets[n], firstDelivery[n], lastDelivery[n], flitBytes, cycleNs);
            c[5][n] = firstInjection[n] < 0 ? Double.NaN : firstInjection[n];
            c[6][n] = lastInjection[n] < 0 ? Double.NaN : lastInjection[n];
            c[7][n] = firstDelivery[n] < 0 ? Double.NaN : firstDelivery[n];
            c[8][n] = lastDelivery[n] < 0 ? Double.NaN : lastDelivery[n];
        }
        return new StudyMeasurement.Table(List.of("node", "sentPackets", "receivedPackets", "sendGbps", "receiveGbps",
                "firstInjection", "lastInjection", "firstDelivery", "lastDelivery"), List.of(c));
    }

    /** Highest receive rate of any port, Gbps. */
    double maxReceiveGbps(int flitBytes, double cycleNs) {
        double max = Double.NaN;
        for (int n = 0; n < nodes; n++) {
            double g = gbps(receivedPackets[n], firstDelivery[n], lastDelivery[n], flitBytes, cycleNs);
            if (Double.isFinite(g) && !(g <= max)) {
                max = g;
            }
        }
        return max;
    }

    private double gbps(long packets, long first, long last, int flitBytes, double cycleNs) {
        if (packets == 0 || first < 0) {
            return Double.NaN;
        }
        double cycles = last - first + packetFlits;
        return packets * packetFlits * (double) flitBytes * 8.0 / (cycles * cycleNs);
    }

    static final String SOURCE = "source";
    static final String DESTINATION = "destination";
    static final String PACKET = "packet";
    static final String CREATED = "created";
    static final String DELIVERED = "delivered";
    static final String LATENCY = "latency";
}
