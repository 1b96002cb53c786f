package org.fabrica.web.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.RunHandle;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;

/**
 * What the console page reads, as JSON: the runs with their progress (what {@code fabrica:runs}
 * and {@code status} show), one run's curves from its finished points (the report's data: offered
 * load, accepted traffic and average latency per pattern and scheme), and the provider catalogue
 * with parameters (what {@code fabrica:algorithms} and {@code help} print).
 */
final class ConsoleJson {
    static final ObjectMapper JSON = new ObjectMapper();

    private ConsoleJson() {
    }

    /** Every run, newest last, with its progress and running points. */
    static ArrayNode runs(List<RunHandle> runs, long nowMillis, Map<String, Long> startedMillis) {
        ArrayNode all = JSON.createArrayNode();
        for (RunHandle h : runs) {
            all.add(run(h, nowMillis, startedMillis.get(h.id())));
        }
        return all;
    }

    /**
     * One run: id, experiment, state, results folder, points total/finished/saturated/failed,
     * progress (finished points over the total, 0..1), an ETA in seconds from the rate points finished
     * at since the console first saw the run (absent until a point finished), and the running points'
     * cycle, phase and whether they are paused.
     */
    static ObjectNode run(RunHandle h, long nowMillis, Long firstSeenMillis) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", h.id());
        o.put("experiment", h.experimentName());
        o.put("state", h.state().name().toLowerCase(Locale.ROOT));
        o.put("outDir", String.valueOf(h.outDir()));
        Map<String, Object> stats = h.stats();
        long total = number(stats.get("points.total"));
        long finished = number(stats.get("points.finished"));
        o.put("pointsTotal", total);
        o.put("pointsFinished", finished);
        o.put("pointsSaturated", number(stats.get("points.saturated")));
        o.put("pointsFailed", number(stats.get("points.failed")));
        o.put("progress", total == 0 ? 0.0 : Math.min(1.0, (double) finished / total));
        if (firstSeenMillis != null && finished > 0 && finished < total && nowMillis > firstSeenMillis) {
            double perPoint = (nowMillis - firstSeenMillis) / 1000.0 / finished;
            o.put("etaSeconds", Math.round(perPoint * (total - finished)));
        }
        h.error().ifPresent(e -> o.put("error", e));
        ArrayNode active = o.putArray("active");
        Object points = stats.get("active");
        if (points instanceof List<?> list) {
            for (Object p : list) {
                if (p instanceof Map<?, ?> m) {
                    ObjectNode a = active.addObject();
                    a.put("point", String.valueOf(m.get("point")));
                    a.put("cycle", number(m.get("cycle")));
                    a.put("paused", Boolean.TRUE.equals(m.get("paused")));
                    if (m.get("phase") != null) {
                        a.put("phase", String.valueOf(m.get("phase")));
                    }
                }
            }
        }
        return o;
    }

    /**
     * The curves of a run's finished points: one series per pattern and scheme, each point with its
     * offered load, accepted traffic and average latency, in order of offered load (several seeds of
     * one load stay separate points). Points that failed are left out; a saturated point is marked.
     */
    static ObjectNode curves(RunHandle h) {
        Map<String, ArrayNode> series = new TreeMap<>();
        ObjectNode o = JSON.createObjectNode();
        o.put("id", h.id());
        for (PointResult r : h.results()) {
            if (r.failed()) {
                continue;
            }
            double offered = metric(r, "offered");
            double accepted = metric(r, "accepted");
            double latency = metric(r, "latency.avg");
            if (Double.isNaN(offered) || Double.isNaN(accepted)) {
                continue;
            }
            String pattern = r.notes().getOrDefault("pattern", "");
            String scheme = r.notes().getOrDefault("scheme", "");
            ArrayNode points = series.computeIfAbsent(pattern + "\u0000" + scheme, k -> JSON.createArrayNode());
            ObjectNode p = points.addObject();
            p.put("point", r.point().pointId());
            p.put("offered", offered);
            p.put("accepted", accepted);
            if (!Double.isNaN(latency)) {
                p.put("latency", latency);
            }
            p.put("saturated", "saturated".equals(r.notes().get("status")));
        }
        ArrayNode out = o.putArray("series");
        for (Map.Entry<String, ArrayNode> e : series.entrySet()) {
            String[] key = e.getKey().split("\u0000", -1);
            ObjectNode s = out.addObject();
            s.put("pattern", key[0]);
            s.put("scheme", key[1]);
            List<ObjectNode> sorted = new java.util.ArrayList<>();
            e.getValue().forEach(n -> sorted.add((ObjectNode) n));
            sorted.sort(java.util.Comparator.comparingDouble(n -> n.get("offered").asDouble()));
            s.putArray("points").addAll(sorted);
        }
        return o;
    }

    /** Every provider per concept, with its bundle, version and parameters. */
    static ObjectNode catalogue(ProviderCatalog catalog) {
        ObjectNode o = JSON.createObjectNode();
        ArrayNode concepts = o.putArray("concepts");
        for (String concept : catalog.concepts()) {
            ObjectNode c = concepts.addObject();
            c.put("concept", concept);
            ArrayNode providers = c.putArray("providers");
            for (ProviderInfo p : catalog.providers()) {
                if (!p.concept().equals(concept)) {
                    continue;
                }
                ObjectNode x = providers.addObject();
                x.put("name", p.name());
                x.put("description", p.description());
                x.put("bundle", p.bundle());
                x.put("version", p.version());
                ArrayNode parameters = x.putArray("parameters");
                if (p.schema() != null) {
                    for (ParameterDescriptor d : p.schema().parameters()) {
                        ObjectNode q = parameters.addObject();
                        q.put("name", d.name());
                        q.put("type", d.type());
                        q.put("default", d.defaultValue() == null ? null : String.valueOf(d.defaultValue()));
                        q.put("range", d.range());
                        q.put("description", d.description());
                    }
                }
            }
        }
        return o;
    }

    private static double metric(PointResult r, String name) {
        for (Metric m : r.metrics()) {
            if (m.name().equals(name)) {
                return m.value();
            }
        }
        return Double.NaN;
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }
}
