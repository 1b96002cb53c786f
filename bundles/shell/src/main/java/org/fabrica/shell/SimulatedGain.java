package org.fabrica.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.plot.Series;
import org.fabrica.stats.CsvReader;

/**
 * The simulated multi-rail gain of a results folder, for {@code fabrica model multirail
 * --simulated}: from its {@code variants.csv} (an experiment whose variants run one plane,
 * {@code topology.rails} 1, and m rails, over {@code traffic.packetBytes}), G(L) = T(1 rail) /
 * T(m rails) of {@code collective.duration}, one curve per value of the file's other axes (e.g. the
 * packet count).
 *
 * @param groups curve label ("" with no other axis) -> packet length -> {T(1 rail), T(m rails)}
 */
record SimulatedGain(Map<String, Map<Integer, double[]>> groups) {
    static final String RAILS = "topology.rails";
    static final String LENGTH = "traffic.packetBytes";
    static final String DURATION = "collective.duration";

    static SimulatedGain read(Path results, int rails) {
        Path file = results.resolve("variants.csv");
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ExperimentException(file + ": no such file; --simulated takes the results folder of an experiment"
                    + " with variants over topology.rails and traffic.packetBytes, e.g. of examples/dawning/multirail.yaml");
        } catch (IOException e) {
            throw new ExperimentException(file + ": cannot read it: " + e.getMessage(), e);
        }
        List<List<String>> records = CsvReader.records(file.toString(), text);
        if (records.isEmpty()) {
            throw new ExperimentException(file + ": empty");
        }
        List<String> header = records.get(0);
        int railCol = column(file, header, RAILS);
        int lengthCol = column(file, header, LENGTH);
        int durationCol = column(file, header, DURATION);
        int schemeCol = header.indexOf("scheme");
        // the other axes: the columns between pattern and scheme, but rails and length
        List<Integer> others = new ArrayList<>();
        for (int c = 1; c < schemeCol; c++) {
            if (c != railCol && c != lengthCol) {
                others.add(c);
            }
        }
        Map<String, Map<Integer, double[]>> groups = new TreeMap<>();
        for (List<String> r : records.subList(1, records.size())) {
            if (r.size() != header.size() || r.get(durationCol).isEmpty()) {
                continue;
            }
            StringBuilder label = new StringBuilder();
            for (int c : others) {
                label.append(label.length() == 0 ? "" : ", ").append(shortName(header.get(c))).append('=').append(r.get(c));
            }
            if (schemeCol >= 0 && !r.get(schemeCol).isEmpty()) {
                label.append(label.length() == 0 ? "" : ", ").append(r.get(schemeCol));
            }
            int length = (int) Double.parseDouble(r.get(lengthCol));
            int m = (int) Double.parseDouble(r.get(railCol));
            double[] t = groups.computeIfAbsent(label.toString(), k -> new TreeMap<>())
                    .computeIfAbsent(length, k -> new double[] {Double.NaN, Double.NaN});
            if (m == 1) {
                t[0] = Double.parseDouble(r.get(durationCol));
            } else if (m == rails) {
                t[1] = Double.parseDouble(r.get(durationCol));
            }
        }
        boolean any = false;
        for (Map<Integer, double[]> g : groups.values()) {
            for (double[] t : g.values()) {
                any |= !Double.isNaN(t[0]) && !Double.isNaN(t[1]);
            }
        }
        if (!any) {
            throw new ExperimentException(file + ": no packet length has both a one-rail and a " + rails + "-rail "
                    + DURATION + "; run one plane (topology.rails 1) and " + rails + " rails (or give --rails)");
        }
        return new SimulatedGain(groups);
    }

    private static int column(Path file, List<String> header, String name) {
        int c = header.indexOf(name);
        if (c < 0) {
            throw new ExperimentException(file + ": no column " + name + " (columns " + header + "); --simulated needs"
                    + " variants over " + RAILS + " and " + LENGTH + " in a collective run, as in"
                    + " examples/dawning/multirail.yaml");
        }
        return c;
    }

    private static String shortName(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    /** The packet lengths of the file, in order. */
    List<Integer> lengths() {
        TreeSet<Integer> all = new TreeSet<>();
        groups.values().forEach(g -> all.addAll(g.keySet()));
        return new ArrayList<>(all);
    }

    /** G of curve {@code group} at {@code length}, NaN when a time is missing. */
    double gain(String group, int length) {
        double[] t = groups.get(group).get(length);
        return t == null ? Double.NaN : t[0] / t[1];
    }

    String header() {
        StringBuilder sb = new StringBuilder();
        for (String g : groups.keySet()) {
            sb.append("  G simulated").append(g.isEmpty() ? "" : " (" + g + ")");
        }
        return sb.toString();
    }

    String row(int length) {
        StringBuilder sb = new StringBuilder();
        for (String g : groups.keySet()) {
            String head = "G simulated" + (g.isEmpty() ? "" : " (" + g + ")");
            sb.append(String.format(Locale.ROOT, "  %" + head.length() + "s", Double.isNaN(gain(g, length)) ? "-"
                    : String.format(Locale.ROOT, "%.4f", gain(g, length))));
        }
        return sb.toString();
    }

    /** The analytic series followed by one simulated series per curve. */
    List<Series> withSeries(Series analytic) {
        List<Series> out = new ArrayList<>(List.of(analytic));
        for (Map.Entry<String, Map<Integer, double[]>> g : groups.entrySet()) {
            double[] x = new double[g.getValue().size()];
            double[] y = new double[x.length];
            int i = 0;
            for (Map.Entry<Integer, double[]> e : g.getValue().entrySet()) {
                x[i] = e.getKey();
                y[i++] = e.getValue()[0] / e.getValue()[1];
            }
            out.add(new Series("G simulated" + (g.getKey().isEmpty() ? "" : ", " + g.getKey()), x, y));
        }
        return out;
    }
}
