package org.fabrica.experiment.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * JSON form of a point result, as one line of the journal ({@code points.jsonl}) and as an
 * element of {@code points.json}. NaN (an undefined metric) is written as null.
 */
public final class PointRecords {
    /** The note naming the source commit of the build that ran a point (absent when it was unknown). */
    public static final String COMMIT_NOTE = "commit";

    static final ObjectMapper JSON = new ObjectMapper();

    private PointRecords() {
    }

    /** The journal line of a result (no line break). */
    public static String line(PointResult r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("experimentId", r.point().experimentId());
        o.put("pointId", r.point().pointId());
        o.put("index", r.point().index());
        ObjectNode notes = o.putObject("notes");
        r.notes().forEach(notes::put);
        ArrayNode metrics = o.putArray("metrics");
        for (Metric m : r.metrics()) {
            ObjectNode x = metrics.addObject();
            x.put("name", m.name());
            number(x, "value", m.value());
            x.put("unit", m.unit());
            x.put("description", m.description());
        }
        if (r.failure() == null) {
            o.putNull("failure");
        } else {
            o.put("failure", r.failure());
        }
        o.put("wallMillis", r.wallMillis());
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads a journal line.
     *
     * @throws IllegalArgumentException when the line is not a complete record
     */
    public static PointResult parse(String line) {
        JsonNode o;
        try {
            o = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON record: " + e.getOriginalMessage(), e);
        }
        if (o == null || !o.isObject() || !o.hasNonNull("experimentId") || !o.hasNonNull("pointId")
                || !o.has("index") || !o.has("metrics")) {
            throw new IllegalArgumentException("incomplete record");
        }
        Map<String, String> notes = new LinkedHashMap<>();
        JsonNode n = o.get("notes");
        if (n != null && n.isObject()) {
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                notes.put(e.getKey(), e.getValue().asText());
            }
        }
        List<Metric> metrics = new ArrayList<>();
        for (JsonNode m : o.get("metrics")) {
            JsonNode v = m.get("value");
            metrics.add(new Metric(m.path("name").asText(), v == null || v.isNull() ? Double.NaN : v.asDouble(),
                    m.path("unit").asText(), m.path("description").asText()));
        }
        JsonNode f = o.get("failure");
        return new PointResult(new SweepPoint(o.get("experimentId").asText(), o.get("pointId").asText(),
                o.get("index").asInt()), List.copyOf(metrics), notes, f == null || f.isNull() ? null : f.asText(),
                o.path("wallMillis").asLong());
    }

    /** The {@code points.json} element of a result: metrics as a name -> value map. */
    static ObjectNode summary(PointResult r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("pointId", r.point().pointId());
        o.put("index", r.point().index());
        for (String key : new String[] {"pattern", "scheme", "load", "seed", "status"}) {
            String v = r.notes().get(key);
            if (key.equals("load") && v != null && isNumber(v)) {
                o.put(key, Double.parseDouble(v)); // steady; the other modes note their mode instead
            } else if (key.equals("seed") && v != null) {
                o.put(key, Long.parseLong(v));
            } else {
                o.put(key, v);
            }
        }
        ObjectNode metrics = o.putObject("metrics");
        for (Metric m : r.metrics()) {
            number(metrics, m.name(), m.value());
        }
        ObjectNode notes = o.putObject("notes");
        r.notes().forEach(notes::put);
        if (r.failure() == null) {
            o.putNull("failure");
        } else {
            o.put("failure", r.failure());
        }
        o.put("wallMillis", r.wallMillis());
        return o;
    }

    private static boolean isNumber(String v) {
        try {
            Double.parseDouble(v);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static void number(ObjectNode o, String key, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(key);
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            o.put(key, (long) v);
        } else {
            o.put(key, v);
        }
    }

    /** A metric by name, NaN when absent. */
    public static double metric(PointResult r, String name) {
        for (Metric m : r.metrics()) {
            if (m.name().equals(name)) {
                return m.value();
            }
        }
        return Double.NaN;
    }
}
