package org.fabrica.network.flit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.fabrica.stats.NetworkObserver;

/**
 * Single-threaded speed probe of the flit model (not a unit test; run its main). For each
 * configuration it runs a warm-up and then the measured run three times and prints the median of
 * router-cycles/s (routers x cycles / wall seconds) and flit-hops/s, with the average latency and
 * accepted throughput of the measured window (packets generated after the warm-up), and the
 * median router-cycles per second of the thread's CPU time (steadier on a shared machine).
 *
 * <p>Configurations: BookSim2's default IQ router timing (generic hardware defaults), uniform
 * traffic, Bernoulli injection, DOR with packet-hash ties at distance k/2 (both directions used,
 * like BookSim's dim_order); 8x8: 2 VCs x 8 flits, BookSim's wrap-aware datelines; 32x32: 3 VCs x
 * 16 flits, two datelines per ring (docs/studies/spth.md, "Deadlock avoidance").
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat cp.txt) org.fabrica.network.flit.SpeedProbe [scale]
 * </pre>
 * {@code scale} multiplies the simulated cycles (default 1).
 */
public final class SpeedProbe {
    /** Latency of packets generated at or after {@code from}; accepted flits delivered in [from, to). */
    static final class Window implements NetworkObserver {
        final long from;
        final long to;
        final int nodes;
        long packets;
        long latencySum;
        long acceptedFlits;

        Window(long from, long to, int nodes) {
            this.from = from;
            this.to = to;
            this.nodes = nodes;
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long delivered, int hops) {
            if (created >= from && created < to) {
                packets++;
                latencySum += delivered - created;
            }
            if (delivered >= from && delivered < to) {
                acceptedFlits += flits;
            }
        }
    }

    /** Rates per wall-clock second and per second of this thread's CPU time (robust on a shared machine). */
    record Result(double routerCyclesPerSecond, double flitHopsPerSecond, double latency, double accepted,
            double routerCyclesPerCpuSecond) {
    }

    public static void main(String[] args) {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        System.out.println("config,load,routers,cycles,router-cycles/s,flit-hops/s,avg-latency,"
                + "accepted-flits/node/cycle,router-cycles/cpu-s");
        for (double load : new double[] {0.05, 0.1, 0.3}) {
            probe("8x8 torus dor 2vc x 8 flits, 8-flit packets", 8, 2, 8, load, (long) (200_000 * scale));
        }
        for (double load : new double[] {0.05, 0.1, 0.175}) {
            probe("32x32 torus dor 3vc x 16 flits, 8-flit packets", 32, 3, 16, load, (long) (20_000 * scale));
        }
    }

    static void probe(String name, int k, int vcs, int buffer, double load, long cycles) {
        long warm = cycles / 5;
        List<Result> results = new ArrayList<>();
        run(k, vcs, buffer, load, warm, warm / 2); // JIT warm-up
        for (int i = 0; i < 3; i++) {
            results.add(run(k, vcs, buffer, load, cycles, warm));
        }
        double[] rc = results.stream().mapToDouble(Result::routerCyclesPerSecond).sorted().toArray();
        double[] fh = results.stream().mapToDouble(Result::flitHopsPerSecond).sorted().toArray();
        double[] cpu = results.stream().mapToDouble(Result::routerCyclesPerCpuSecond).sorted().toArray();
        Result first = results.get(0);
        System.out.printf(Locale.ROOT, "%s,%.3f,%d,%d,%.3e,%.3e,%.2f,%.4f,%.3e   (wall runs: %s)%n", name, load, k * k,
                cycles, rc[1], fh[1], first.latency(), first.accepted(), cpu[1],
                Arrays.toString(Arrays.stream(rc).mapToLong(Math::round).toArray()));
    }

    static Result run(int k, int vcs, int buffer, double load, long cycles, long warm) {
        TorusRuns t = new TorusRuns();
        t.k = k;
        t.vcs = vcs;
        t.bufferFlits = buffer;
        t.load = load;
        t.maxCycles = cycles;
        t.deadlockCycles = 100_000;
        t.tie = "packet-hash";
        t.dateline = vcs == 3 ? "two-per-ring" : "wrap-aware";
        Window w = new Window(warm, cycles, k * k);
        t.observer = w;
        FlitNetwork net = t.create();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long c = 0;
        while (true) {
            if ((c & 4095) == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
            if (net.done(c)) {
                break;
            }
            c++;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        double routerCycles = (double) k * k * net.cycles();
        return new Result(routerCycles / seconds, net.flitHops() / seconds,
                w.packets == 0 ? Double.NaN : (double) w.latencySum / w.packets,
                (double) w.acceptedFlits / (k * k) / (cycles - warm), routerCycles / cpuSeconds);
    }
}
