import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.plot.Chart;
import org.fabrica.plot.ChartRenderer;
import org.fabrica.plot.Series;

/**
 * Draws the accepted traffic at the highest offered load (the saturation throughput) of several
 * results folders as one grouped bar chart: a group per category, a bar per series, e.g. the
 * Dawning buffer study (docs/studies/dawning.md: a group per buffer size, a bar per packet size).
 * Run with the plot bundle on the class path, from the repository's root:
 *
 * <pre>
 * java -cp bundles/plot/target/plot-0.1.0-SNAPSHOT.jar tools/study-figures/SaturationBars.java OUT.svg \
 *     "TITLE" "X LABEL" "128 B packets|256 B=RUNS/128-256" "128 B packets|512 B=RUNS/128-512" ...
 * </pre>
 *
 * OUT ending in {@code .png} writes a PNG image, anything else SVG. Each argument after the labels is {@code series|category=folder}; the folder's summary.csv gives
 * {@code accepted.mean} of its first pattern and scheme at its highest load. Categories and series
 * keep the order of their first appearance; a missing pair leaves its bar out.
 */
public final class SaturationBars {
    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            throw new IllegalArgumentException("usage: SaturationBars OUT.svg TITLE XLABEL series|category=folder ...");
        }
        List<String> categories = new ArrayList<>();
        Map<String, Map<String, Double>> bySeries = new LinkedHashMap<>();
        for (int a = 3; a < args.length; a++) {
            int eq = args[a].indexOf('=');
            int bar = args[a].indexOf('|');
            if (eq < 0 || bar < 0 || bar > eq) {
                throw new IllegalArgumentException("'" + args[a] + "': give series|category=folder");
            }
            String series = args[a].substring(0, bar);
            String category = args[a].substring(bar + 1, eq);
            if (!categories.contains(category)) {
                categories.add(category);
            }
            bySeries.computeIfAbsent(series, s -> new LinkedHashMap<>())
                    .put(category, saturation(Path.of(args[a].substring(eq + 1), "summary.csv")));
        }
        double[] x = new double[categories.size()];
        List<Series> series = new ArrayList<>();
        for (Map.Entry<String, Map<String, Double>> e : bySeries.entrySet()) {
            double[] y = new double[categories.size()];
            for (int i = 0; i < y.length; i++) {
                y[i] = e.getValue().getOrDefault(categories.get(i), Double.NaN);
            }
            series.add(new Series(e.getKey(), x, y));
        }
        Chart chart = Chart.bars(args[1], "accepted traffic at the highest offered load", args[2],
                "saturation throughput (flits/node/cycle)", categories, series);
        if (args[0].endsWith(".png")) {
            Files.write(Path.of(args[0]), ChartRenderer.png(chart));
        } else {
            Files.writeString(Path.of(args[0]), ChartRenderer.svg(chart, true));
        }
    }

    /** accepted.mean of the first pattern and scheme at the highest load of a summary.csv. */
    private static double saturation(Path summary) throws IOException {
        List<String> lines = Files.readAllLines(summary);
        List<String> header = List.of(lines.get(0).split(","));
        int load = header.indexOf("load");
        int accepted = header.indexOf("accepted.mean");
        String first = null;
        double bestLoad = Double.NEGATIVE_INFINITY;
        double value = Double.NaN;
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            String key = cells[0] + "," + cells[1];
            if (first == null) {
                first = key;
            }
            double l = Double.parseDouble(cells[load]);
            if (key.equals(first) && l > bestLoad) {
                bestLoad = l;
                value = Double.parseDouble(cells[accepted]);
            }
        }
        return value;
    }
}
