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
 * Draws one results folder's latency against accepted traffic on a logarithmic latency axis, one
 * curve per scheme, for docs/studies/osha-sasha.md. The runner's own plot has a linear axis, on
 * which one point just past saturation (a latency of 100 us where the others stay below 5) flattens
 * every other curve. Run with the plot bundle on the class path, from the repository's root:
 *
 * <pre>
 * java -cp bundles/plot/target/plot-0.1.0-SNAPSHOT.jar tools/study-figures/LatencyCurves.java OUT.svg \
 *     CYCLE_NS "title" RESULTS_FOLDER
 * </pre>
 *
 * OUT ending in .png gives a PNG, anything else an SVG. CYCLE_NS converts the folder's latencies
 * (cycles) to microseconds: 5.12 for the InfiniBand model's 64-byte flit at 100 Gbps. Points whose status is not "ok" (saturated) and load 0 are
 * left out, as in the runner's plot.
 */
public final class LatencyCurves {
    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: LatencyCurves OUT.svg CYCLE_NS title resultsFolder");
        }
        double cycleNs = Double.parseDouble(args[1]);
        List<String> lines = Files.readAllLines(Path.of(args[3], "points.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        int scheme = column(header, "scheme");
        int status = column(header, "status");
        int load = column(header, "load");
        int accepted = column(header, "accepted");
        int latency = column(header, "latency.avg");
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        int left = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            List<double[]> curve = points.computeIfAbsent(cells[scheme], s -> new ArrayList<>());
            if (Double.parseDouble(cells[load]) == 0) {
                continue;
            }
            if (!cells[status].equals("ok")) {
                left++;
                continue;
            }
            curve.add(new double[] {Double.parseDouble(cells[accepted]),
                    Double.parseDouble(cells[latency]) * cycleNs / 1000});
        }
        List<Series> series = new ArrayList<>();
        int style = 0;
        for (Map.Entry<String, List<double[]>> e : points.entrySet()) {
            List<double[]> p = e.getValue();
            p.sort((a, b) -> Double.compare(a[0], b[0]));
            double[] x = new double[p.size()];
            double[] y = new double[p.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = p.get(i)[0];
                y[i] = p.get(i)[1];
            }
            series.add(new Series(e.getKey(), x, y, style++));
        }
        Chart chart = new Chart(args[2], "average packet latency (generation to delivery), log scale; " + left
                + " saturated points not shown", "accepted traffic (flits/node/cycle)", "average latency (us)", true,
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
            throw new IllegalArgumentException("points.csv has no column '" + name + "'");
        }
        return i;
    }
}
