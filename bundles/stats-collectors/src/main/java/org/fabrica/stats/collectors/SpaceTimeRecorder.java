package org.fabrica.stats.collectors;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.network.BufferProbe;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.topology.CartesianTopology;

/**
 * Records space-time charts (docs/studies/spth.md, "Space-time charts"): at every sampled cycle,
 * the busy state of every VC of a chosen row of input buffers per direction. A buffer is busy
 * when its free space (capacity minus the flits present, {@link BufferProbe}) is at most
 * {@code margin} flits: margin 0 marks only full buffers, as th(0) does; margin 8 marks buffers
 * with 8 or fewer free flits, as th(8) does.
 *
 * <p>Sampled cycles are {@code start, start + stride, ...} below {@code start + length}; a cycle
 * is sampled at its end ({@link #cycleEnd(long)}, called by the run after the network's cycle;
 * repeated calls for one cycle are ignored). All storage is allocated up front; sampling reads
 * the probe and writes into a preallocated matrix.
 */
public final class SpaceTimeRecorder implements NetworkObserver {
    /** Largest chart accepted, in cells (sampled cycles x buffers), to bound memory (4 bytes a cell). */
    public static final long MAX_CELLS = 1L << 22;
    /** Largest VC count recorded: the busy state of a cell is a 32-bit mask, bit v for VC v. */
    public static final int MAX_VCS = 32;

    /**
     * One chart: the input buffers along a line of routers, in order.
     *
     * @param label direction label, e.g. {@code E}
     * @param routers router of each cell
     * @param inPorts input port of each cell's router
     */
    public record Line(String label, int[] routers, int[] inPorts) {
        public Line {
            if (routers.length != inPorts.length || routers.length == 0) {
                throw new IllegalArgumentException("line " + label + " needs one input port per router and at least one router");
            }
            routers = routers.clone();
            inPorts = inPorts.clone();
        }

        @Override
        public int[] routers() {
            return routers.clone();
        }

        @Override
        public int[] inPorts() {
            return inPorts.clone();
        }

        int cells() {
            return routers.length;
        }
    }

    /**
     * Which cycles are sampled and what counts as busy.
     *
     * @param start first sampled cycle, >= 0
     * @param length cycles covered, >= 1
     * @param stride cycles between samples, >= 1
     * @param margin a buffer is busy when its free space is at most this many flits, >= 0
     */
    public record Sampling(long start, long length, long stride, int margin) {
        public Sampling {
            if (start < 0 || length < 1 || stride < 1 || margin < 0) {
                throw new IllegalArgumentException("space-time sampling start = " + start + ", length = " + length
                        + ", stride = " + stride + ", margin = " + margin
                        + "; use start >= 0, length >= 1, stride >= 1 and margin >= 0");
            }
        }

        /** Number of sampled cycles. */
        public long samples() {
            return (length + stride - 1) / stride;
        }
    }

    private final BufferProbe probe;
    private final Line[] lines;
    private final Sampling sampling;
    private final int vcs;
    private final int capacity;
    private final int cells;
    private final long end;
    private final long[] cycles;
    private final int[] masks;
    private int samples;
    private long lastCycle = -1;

    /**
     * @throws IllegalArgumentException when the chart would exceed {@link #MAX_CELLS}, the margin
     *         is not below the buffer capacity, or there are more than {@link #MAX_VCS} VCs
     */
    public SpaceTimeRecorder(BufferProbe probe, List<Line> lines, Sampling sampling) {
        if (probe == null || lines == null || lines.isEmpty() || sampling == null) {
            throw new IllegalArgumentException("a space-time recorder needs a buffer probe, at least one line and a sampling");
        }
        this.probe = probe;
        this.lines = lines.toArray(new Line[0]);
        this.sampling = sampling;
        this.vcs = probe.vcs();
        this.capacity = probe.capacityFlits();
        if (vcs < 1 || vcs > MAX_VCS) {
            throw new IllegalArgumentException("space-time charts record 1 .. " + MAX_VCS + " VCs per port; the network has "
                    + vcs);
        }
        if (sampling.margin() >= capacity) {
            throw new IllegalArgumentException("space-time margin = " + sampling.margin() + " flits would mark every buffer"
                    + " of " + capacity + " flits busy; use a margin below the buffer capacity");
        }
        int c = 0;
        for (Line l : this.lines) {
            c += l.cells();
        }
        this.cells = c;
        long rows = sampling.samples();
        if (rows * cells > MAX_CELLS) {
            throw new IllegalArgumentException("a space-time chart of " + rows + " sampled cycles x " + cells
                    + " buffers exceeds " + MAX_CELLS + " cells; shorten the length or raise the stride");
        }
        this.end = sampling.start() + sampling.length();
        this.cycles = new long[(int) rows];
        this.masks = new int[(int) (rows * cells)];
    }

