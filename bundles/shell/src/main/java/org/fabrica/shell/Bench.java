package org.fabrica.shell;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabrica.sweep.PointResult;

/**
 * The fixed benchmark configurations and the format of their {@code BENCH} lines. Each
 * configuration is one experiment file {@code examples/bench/<name>.yaml} with one point, run
 * single-threaded; the configurations follow the speed target of docs/architecture.md
 * ("Performance targets and scale": 8x8 and 32x32 tori, DOR, uniform and bit-complement traffic), plus tornado and one overloaded point that
 * shows the dateline scheme does not deadlock.
 */
final class Bench {
    /** Metrics read from each point (nothing else is asked of the runner). */
    static final String CYCLES = "sim.cycles";
    static final String FLIT_HOPS = "sim.flitHops";
    static final String WALL_SECONDS = "sim.wallSeconds";
    static final String LATENCY_AVG = "latency.avg";
    static final String ACCEPTED = "accepted";

    /**
     * One configuration.
     *
     * @param name configuration and file name (without .yaml)
     * @param routers routers (= nodes) of its topology, for the per-router rates
     * @param quickWarmup warm-up cycles with --quick
     * @param quickMeasure measured cycles with --quick
     * @param quickDrain the most drain cycles with --quick: a saturated point (0.175 and the overload
     *     on 32 x 32) drains to this limit, so it sets their length (the files' 10,000 made --quick
     *     take minutes)
     */
    record Config(String name, int routers, long quickWarmup, long quickMeasure, long quickDrain) {
        String fileName() {
            return name + ".yaml";
        }

        /** The --quick overrides of the file's windows. */
        Map<String, String> quickOverrides() {
            return Map.of("warmup", Long.toString(quickWarmup), "measure", Long.toString(quickMeasure),
                    "drain", Long.toString(quickDrain));
        }

        /** The most router-cycles a --quick run of this configuration simulates. */
        long quickRouterCycles() {
            return routers * (quickWarmup + quickMeasure + quickDrain);
        }
    }

    // --quick is a smoke of the bench (every configuration runs, same lines), about a minute in all
    static final List<Config> CONFIGS = List.of(
            new Config("torus8x8-uniform-0.05", 64, 1_000, 5_000, 2_000),
            new Config("torus8x8-uniform-0.1", 64, 1_000, 5_000, 2_000),
            new Config("torus8x8-uniform-0.3", 64, 1_000, 5_000, 2_000),
            new Config("torus32x32-uniform-0.05", 1024, 500, 1_000, 1_000),
            new Config("torus32x32-uniform-0.1", 1024, 500, 1_000, 1_000),
            new Config("torus32x32-uniform-0.175", 1024, 500, 1_000, 1_000),
            // below saturation, but its last packets cross the whole torus: 1,000 drain cycles cut them off
            new Config("torus32x32-bitcomp-0.09", 1024, 500, 1_000, 4_000),
            new Config("torus32x32-tornado-0.04", 1024, 500, 1_000, 1_000),
            new Config("torus32x32-uniform-0.4-overload", 1024, 500, 1_000, 1_000));

    private Bench() {
    }

    /**
     * The machine-readable line of a finished point. Rates divide by the point's own simulation
     * wall time ({@code sim.wallSeconds}); flits delivered per second is
     * accepted (flits/node/cycle) x nodes x cycles / wall time. Missing metrics print NaN.
     */
    static String line(Config config, PointResult result) {
        if (result.failed()) {
            return failedLine(config, result.failure());
        }
        double cycles = value(result, CYCLES);
        double flitHops = value(result, FLIT_HOPS);
        double wall = value(result, WALL_SECONDS);
        double latency = value(result, LATENCY_AVG);
        double accepted = value(result, ACCEPTED);
        double routerCyclesPerSecond = rate(config.routers() * cycles, wall);
        double flitHopsPerSecond = rate(flitHops, wall);
        double flitsDeliveredPerSecond = rate(accepted * config.routers() * cycles, wall);
        return "BENCH config=" + config.name()
                + " routers=" + config.routers()
                + " cycles=" + whole(cycles)
                + " wall_s=" + fmt("%.3f", wall)
                + " router_cycles_per_s=" + fmt("%.0f", routerCyclesPerSecond)
                + " flit_hops_per_s=" + fmt("%.0f", flitHopsPerSecond)
                + " flits_delivered_per_s=" + fmt("%.0f", flitsDeliveredPerSecond)
                + " avg_latency=" + fmt("%.3f", latency)
                + " accepted=" + fmt("%.5f", accepted)
                // a saturated point's latency covers only the packets that arrived: say so in the line
                + " status=" + (ResultSummary.isSaturated(result) ? "saturated" : "ok");
    }

    /** The line of a configuration that did not produce a result. */
    static String failedLine(Config config, String message) {
        String m = message == null ? "" : message.replace('\n', ' ').replace("\"", "'");
        return "BENCH config=" + config.name() + " routers=" + config.routers() + " status=failed message=\"" + m
                + "\"";
    }

    private static double value(PointResult r, String name) {
        Double v = ResultSummary.metric(r, name);
        return v == null ? Double.NaN : v;
    }

    private static double rate(double amount, double seconds) {
        return seconds > 0 ? amount / seconds : Double.NaN;
    }

    private static String whole(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "NaN" : Long.toString((long) v);
    }

    private static String fmt(String format, double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "NaN" : String.format(Locale.ROOT, format, v);
    }
}
