package org.fabrica.stats.collectors;

import java.util.function.LongToDoubleFunction;
import org.fabrica.stats.NetworkObserver;

/**
 * Throughput and latency per window of W cycles, the measurement of the ramp load method
 * (docs/studies/spth.md, "Two ways of offering load", 1): for window i = cycles [i*W, (i+1)*W),
 * <ul>
 * <li>throughput = packets and flits received (tail delivered) in the window; also as flits per
 * node per cycle;</li>
 * <li>average latency = mean age (delivery cycle minus generation cycle) of the packets received
 * in the window, NaN when none arrived;</li>
 * <li>offered load = mean over the window's cycles of the injection process's nominal offered
 * load g(t) in flits/node/cycle (as given by the function passed in, e.g.
 * {@code InjectionProcess::offeredLoad});</li>
 * <li>generated load = flits generated in the window per node per cycle.</li>
 * </ul>
 * Only complete windows are reported: a window closes at the end of its last cycle. Events are
 * attributed to the window of the cycle they carry; an event of a later window closes the open
 * windows (whose offered load is then the mean of the cycles reported so far, NaN if none).
 * {@link #cycleEnd(long)} may be called more than once per cycle (the network and the run both
 * report it); repeats are ignored. Nothing is
 * allocated per event; the per-window columns grow by doubling.
 */
public final class WindowedSeriesCollector implements NetworkObserver {
    /** Default window length W in cycles (the study's 100-cycle windows). */
    public static final int DEFAULT_WINDOW = 100;

    private final int nodes;
    private final int window;
    private final LongToDoubleFunction offeredLoad;

    private final SeriesBuffer packets = new SeriesBuffer(1024);
    private final SeriesBuffer flits = new SeriesBuffer(1024);
    private final SeriesBuffer ageSums = new SeriesBuffer(1024);
    private final SeriesBuffer generatedFlits = new SeriesBuffer(1024);
    private final SeriesBuffer offered = new SeriesBuffer(1024);

    /** Index of the open window. */
    private long current;
    private long openPackets;
    private long openFlits;
    private long openAgeSum;
    private long openGeneratedFlits;
    private double openOfferedSum;
    private int openCycles;
    private long lastCycle = -1;

    /**
     * @param nodes end nodes (throughput and loads are per node)
     * @param window window length W in cycles, at least 1
     * @param offeredLoad nominal offered load in flits/node/cycle at a cycle
     */
    public WindowedSeriesCollector(int nodes, int window, LongToDoubleFunction offeredLoad) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes = " + nodes + "; a network has at least one node");
        }
        if (window < 1) {
            throw new IllegalArgumentException("window = " + window + " cycles; use a window of at least 1 cycle");
        }
        if (offeredLoad == null) {
            throw new IllegalArgumentException("the offered-load function is missing");
        }
        this.nodes = nodes;
        this.window = window;
        this.offeredLoad = offeredLoad;
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        advanceTo(cycle / window);
        openGeneratedFlits += flits;
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        advanceTo(delivered / window);
        openPackets++;
        openFlits += flits;
        openAgeSum += delivered - created;
    }

    @Override
    public void cycleEnd(long cycle) {
        for (long c = lastCycle + 1; c <= cycle; c++) {
            long w = c / window;
            if (w < current) {
                continue; // its window was closed by a later event: those cycles come too late
            }
            advanceTo(w);
            openOfferedSum += offeredLoad.applyAsDouble(c);
            openCycles++;
            if ((c + 1) % window == 0) {
                close();
            }
        }
        if (cycle > lastCycle) {
            lastCycle = cycle;
        }
    }

    /** Closes windows until {@code index} is the open one (an event of a later window arrived first). */
    private void advanceTo(long index) {
        while (current < index) {
            close();
        }
    }

    private void close() {
        packets.add(openPackets);
        flits.add(openFlits);
        ageSums.add(openAgeSum);
        generatedFlits.add(openGeneratedFlits);
        offered.add(openCycles == 0 ? Double.NaN : openOfferedSum / openCycles);
        openPackets = 0;
        openFlits = 0;
        openAgeSum = 0;
        openGeneratedFlits = 0;
        openOfferedSum = 0;
        openCycles = 0;
        current++;
    }

    /** Window length W in cycles. */
    public int window() {
        return window;
    }

    /** Complete windows so far. */
    public int windows() {
        return packets.size();
    }

    /** First cycle of every complete window. */
    public long[] windowStarts() {
        long[] out = new long[windows()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (long) i * window;
        }
        return out;
    }

    /** Packets received per window. */
    public long[] receivedPackets() {
        return packets.toLongArray();
    }

    /** Flits received per window. */
    public long[] receivedFlits() {
        return flits.toLongArray();
    }

    /** Flits received per window, per node per cycle. */
    public double[] throughput() {
        double[] out = flits.toArray();
        double per = (double) nodes * window;
        for (int i = 0; i < out.length; i++) {
            out[i] /= per;
        }
        return out;
    }

    /** Mean age of the packets received in each window in cycles, NaN for a window without packets. */
    public double[] averageLatency() {
        double[] out = new double[windows()];
        for (int i = 0; i < out.length; i++) {
            double n = packets.get(i);
            out[i] = n == 0 ? Double.NaN : ageSums.get(i) / n;
        }
        return out;
    }

    /** Mean nominal offered load of each window's cycles, flits/node/cycle. */
    public double[] offeredLoad() {
        return offered.toArray();
    }

    /** Flits generated in each window per node per cycle. */
    public double[] generatedLoad() {
        double[] out = generatedFlits.toArray();
        double per = (double) nodes * window;
        for (int i = 0; i < out.length; i++) {
            out[i] /= per;
        }
        return out;
    }
}
