package org.fabrica.network.flit;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import org.fabrica.hardware.FlowControl;

/**
 * Single-threaded speed probe of the flit model past saturation on a large network (not a unit
 * test; run its main, or {@code tools/speed-pairs -p SaturatedProbe}). {@link SpeedProbe}'s tori are
 * small enough for the caches; the OSHA/SASHA study's saturated points are not: deep queues in
 * every VC of thousands of routers, tens of megabytes of state swept every cycle, so memory
 * latency rather than instructions sets the pace (docs/architecture.md, section 10, "Size").
 *
 * <p>The configuration: a 48 x 48 torus (2,304 routers, the study's torus configuration 1), DOR
 * with two datelines per ring, 4 VCs of 512 flits, virtual cut-through, 64-flit packets, uniform
 * traffic offered at 0.7 flits per node and cycle (past saturation), BookSim2's router timing (the
 * {@code generic} defaults). The network is first filled ({@code fill} cycles, not timed), then
 * {@code windows} consecutive windows of {@code cycles} cycles are timed by the thread's CPU time;
 * the line printed gives the fastest window (router-cycles per second of wall and CPU time,
 * flit-hops per second) and the accepted rate over all windows, in {@link SpeedProbe}'s columns.
 * Its latency column is NaN on purpose: past saturation latency grows with the run, and few of
 * the packets created in the windows are delivered within them.
 * The fastest, not the median: on a shared virtual machine other tenants' memory traffic slows
 * this memory-bound load by up to 2.5 times in bursts of seconds (measured 2026-11-27), and
 * interference only ever slows a window down. Every build goes through the same states (the
 * run is deterministic), so the windows of two builds compare one to one.
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat cp.txt) org.fabrica.network.flit.SaturatedProbe [scale]
 * </pre>
 * {@code scale} multiplies the timed cycles (default 1: 5 windows of 1,000 cycles after 4,000 of fill).
 */
public final class SaturatedProbe {
    private SaturatedProbe() {
    }

    public static void main(String[] args) {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        System.out.println("config,load,routers,cycles,router-cycles/s,flit-hops/s,avg-latency,"
                + "accepted-flits/node/cycle,router-cycles/cpu-s");
        probe("48x48 torus dor 4vc x 512 flits vct, 64-flit packets, saturated", 48, 0.7, 4_000,
                Math.max(100, (long) (1_000 * scale)), 5);
    }

    static void probe(String name, int k, double load, long fill, long cycles, int windows) {
        TorusRuns t = new TorusRuns();
        t.k = k;
        t.vcs = 4;
        t.bufferFlits = 512;
        t.flow = FlowControl.VIRTUAL_CUT_THROUGH;
        t.packetFlits = 64;
        t.load = load;
        t.maxCycles = fill + cycles * windows;
        t.deadlockCycles = 100_000;
        t.tie = "packet-hash";
        t.dateline = "two-per-ring";
        SpeedProbe.Window w = new SpeedProbe.Window(fill, t.maxCycles, k * k);
        t.observer = w;
        FlitNetwork net = t.create();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long c = 0;
        for (; c < fill; c++) {
            step(net, c);
        }
        double[] wall = new double[windows];
        double[] cpu = new double[windows];
        double[] hops = new double[windows];
        for (int i = 0; i < windows; i++) {
            long hopsBefore = net.flitHops();
            long cpuStart = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            for (long end = c + cycles; c < end; c++) {
                step(net, c);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
            double routerCycles = (double) k * k * cycles;
            wall[i] = routerCycles / seconds;
            cpu[i] = routerCycles / cpuSeconds;
            hops[i] = (net.flitHops() - hopsBefore) / seconds;
        }
        double accepted = (double) w.acceptedFlits / (k * k) / (cycles * windows);
        System.out.printf(Locale.ROOT, "%s,%.3f,%d,%d,%.3e,%.3e,%.2f,%.4f,%.3e   (wall windows: %s)%n", name, load,
                k * k, cycles, max(wall), max(hops), Double.NaN, accepted, max(cpu),
                Arrays.toString(Arrays.stream(wall).mapToLong(Math::round).toArray()));
    }

    private static void step(FlitNetwork net, long c) {
        if ((c & 4095) == 0) {
            net.atSafePoint(c);
        }
        net.cycle(c);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
