package org.fabrica.stats.collectors;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/**
 * Steady-state latency and throughput of one load point, measured the way BookSim2 measures
 * them: the packets <em>generated</em> in the measurement window [warm-up, warm-up + measure)
 * are the measured packets; the run goes on (generation included) until every one of them has
 * been delivered, so their latency is not biased towards the fast ones.
 * <ul>
 * <li>latency: from generation to delivery of the tail flit, in cycles (average, p50, p99, max);</li>
 * <li>network latency: from injection of the head into the network to tail delivery;</li>
 * <li>accepted throughput: flits delivered during the window, any packet, per node per cycle;</li>
 * <li>offered load: flits generated during the window per node per cycle.</li>
 * </ul>
 * Membership in the measured set is decided from the generation cycle that every delivery event
 * carries, so nothing is stored per packet and no event allocates.
 *
 * <p>A {@link PacketFilter} (since 1.2) narrows the measured packets to a subset, decided from the
 * source and destination that every event carries (e.g. the foreground packets of a traffic pattern
 * with a hot part). Latencies, hops, the drain condition and the measured packet counts then cover
 * the subset only; {@code offered} and {@code accepted} still count every packet (the network's
 * load), and two metrics more, {@value #OFFERED_MEASURED} and {@value #ACCEPTED_MEASURED}, give the
 * subset's own throughput. Without a filter the results are those of every packet, as before.
 * Not thread-safe: the network's thread reports events; read results after the run.
 */
public final class SteadyStateCollector implements StatisticsCollector {
    /** Metric names, in the order {@link #results(long)} lists them. */
    public static final String OFFERED = "offered";
    public static final String ACCEPTED = "accepted";
    /** Offered load of the measured subset (only with a {@link PacketFilter}). @since 1.2 */
    public static final String OFFERED_MEASURED = "offered.measured";
    /** Accepted throughput of the measured subset (only with a {@link PacketFilter}). @since 1.2 */
    public static final String ACCEPTED_MEASURED = "accepted.measured";
    public static final String LATENCY_AVG = "latency.avg";
    public static final String LATENCY_P50 = "latency.p50";
    public static final String LATENCY_P99 = "latency.p99";
    public static final String LATENCY_MAX = "latency.max";
    public static final String NETWORK_LATENCY_AVG = "latency.network.avg";
    public static final String HOPS_AVG = "hops.avg";
    public static final String PACKETS_MEASURED = "packets.measured";
    public static final String PACKETS_MEASURED_DELIVERED = "packets.measured.delivered";
    public static final String PACKETS_GENERATED = "packets.generated";
    public static final String PACKETS_DELIVERED = "packets.delivered";
    /**
     * The window's length in cycles, {@code measure} or shorter when it was cut: a metric the
     * runner adds when a saturation check may cut it (since 1.3).
     */
    public static final String WINDOW_CYCLES = "window.cycles";

    private static final String RATE = "flits/node/cycle";

    /**
     * The packets a collector measures, by source and destination; a pure function of the two, asked
     * for every packet when it is generated and again when it is delivered. Hot path: no allocation.
     *
     * @since 1.2
     */
    @FunctionalInterface
    public interface PacketFilter {
        boolean measured(int source, int destination);
    }

    private final int nodes;
    private final long windowStart;
    /** First cycle after the window; earlier than {@code warmup + measure} once the window was cut ({@link #cutWindow}). */
    private long windowEnd;
    /** The measured subset, or null for every packet. */
    private final PacketFilter filter;
    /** What the subset is, in words (e.g. "foreground packets"), or null. */
    private final String subset;

    private long measuredGenerated;
    private long measuredGeneratedFlits;
    private long measuredDelivered;
    private long networkLatencySum;
    private long hopsSum;
    private long windowGeneratedFlits;
    private long windowDeliveredFlits;
    private long windowDeliveredMeasuredFlits;
    private long totalGenerated;
    private long totalDelivered;
    private long lastCycle = -1;
    private final LatencyHistogram latency = new LatencyHistogram();

    /**
     * @param nodes end nodes of the network (throughput is per node)
     * @param warmup first cycle of the measurement window
     * @param measure length of the window in cycles (at least 1)
     */
    public SteadyStateCollector(int nodes, long warmup, long measure) {
        this(nodes, warmup, measure, null, null);
    }

