package org.fabrica.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fabrica.analysis.MultiRailModel;
import org.fabrica.experiment.results.AtomicFile;
import org.fabrica.plot.Chart;
import org.fabrica.plot.ChartRenderer;
import org.fabrica.plot.Series;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code fabrica model multirail}: the analytic models of bundle {@code analysis}, printed and plotted. */
@Command(name = "model", mixinStandardHelpOptions = true, description = "Analytic models set beside the simulations:"
        + " 'model multirail' prints and plots the Dawning study's multi-rail gain G against packet length"
        + " (docs/studies/dawning.md).", subcommands = {ModelCommands.MultiRail.class})
final class ModelCommands implements Callable<Integer> {
    private final PrintStream out;

    @Spec
    CommandSpec spec;

    ModelCommands(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "model needs a model: multirail");
    }

    /** {@code model multirail}: {@link MultiRailModel}. */
    @Command(name = "multirail", mixinStandardHelpOptions = true, description = "T_high (one plane of BW_sl), T_multi"
            + " (m planes of BW_ml) and G = T_high / T_multi per packet length (docs/studies/dawning.md, \"Multi-rail\").")
    static final class MultiRail implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--hops", defaultValue = "5", description = "switch hops, Hop (default 5)")
        int hops;

        @Option(names = "--k", defaultValue = "4", description = "the interface's input bandwidth in units of BW_ml"
                + " (default 4)")
        double k;

        @Option(names = "--switch-ns", defaultValue = "50", description = "T_switch in ns (default 50)")
        double switchNs;

        @Option(names = "--rail-gbps", defaultValue = "2.5", description = "BW_ml, each rail's link bandwidth in"
                + " Gbit/s (default 2.5)")
        double railGbps;

        @Option(names = "--rails", defaultValue = "4", description = "m, the rails (default 4)")
        int rails;

        @Option(names = "--single-gbps", description = "BW_sl, the single plane's link bandwidth in Gbit/s (default"
                + " rails x rail-gbps)")
        Double singleGbps;

        @Option(names = "--lengths", split = ",", paramLabel = "BYTES", description = "packet lengths L in bytes"
                + " (default 8,16,...,4096, powers of two)")
        List<Integer> lengths;

        @Option(names = "--plot", paramLabel = "FILE.svg", description = "also draw G against L into this SVG file")
        Path plot;

        @Option(names = "--simulated", paramLabel = "RESULTS", description = "a results folder whose variants.csv"
                + " has the columns topology.rails (1 and --rails), traffic.packetBytes and collective.duration (as"
                + " examples/dawning/multirail.yaml writes): print and draw the simulated G = T(1 rail) / T(m rails)"
                + " beside the model, one curve per value of its other axes; the lengths are then the file's")
        Path simulated;

        @Override
        public Integer call() throws IOException {
            MultiRailModel model;
            try {
                model = new MultiRailModel(hops, k, switchNs, railGbps, rails, singleGbps == null ? rails * railGbps
                        : singleGbps);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "model multirail: " + e.getMessage());
            }
            SimulatedGain sim = simulated == null ? null : SimulatedGain.read(simulated, model.rails());
            List<Integer> ls = lengths;
            if ((ls == null || ls.isEmpty()) && sim != null) {
                ls = sim.lengths();
            }
            if (ls == null || ls.isEmpty()) {
                ls = new java.util.ArrayList<>();
                for (int l = 8; l <= 4096; l *= 2) {
                    ls.add(l);
                }
            }
            for (int l : ls) {
                if (l < 1) {
                    throw new ParameterException(spec.commandLine(), "model multirail: --lengths " + l
                            + " is not a packet length; give bytes >= 1");
                }
            }
            PrintStream out = ((ModelCommands) spec.parent().userObject()).out;
            out.printf(Locale.ROOT, "multi-rail model: Hop %d, k %s, T_switch %s ns, m %d rails of %s Gbit/s against one"
                    + " plane of %s Gbit/s%n", model.hops(), fmt(model.k()), fmt(model.switchNanoseconds()),
                    model.rails(), fmt(model.railGbps()), fmt(model.singleGbps()));
            out.println("L (bytes)  T_high (ns)  T_multi (ns)  G" + (sim == null ? "" : sim.header()));
            double[] x = new double[ls.size()];
            double[] g = new double[ls.size()];
            for (int i = 0; i < ls.size(); i++) {
                int l = ls.get(i);
                x[i] = l;
                g[i] = model.gain(l);
                out.printf(Locale.ROOT, "%9d  %11.1f  %12.1f  %.4f%s%n", l, model.singlePlaneNanoseconds(l),
                        model.multiRailNanoseconds(l), g[i], sim == null ? "" : sim.row(l));
            }
            if (plot != null) {
                Chart chart = new Chart("Multi-rail gain G = T_high / T_multi", String.format(Locale.ROOT,
                        "analytic model: Hop %d, k %s, T_switch %s ns, %d x %s Gbit/s against 1 x %s Gbit/s", model.hops(),
                        fmt(model.k()), fmt(model.switchNanoseconds()), model.rails(), fmt(model.railGbps()),
                        fmt(model.singleGbps())), "packet length L (bytes)", "G", false,
                        sim == null ? List.of(new Series("G (analytic)", x, g)) : sim.withSeries(new Series("G (analytic)", x, g)));
                Path target = plot.toAbsolutePath();
                Files.createDirectories(target.getParent());
                AtomicFile.write(target, ChartRenderer.svg(chart, true));
                out.println("wrote " + plot);
            }
            return FabricaCli.OK;
        }

        private static String fmt(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }
}
