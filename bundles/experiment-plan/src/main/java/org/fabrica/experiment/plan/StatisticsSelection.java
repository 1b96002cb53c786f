package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;

/**
 * The experiment key {@code statistics}: the statistics collectors a packet mode's points run
 * besides the mode's own measurement (docs/user-guide.md, "Statistics collectors"). Each entry
 * names a collector provider ({@code collector}), optionally a {@code label} (default: the
 * collector's name) and the provider's parameters; its metrics become the columns
 * {@code <label>.<metric>}. Read, bound and checked here; run per point by the runner's PointStatistics.
 *
 * <pre>{@code
 * statistics:
 *   - latency-percentiles                          # a bare name: label = name, default parameters
 *   - {collector: latency-histogram, label: hist, bins: 20, width: 5}
 * }</pre>
 */
public final class StatisticsSelection {
    /** The experiment key. */
    static final String KEY = SpecReader.STATISTICS_KEY;
    /** Keys of an entry that are not the provider's parameters. */
    static final String COLLECTOR = "collector";
    static final String LABEL = "label";
    /** The label of the simulation's own metrics ({@code sim.cycles}, ...), which every point writes after the collectors'. */
    static final String SIMULATION = "sim";

    private StatisticsSelection() {
    }

    /** A collector as the file names it; {@code collector.path()} is {@code statistics[i]}. */
    record Choice(String label, ProviderChoice collector) {
    }

    /** A collector with its provider found and its parameters bound. */
    public record Bound(String label, BoundProvider collector) {
    }

    /**
     * Reads the {@code statistics} list (empty when the key is absent, null or an empty list).
     *
     * @throws org.fabrica.experiment.ExperimentException naming the entry and the fix
     */
    static List<Choice> read(ExperimentDocument doc, JsonNode node) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw doc.error(KEY, "statistics must be a list of collectors, e.g. statistics: [latency-percentiles, "
                    + "{collector: latency-histogram, label: hist, bins: 20}]; found a " + ExperimentDocument.kind(node));
        }
        List<Choice> out = new ArrayList<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < node.size(); i++) {
            String path = KEY + "[" + i + "]";
            JsonNode entry = node.get(i);
            String name;
            String label;
            Map<String, Object> parameters = new LinkedHashMap<>();
            if (entry.isTextual()) {
                name = entry.asText().trim();
                if (name.isEmpty()) {
                    throw doc.error(path, path + ": the collector name is empty");
                }
                label = name;
            } else if (entry.isObject()) {
                JsonNode c = entry.get(COLLECTOR);
                if (c == null || c.isNull()) {
                    throw doc.error(path, path + " has no 'collector': name a statistics collector, e.g. {collector: "
                            + "latency-percentiles, label: lat} (fabrica help statistics lists them)");
                }
                if (!c.isTextual() || c.asText().isBlank()) {
                    throw doc.error(path + "." + COLLECTOR, path + "." + COLLECTOR + " must be a collector name; found a "
                            + ExperimentDocument.kind(c));
                }
                name = c.asText().trim();
                label = SpecReader.optionalText(doc, (ObjectNode) entry, LABEL, path + "." + LABEL, name);
                for (Map.Entry<String, JsonNode> e : entry.properties()) {
                    if (!e.getKey().equals(COLLECTOR) && !e.getKey().equals(LABEL)) {
                        parameters.put(e.getKey(), SpecReader.plain(e.getValue()));
                    }
                }
            } else {
                throw doc.error(path, path + " must name a collector, as a name or {collector: NAME, label: LABEL, "
                        + "parameters}; found a " + ExperimentDocument.kind(entry));
            }
            if (!ExperimentSpec.LABEL.matcher(label).matches()) {
                throw doc.error(path + "." + LABEL, "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (label.equals(SIMULATION)) {
                throw doc.error(entry.has(LABEL) ? path + "." + LABEL : path, "label '" + SIMULATION + "' is reserved "
                        + "for the simulation's own columns (sim.cycles, sim.flitHops, ...); choose another label");
            }
            String earlier = labels.putIfAbsent(label, path);
            if (earlier != null) {
                throw doc.error(entry.has(LABEL) ? path + "." + LABEL : path, "label '" + label + "' is used by "
                        + earlier + "; give each collector its own label (its columns are <label>.<metric>), e.g. "
                        + "{collector: " + name + ", label: " + label + "-2}");
            }
            out.add(new Choice(label, new ProviderChoice(ProviderLookup.conceptOf(StatisticsCollectorFactory.class),
                    name, parameters, path)));
        }
        return List.copyOf(out);
    }

    /**
     * Finds and binds every collector, and creates each once for {@code context}, so that a bad
     * name, parameter or combination is refused before anything runs.
     */
    static List<Bound> resolve(ExperimentDocument doc, List<Choice> choices, ProviderLookup registry,
            CollectorContext context) {
        List<Bound> out = new ArrayList<>();
        for (Choice c : choices) {
            BoundProvider b = ProviderBinding.bind(doc, c.collector(), registry);
            ProviderBinding.build(doc, b, () -> metricNames(b, b.collector(context), context));
            out.add(new Bound(c.label(), b));
        }
        return List.copyOf(out);
    }

    /** The metric names a new collector lists; a collector that lists none, or one twice, is refused. */
    static List<String> metricNames(BoundProvider provider, StatisticsCollector collector, CollectorContext context) {
        if (collector == null) {
            throw new IllegalStateException("the factory returned no collector");
        }
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Metric m : collector.results(context.windowStart())) {
            if (m == null || m.name() == null || m.name().isBlank()) {
                throw new IllegalStateException("the collector lists a metric without a name");
            }
            if (!seen.add(m.name())) {
                throw new IllegalStateException("the collector lists metric '" + m.name() + "' twice; its metric names "
                        + "must be unique (they become the columns <label>." + m.name() + ")");
            }
            names.add(m.name());
        }
        if (names.isEmpty()) {
            throw new IllegalStateException("the collector lists no metric");
        }
        return names;
    }

    /** The resolved {@code statistics} list: label, collector and every parameter value, defaults included. */
    static ArrayNode resolved(List<Bound> statistics) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (Bound s : statistics) {
            ObjectNode o = a.addObject();
            o.put(COLLECTOR, s.collector().provider().name());
            o.put(LABEL, s.label());
            for (Map.Entry<String, Object> e : s.collector().values().entrySet()) {
                o.set(e.getKey(), ExperimentDocument.YAML.valueToTree(e.getValue()));
            }
        }
        return a;
    }

    /** The summary's line about the collectors ({@code "  statistics hist: latency-histogram (bundle version)"}). */
    static void describe(StringBuilder sb, List<Bound> statistics) {
        if (statistics.isEmpty()) {
            return;
        }
        sb.append("  statistics ");
        for (int i = 0; i < statistics.size(); i++) {
            Bound s = statistics.get(i);
            sb.append(i == 0 ? "" : ", ").append(s.label()).append(": ").append(s.collector().provider().label());
        }
        sb.append('\n');
    }
}