    /**
     * The four charts of a two-dimensional torus or mesh, in the order E, W, N, S
     * (docs/studies/spth.md): E and W along the row y = floor(k_y / 3), x = 0 .. k_x - 1; N and S
     * along the column x = floor(k_x / 3), y = 0 .. k_y - 1. A chart shows the buffers of the
     * packets travelling in its direction: E (+x) the input port fed by the west neighbour (the
     * x- port), W (-x) the x+ port, N (+y) the y- port, S (-y) the y+ port. So cell j of the E
     * chart is the buffer whose state router j-1 puts into bit 0 of its east VCinfo register.
     *
     * @throws IllegalArgumentException when the topology is not two-dimensional
     */
    public static List<Line> torusLines(CartesianTopology topology) {
        if (topology.dimensions() != 2) {
            throw new IllegalArgumentException("space-time charts are defined for 2-dimensional tori and meshes; this"
                    + " topology has " + topology.dimensions() + " dimensions");
        }
        int kx = topology.radix(0);
        int ky = topology.radix(1);
        int row = ky / 3;
        int column = kx / 3;
        List<Line> out = new ArrayList<>(4);
        out.add(line("E", kx, j -> j + row * kx, topology.minusPort(0)));
        out.add(line("W", kx, j -> j + row * kx, topology.plusPort(0)));
        out.add(line("N", ky, i -> column + i * kx, topology.minusPort(1)));
        out.add(line("S", ky, i -> column + i * kx, topology.plusPort(1)));
        return out;
    }

    private static Line line(String label, int n, java.util.function.IntUnaryOperator router, int port) {
        int[] routers = new int[n];
        int[] ports = new int[n];
        for (int j = 0; j < n; j++) {
            routers[j] = router.applyAsInt(j);
            ports[j] = port;
        }
        return new Line(label, routers, ports);
    }

    @Override
    public void cycleEnd(long cycle) {
        if (cycle <= lastCycle) {
            return;
        }
        lastCycle = cycle;
        if (cycle < sampling.start() || cycle >= end || (cycle - sampling.start()) % sampling.stride() != 0
                || samples == cycles.length) {
            return;
        }
        int base = samples * cells;
        int margin = sampling.margin();
        for (Line l : lines) {
            int[] routers = l.routers;
            int[] ports = l.inPorts;
            for (int j = 0; j < routers.length; j++) {
                int mask = 0;
                for (int v = 0; v < vcs; v++) {
                    if (capacity - probe.occupiedFlits(routers[j], ports[j], v) <= margin) {
                        mask |= 1 << v;
                    }
                }
                masks[base++] = mask;
            }
        }
        cycles[samples++] = cycle;
    }

    /** True once every sampled cycle has been recorded. */
    public boolean complete() {
        return samples == cycles.length;
    }

    /** The chart recorded so far. */
    public SpaceTimeChart chart() {
        String[] labels = new String[lines.length];
        int[] widths = new int[lines.length];
        for (int i = 0; i < lines.length; i++) {
            labels[i] = lines[i].label();
            widths[i] = lines[i].cells();
        }
        return new SpaceTimeChart(labels, widths, vcs, sampling.margin(), java.util.Arrays.copyOf(cycles, samples),
                java.util.Arrays.copyOf(masks, samples * cells));
    }
}
