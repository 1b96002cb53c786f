import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.analysis.MultiRailModel;
import org.fabrica.plot.Chart;
import org.fabrica.plot.ChartRenderer;
import org.fabrica.plot.Series;

/**
 * The multi-rail gain G against the packet length for docs/studies/dawning.md: the analytic
 * model's (MultiRailModel.dawning(), as `./fabrica model multirail` prints it) beside the
 * simulated one, T(one 4x plane) / T(four 1x rails) of examples/dawning/multirail.yaml's
 * collective.duration, for each number of packets. Run from the repository's root with the plot
 * and analysis bundles on the class path:
 *
 * <pre>
 * java -cp bundles/plot/target/plot-0.1.0-SNAPSHOT.jar:bundles/analysis/target/analysis-0.1.0-SNAPSHOT.jar \
 *     tools/study-figures/MultiRailG.java OUT.svg RUNS 1,10000 64,256,1024,4096
 * </pre>
 *
 * RUNS holds one results folder per run, named {@code n<packets>-L<bytes>-r<rails>} (rails 1 and 4).
 * OUT ending in {@code .png} writes a PNG image, anything else SVG.
 */
public final class MultiRailG {
    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: MultiRailG OUT.svg RUNS PACKETS,... BYTES,...");
        }
        Path runs = Path.of(args[1]);
        String[] counts = args[2].split(",");
        String[] lengths = args[3].split(",");
        double[] x = new double[lengths.length];
        double[] analytic = new double[lengths.length];
        MultiRailModel model = MultiRailModel.dawning();
        for (int i = 0; i < lengths.length; i++) {
            x[i] = Double.parseDouble(lengths[i]);
            analytic[i] = model.gain(x[i]);
        }
        List<Series> series = new ArrayList<>();
        series.add(new Series("analytic (as written)", x, analytic));
        for (String n : counts) {
            double[] g = new double[lengths.length];
            for (int i = 0; i < lengths.length; i++) {
                g[i] = duration(runs.resolve("n" + n + "-L" + lengths[i] + "-r1"))
                        / duration(runs.resolve("n" + n + "-L" + lengths[i] + "-r4"));
            }
            series.add(new Series("simulated, " + n + (n.equals("1") ? " packet" : " packets"), x, g));
        }
        Chart chart = new Chart("Multi-rail gain G = T(one 4x plane) / T(four 1x rails)",
                "Hop = 5, T_switch = T_line = 50 ns, 2.5 Gbit/s rails, k = 4", "packet length (bytes)", "G", false,
                series);
        if (args[0].endsWith(".png")) {
            Files.write(Path.of(args[0]), ChartRenderer.png(chart));
        } else {
            Files.writeString(Path.of(args[0]), ChartRenderer.svg(chart, true));
        }
    }

    /** collective.duration of a results folder's only point. */
    private static double duration(Path folder) throws IOException {
        List<String> lines = Files.readAllLines(folder.resolve("points.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        return Double.parseDouble(lines.get(1).split(",", -1)[header.indexOf("collective.duration")]);
    }
}
