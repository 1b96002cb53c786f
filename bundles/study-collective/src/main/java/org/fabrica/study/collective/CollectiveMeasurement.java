package org.fabrica.study.collective;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CollectiveDurationCollector;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.HeldSeries;
import org.fabrica.stats.collectors.InFlightSeries;

/**
 * What a collective point measures: the duration of the burst and of each node's part
 * ({@link CollectiveDurationCollector}), the packets in flight every window
 * ({@link InFlightSeries}, sampled between cycles) and, with an active throttle, the sources it
 * held back per window ({@link HeldSeries}). The point ends when the network does (every packet
 * delivered) or at {@code maxCycles}; then it is saturated, without a duration.
 */
final class CollectiveMeasurement implements StudyMeasurement {
    /** Metric: the largest number of packets in flight. */
    static final String IN_FLIGHT_MAX = "inFlight.max";

    private final int window;
    private final int nodes;
    private final long maxCycles;
    private CollectiveDurationCollector collective;
    private InFlightSeries inFlight;
    /** With an active throttle: the sources it held back per window of the in-flight series; else null. */
    private HeldSeries held;

    CollectiveMeasurement(int window, int nodes, long maxCycles) {
        this.window = window;
        this.nodes = nodes;
        this.maxCycles = maxCycles;
    }

    @Override
    public NetworkObserver observer(int nodes) {
        collective = new CollectiveDurationCollector(nodes);
        inFlight = new InFlightSeries(window);
        return CompositeObserver.of(collective, inFlight);
    }

    @Override
    public NetworkObserver cycleObserver(NetworkModel network) {
        if (network.throttleHeldCycles() < 0) {
            return inFlight;
        }
        held = new HeldSeries(network, inFlight.window());
        return CompositeObserver.of(inFlight, held);
    }

    @Override
    public Outcome outcome(long endCycle, End how) {
        List<Metric> metrics = new ArrayList<>(collective.results(endCycle));
        metrics.add(new Metric(IN_FLIGHT_MAX, inFlight.max(), "packets", "largest number of packets in flight"));
        List<String> names = new ArrayList<>(List.of(PointArtefacts.WINDOW_START, PointArtefacts.IN_FLIGHT));
        List<double[]> columns = new ArrayList<>(List.of(toDouble(inFlight.cycles()), toDouble(inFlight.inFlight())));
        if (held != null) {
            names.add(PointArtefacts.HELD);
            columns.add(held.held());
        }
        boolean complete = collective.allDelivered() && how == End.NETWORK_DONE;
        String endNote = complete ? "every packet delivered at cycle " + collective.duration()
                : "maxCycles = " + maxCycles + " reached with " + (sum(collective.packetsSent())
                        - sum(collective.packetsReceived())) + " packets in flight; no duration";
        return new Outcome(metrics, !complete, endNote, new Tables(null, new Table(names, columns), nodeTable()));
    }

    /** Per end node: packets sent and received, when its last sent packet was delivered, its last arrival. */
    private Table nodeTable() {
        double[] node = new double[nodes];
        for (int n = 0; n < nodes; n++) {
            node[n] = n;
        }
        return new Table(List.of("node", "sent", "received", "lastSentDelivered", "lastArrival"),
                List.of(node, toDouble(collective.packetsSent()), toDouble(collective.packetsReceived()),
                        noneAsNaN(collective.nodeDurations()), noneAsNaN(collective.lastArrivals())));
    }

    private static long sum(long[] v) {
        long s = 0;
        for (long x : v) {
            s += x;
        }
        return s;
    }

    static double[] toDouble(long[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    /** The values, with the negative ones (none) as NaN. */
    static double[] noneAsNaN(long[] v) {
        double[] out = toDouble(v);
        for (int i = 0; i < out.length; i++) {
            if (v[i] < 0) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }
}
