package org.fabrica.stats.collectors;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/**
 * Duration of a collective (unsteady) run, docs/studies/spth.md "Two ways of offering load", 2:
 * every node generates its packets at cycle 0 and the duration is the cycle in which the last
 * packet's tail is delivered. Also per node: the cycle in which the last packet a node sent was
 * delivered (its send duration) and the cycle in which the last packet addressed to it arrived.
 * Nodes that sent nothing (every packet of theirs mapped onto themselves) have no duration.
 * Nothing is allocated per event.
 */
public final class CollectiveDurationCollector implements StatisticsCollector {
    /** Metric names, in the order {@link #results(long)} lists them. */
    public static final String DURATION = "collective.duration";
    public static final String NODE_DURATION_MEAN = "collective.nodeDuration.mean";
    public static final String NODE_DURATION_MIN = "collective.nodeDuration.min";
    public static final String SENDING_NODES = "collective.sendingNodes";
    public static final String LATENCY_AVG = "latency.avg";
    public static final String PACKETS_GENERATED = "packets.generated";
    public static final String PACKETS_DELIVERED = "packets.delivered";

    private final int nodes;
    private final long[] sent;
    private final long[] received;
    private final long[] lastSentDelivered;
    private final long[] lastReceived;
    private long generated;
    private long delivered;
    private long lastDelivery = -1;
    private long latencySum;

    /** @param nodes end nodes of the network */
    public CollectiveDurationCollector(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes = " + nodes + "; a network has at least one node");
        }
        this.nodes = nodes;
        this.sent = new long[nodes];
        this.received = new long[nodes];
        this.lastSentDelivered = new long[nodes];
        this.lastReceived = new long[nodes];
        Arrays.fill(lastSentDelivered, -1);
        Arrays.fill(lastReceived, -1);
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        generated++;
        sent[source]++;
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        this.delivered++;
        received[destination]++;
        latencySum += delivered - created;
        if (delivered > lastDelivery) {
            lastDelivery = delivered;
        }
        if (delivered > lastSentDelivered[source]) {
            lastSentDelivered[source] = delivered;
        }
        if (delivered > lastReceived[destination]) {
            lastReceived[destination] = delivered;
        }
    }

    /** True when at least one packet was generated and every generated packet has been delivered. */
    public boolean allDelivered() {
        return generated > 0 && delivered == generated;
    }

    /**
     * The collective's duration: the cycle in which the last packet was delivered, or -1 when
     * packets are still in flight or none was generated.
     */
    public long duration() {
        return allDelivered() ? lastDelivery : -1;
    }

    /** Packets generated per node (as source). */
    public long[] packetsSent() {
        return sent.clone();
    }

    /** Packets delivered per node (as destination). */
    public long[] packetsReceived() {
        return received.clone();
    }

    /** Per source node: cycle its last packet was delivered, -1 when it sent nothing or it is not delivered yet. */
    public long[] nodeDurations() {
        long[] out = lastSentDelivered.clone();
        for (int n = 0; n < nodes; n++) {
            if (sent[n] == 0) {
                out[n] = -1;
            }
        }
        return out;
    }

    /** Per destination node: cycle the last packet addressed to it arrived, -1 when none did. */
    public long[] lastArrivals() {
        return lastReceived.clone();
    }

    public long generated() {
        return generated;
    }

    public long delivered() {
        return delivered;
    }

    @Override
    public List<Metric> results(long endCycle) {
        long sending = 0;
        double sum = 0;
        long min = Long.MAX_VALUE;
        boolean complete = allDelivered();
        for (int n = 0; n < nodes; n++) {
            if (sent[n] > 0) {
                sending++;
                sum += lastSentDelivered[n];
                min = Math.min(min, lastSentDelivered[n]);
            }
        }
        List<Metric> out = new ArrayList<>(7);
        out.add(new Metric(DURATION, complete ? lastDelivery : Double.NaN, "cycles",
                "cycle in which the last packet was delivered (every node generates at cycle 0)"));
        out.add(new Metric(NODE_DURATION_MEAN, complete && sending > 0 ? sum / sending : Double.NaN, "cycles",
                "mean over sending nodes of the cycle in which a node's last packet was delivered"));
        out.add(new Metric(NODE_DURATION_MIN, complete && sending > 0 ? min : Double.NaN, "cycles",
                "earliest cycle at which a sending node had all its packets delivered"));
        out.add(new Metric(SENDING_NODES, sending, "nodes", "nodes that generated at least one packet"));
        out.add(new Metric(LATENCY_AVG, delivered == 0 ? Double.NaN : (double) latencySum / delivered, "cycles",
                "average packet latency, generation to tail delivery"));
        out.add(new Metric(PACKETS_GENERATED, generated, "packets", "packets generated during the run"));
        out.add(new Metric(PACKETS_DELIVERED, delivered, "packets", "packets delivered during the run"));
        return out;
    }
}
