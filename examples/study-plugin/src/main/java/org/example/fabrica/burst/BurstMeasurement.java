package org.example.fabrica.burst;

import java.util.Arrays;
import java.util.List;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;

/**
 * What a burst point measures: the packets every node sent and received, the cycle of every
 * delivery, and the latency (delivery - creation) of every packet.
 *
 * <ul>
 * <li>{@value #COMPLETION}: the cycles from 0 until the last packet was delivered (last delivery
 * cycle + 1);
 * <li>{@value #TAIL_CYCLE}: the same for the first {@code ceil(tail x packets)} packets;
 * <li>{@value #LATENCY_MEAN}: the packets' mean latency;
 * <li>{@value #BOUND}: the busiest end node's packets sent or received times the packet length in
 * flits: an end node's link carries at most one flit per cycle, so no burst completes sooner;
 * {@value #EFFICIENCY} is that bound over the completion (1 would be a network with no contention).
 * </ul>
 *
 * A point whose network did not end by itself (the cycle limit) is saturated: its completion and
 * tail are undefined (NaN).
 */
final class BurstMeasurement implements StudyMeasurement, NetworkObserver {
    static final String PACKETS = "burst.packets";
    static final String DELIVERED = "burst.delivered";
    static final String COMPLETION = "burst.completion";
    static final String TAIL_CYCLE = "burst.tail";
    static final String LATENCY_MEAN = "burst.latency.mean";
    static final String BOUND = "burst.bound";
    static final String EFFICIENCY = "burst.efficiency";

    private final double tail;
    private final int packetFlits;
    private long[] sent = new long[0];
    private long[] received = new long[0];
    /** Delivery cycles in order of delivery, grown by doubling. */
    private long[] deliveries = new long[1024];
    private long generated;
    private long delivered;
    private long latencySum;

    /**
     * @param tail the fraction of the packets whose arrival {@value #TAIL_CYCLE} marks, in (0, 1]
     * @param packetFlits the packet length in flits
     */
    BurstMeasurement(double tail, int packetFlits) {
        this.tail = tail;
        this.packetFlits = packetFlits;
    }

    @Override
    public NetworkObserver observer(int nodes) {
        sent = new long[nodes];
        received = new long[nodes];
        return this;
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        generated++;
        sent[source]++;
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long deliveredAt, int hops) {
        if (delivered == deliveries.length) {
            deliveries = Arrays.copyOf(deliveries, deliveries.length * 2);
        }
        deliveries[(int) delivered++] = deliveredAt;
        received[destination]++;
        latencySum += deliveredAt - created;
    }

    @Override
    public Outcome outcome(long endCycle, End how) {
        boolean complete = how == End.NETWORK_DONE && delivered == generated;
        long busiest = 0;
        for (int n = 0; n < sent.length; n++) {
            busiest = Math.max(busiest, Math.max(sent[n], received[n]));
        }
        double bound = (double) busiest * packetFlits;
        double completion = complete && delivered > 0 ? deliveries[(int) delivered - 1] + 1 : Double.NaN;
        double tailCycle = Double.NaN;
        if (complete && delivered > 0) {
            long count = (long) Math.ceil(tail * delivered);
            tailCycle = deliveries[(int) Math.max(count, 1) - 1] + 1;
        }
        List<Metric> metrics = List.of(
                new Metric(PACKETS, generated, "packets", "packets generated"),
                new Metric(DELIVERED, delivered, "packets", "packets delivered"),
                new Metric(COMPLETION, completion, "cycles", "cycles until the last packet was delivered"),
                new Metric(TAIL_CYCLE, tailCycle, "cycles", "cycles until " + tail + " of the packets were delivered"),
                new Metric(LATENCY_MEAN, delivered == 0 ? Double.NaN : (double) latencySum / delivered, "cycles",
                        "mean latency of the delivered packets"),
                new Metric(BOUND, bound, "cycles", "busiest end node's packets sent or received x flits per packet"),
                new Metric(EFFICIENCY, bound / completion, "1", "link bound / completion"));
        String endNote = complete ? "every packet delivered at cycle " + (long) (completion - 1)
                : "maxCycles reached with " + (generated - delivered) + " packets in flight; no completion";
        return new Outcome(metrics, !complete, endNote);
    }
}