    /**
     * A collector that measures only the packets {@code filter} accepts (since 1.2).
     *
     * @param nodes end nodes of the network (throughput is per node)
     * @param warmup first cycle of the measurement window
     * @param measure length of the window in cycles (at least 1)
     * @param filter the measured packets, or null for every packet
     * @param subset what the filter keeps, in words, for the metrics' descriptions (e.g. "foreground
     *        packets"); required with a filter
     */
    public SteadyStateCollector(int nodes, long warmup, long measure, PacketFilter filter, String subset) {
        if (filter != null && (subset == null || subset.isBlank())) {
            throw new IllegalArgumentException("a packet filter needs the words for what it measures, e.g."
                    + " \"foreground packets\"");
        }
        this.filter = filter;
        this.subset = filter == null ? null : subset;
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes = " + nodes + "; a network has at least one node");
        }
        if (warmup < 0 || measure < 1) {
            throw new IllegalArgumentException("warm-up = " + warmup + ", measure = " + measure
                    + "; use warm-up >= 0 and measure >= 1 cycles");
        }
        this.nodes = nodes;
        this.windowStart = warmup;
        this.windowEnd = warmup + measure;
    }

    /**
     * Measured packets in flight that may still be copied (a multi-output route: a multicast),
     * and the copies made of measured packets: every copy of a measured packet is measured when it
     * is delivered, so the window is complete when originals and copies are all delivered.
     */
    private final PacketIdSet measuredInFlight = new PacketIdSet();
    private boolean copiesSeen;
    private long measuredCopies;

    /**
     * Measures copies too: the run may copy packets (a collective engine's multicast), so every
     * measured packet is tracked until delivered and its copies are measured with it. Call before
     * the run; without it a copy is not measured and a run with copies never completes its window.
     */
    public SteadyStateCollector trackCopies() {
        copiesSeen = true;
        return this;
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        totalGenerated++;
        if (cycle >= windowStart && cycle < windowEnd) {
            windowGeneratedFlits += flits;
            if (filter == null || filter.measured(source, destination)) {
                measuredGenerated++;
                measuredGeneratedFlits += flits;
                if (copiesSeen) {
                    measuredInFlight.add(packet);
                }
            }
        }
    }

    @Override
    public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
        if (copiesSeen && measuredInFlight.contains(packet)) {
            measuredInFlight.add(copy);
            measuredCopies++;
        }
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        totalDelivered++;
        if (copiesSeen) {
            measuredInFlight.remove(packet);
        }
        boolean measured = filter == null || filter.measured(source, destination);
        if (delivered >= windowStart && delivered < windowEnd) {
            windowDeliveredFlits += flits;
            if (measured) {
                windowDeliveredMeasuredFlits += flits;
            }
        }
        if (measured && created >= windowStart && created < windowEnd) {
            measuredDelivered++;
            latency.record(delivered - created);
            networkLatencySum += delivered - injected;
            hopsSum += hops;
        }
    }

    /** Records that cycle {@code cycle} has been simulated; may be reported more than once per cycle. */
    @Override
    public void cycleEnd(long cycle) {
        if (cycle > lastCycle) {
            lastCycle = cycle;
        }
    }

    /** True once the last cycle of the measurement window has ended. */
    public boolean windowClosed() {
        return lastCycle >= windowEnd - 1;
    }

    /**
     * True when the window has closed and every packet generated in it has been delivered: the
     * point's measurement is complete and the run may stop.
     */
    public boolean allMeasuredDelivered() {
        return lastCycle >= windowEnd - 1 && measuredDelivered == measuredGenerated + measuredCopies;
    }

    /**
     * True when the window's flits delivered so far are fewer than {@code ratio} times the flits
     * generated in it so far, of the measured subset when there is one (since 1.3): the
     * saturation rule applied to the part of the window simulated. False before the window opens.
     */
    public boolean acceptsBelow(double ratio) {
        long generated = filter == null ? windowGeneratedFlits : measuredGeneratedFlits;
        long delivered = filter == null ? windowDeliveredFlits : windowDeliveredMeasuredFlits;
        return generated > 0 && delivered < ratio * generated;
    }

    /**
     * Ends the measurement window early, at the end of the last cycle simulated (since 1.3): the
     * window becomes [warm-up, that cycle + 1), throughput is divided by its cut length, and the
     * measured packets are those generated in it (their latency covers the ones delivered).
     * For a point ended as saturated before its window closed; the run must stop here.
     *
     * @throws IllegalStateException before the window has opened or after it has closed
     */
    public void cutWindow() {
        if (lastCycle < windowStart || lastCycle >= windowEnd - 1) {
            throw new IllegalStateException("the window [" + windowStart + ", " + windowEnd
                    + ") can be cut only while it is open; the last cycle simulated is " + lastCycle);
        }
        windowEnd = lastCycle + 1;
    }

    /** True when a filter narrows the measured packets to a subset. */
    public boolean measuresSubset() {
        return filter != null;
    }

    /** Packets generated in the window (so far), of the measured subset when there is one. */
    public long measuredGenerated() {
        return measuredGenerated;
    }

    /** Packets generated in the window and delivered (so far). */
    public long measuredDelivered() {
        return measuredDelivered;
    }

    /** Packets generated since the start of the run. */
    public long totalGenerated() {
        return totalGenerated;
    }

    /** Packets delivered since the start of the run. */
    public long totalDelivered() {
        return totalDelivered;
    }

    /** End nodes the throughput is divided by. */
    public int nodes() {
        return nodes;
    }

    /** First cycle of the measurement window. */
    public long windowStart() {
        return windowStart;
    }

    /** First cycle after the measurement window. */
    public long windowEnd() {
        return windowEnd;
    }

    @Override
    public List<Metric> results(long endCycle) {
        double perNodeCycle = (double) nodes * (windowEnd - windowStart);
        double measuredCount = measuredDelivered;
        String packets = subset == null ? "packets" : subset;
        List<Metric> out = new ArrayList<>(14);
        out.add(new Metric(OFFERED, windowGeneratedFlits / perNodeCycle, RATE,
                "flits generated during the measurement window per node per cycle"));
        out.add(new Metric(ACCEPTED, windowDeliveredFlits / perNodeCycle, RATE,
                "flits delivered during the measurement window per node per cycle"));
        if (filter != null) {
            out.add(new Metric(OFFERED_MEASURED, measuredGeneratedFlits / perNodeCycle, RATE,
                    "flits of " + subset + " generated during the measurement window per node per cycle"));
            out.add(new Metric(ACCEPTED_MEASURED, windowDeliveredMeasuredFlits / perNodeCycle, RATE,
                    "flits of " + subset + " delivered during the measurement window per node per cycle"));
        }
        out.add(new Metric(LATENCY_AVG, latency.mean(), "cycles",
                "average packet latency, generation to tail delivery, of " + packets + " generated in the window"));
        out.add(new Metric(LATENCY_P50, latency.percentile(0.50), "cycles", "median packet latency"));
        out.add(new Metric(LATENCY_P99, latency.percentile(0.99), "cycles", "99th percentile packet latency"));
        out.add(new Metric(LATENCY_MAX, latency.max(), "cycles", "largest packet latency"));
        out.add(new Metric(NETWORK_LATENCY_AVG, measuredDelivered == 0 ? Double.NaN : networkLatencySum / measuredCount,
                "cycles", "average network latency, head injection to tail delivery"));
        out.add(new Metric(HOPS_AVG, measuredDelivered == 0 ? Double.NaN : hopsSum / measuredCount, "hops",
                "average router-to-router hops of measured packets"));
        out.add(new Metric(PACKETS_MEASURED, measuredGenerated, "packets", packets + " generated in the window"));
        out.add(new Metric(PACKETS_MEASURED_DELIVERED, measuredDelivered, "packets",
                packets + " generated in the window and delivered by the end of the run"));
        out.add(new Metric(PACKETS_GENERATED, totalGenerated, "packets", "packets generated during the run"));
        out.add(new Metric(PACKETS_DELIVERED, totalDelivered, "packets", "packets delivered during the run"));
        return out;
    }
}
