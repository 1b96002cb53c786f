import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.fabrica.analysis.MultiRailModel;
import org.fabrica.plot.Chart;
import org.fabrica.plot.ChartRenderer;
import org.fabrica.plot.Series;

/**
 * The multi-rail gain G against the packet length for docs/studies/dawning.md: the analytic
 * model's (MultiRailModel.dawning(), as `./fabrica model multirail` prints it) beside the
 * simulated one, T(one 4x plane) / T(four 1x rails) of the collective.duration that
 * examples/dawning/multirail.yaml writes to its variants.csv, for each number of packets. Run from
 * the repository's root with the plot and analysis bundles on the class path:
 *
 * <pre>
 * java -cp bundles/plot/target/plot-0.1.0-SNAPSHOT.jar:bundles/analysis/target/analysis-0.1.0-SNAPSHOT.jar \
 *     tools/study-figures/MultiRailG.java OUT.svg results/dawning-multirail
 * </pre>
 *
 * The results folder's variants.csv has the columns traffic.injection.packets, topology.rails (1
 * and 4), traffic.packetBytes and collective.duration. OUT ending in {@code .png} writes a PNG
 * image, anything else SVG.
 */
public final class MultiRailG {
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: MultiRailG OUT.svg RESULTS (a results folder of multirail.yaml)");
        }
        List<String> lines = Files.readAllLines(Path.of(args[1]).resolve("variants.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        int packets = column(header, "traffic.injection.packets");
        int rails = column(header, "topology.rails");
        int bytes = column(header, "traffic.packetBytes");
        int duration = column(header, "collective.duration");
        // packets -> bytes -> rails -> duration
        Map<String, Map<Double, Map<String, Double>>> runs = new LinkedHashMap<>();
        TreeSet<Double> lengths = new TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            double length = Double.parseDouble(f[bytes]);
            lengths.add(length);
            runs.computeIfAbsent(f[packets], k -> new LinkedHashMap<>()).computeIfAbsent(length, k -> new LinkedHashMap<>())
                    .put(f[rails], Double.parseDouble(f[duration]));
        }
        double[] x = lengths.stream().mapToDouble(Double::doubleValue).toArray();
        double[] analytic = new double[x.length];
        MultiRailModel model = MultiRailModel.dawning();
        for (int i = 0; i < x.length; i++) {
            analytic[i] = model.gain(x[i]);
        }
        List<Series> series = new ArrayList<>();
        series.add(new Series("analytic (as written)", x, analytic));
        for (Map.Entry<String, Map<Double, Map<String, Double>>> n : runs.entrySet()) {
            double[] g = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                Map<String, Double> t = n.getValue().getOrDefault(x[i], Map.of());
                g[i] = t.containsKey("1") && t.containsKey("4") ? t.get("1") / t.get("4") : Double.NaN;
            }
            series.add(new Series("simulated, " + n.getKey() + (n.getKey().equals("1") ? " packet" : " packets"), x, g));
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

    private static int column(List<String> header, String name) {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("variants.csv has no column " + name + " (columns: " + header
                    + "); run examples/dawning/multirail.yaml, whose variants make it");
        }
        return i;
    }
}
