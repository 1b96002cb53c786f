import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.plot.Chart;
import org.fabrica.plot.ChartRenderer;
import org.fabrica.plot.Series;

/**
 * Draws the PTRANS execution times of several results folders as one grouped bar chart (a group
 * per scheme, a bar per folder), for docs/studies/osha-sasha.md. Run with the plot bundle on the
 * class path, from the repository's root:
 *
 * <pre>
 * java -cp bundles/plot/target/plot-0.1.0-SNAPSHOT.jar tools/study-figures/PtransBars.java OUT.svg \
 *     "KNS, shared=RUNS/kns-2d-shared" "KNS, VOQ=RUNS/kns-2d-voq" ...
 * </pre>
 *
 * Each argument after the output is {@code label=folder}; the folder's points.csv gives one
 * trace.executionMicros per scheme.
 */
public final class PtransBars {
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: PtransBars OUT.svg label=resultsFolder ...");
        }
        List<String> schemes = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Map<String, Double>> values = new ArrayList<>();
        for (int a = 1; a < args.length; a++) {
            int eq = args[a].indexOf('=');
            labels.add(args[a].substring(0, eq));
            List<String> lines = Files.readAllLines(Path.of(args[a].substring(eq + 1), "points.csv"));
            List<String> header = List.of(lines.get(0).split(","));
            int scheme = header.indexOf("scheme");
            int micros = header.indexOf("trace.executionMicros");
            Map<String, Double> byScheme = new HashMap<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",", -1);
                byScheme.put(cells[scheme], Double.parseDouble(cells[micros]));
                if (!schemes.contains(cells[scheme])) {
                    schemes.add(cells[scheme]);
                }
            }
            values.add(byScheme);
        }
        double[] x = new double[schemes.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        List<Series> series = new ArrayList<>();
        for (int f = 0; f < labels.size(); f++) {
            double[] y = new double[schemes.size()];
            for (int i = 0; i < y.length; i++) {
                y[i] = values.get(f).getOrDefault(schemes.get(i), Double.NaN);
            }
            series.add(new Series(labels.get(f), x, y));
        }
        Chart chart = Chart.bars("PTRANS-like transpose, 4 copies of 576 ranks on 2,304 nodes",
                "execution time per scheme (order 4,800, 2 iterations, linear mapping)", "scheme",
                "execution time (us)", schemes, series);
        Files.writeString(Path.of(args[0]), ChartRenderer.svg(chart, true));
    }
}
