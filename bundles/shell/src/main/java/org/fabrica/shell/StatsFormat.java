package org.fabrica.shell;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders {@code RunHandle.stats()} (nested maps and lists) as indented {@code key: value} lines. */
final class StatsFormat {
    private StatsFormat() {
    }

    static String render(Map<String, ?> stats) {
        StringBuilder sb = new StringBuilder();
        if (stats == null || stats.isEmpty()) {
            return "(no statistics)\n";
        }
        map(sb, stats, 0);
        return sb.toString();
    }

    private static void map(StringBuilder sb, Map<?, ?> m, int depth) {
        for (Map.Entry<?, ?> e : m.entrySet()) {
            entry(sb, String.valueOf(e.getKey()), e.getValue(), depth);
        }
    }

    private static void entry(StringBuilder sb, String key, Object value, int depth) {
        String indent = "  ".repeat(depth);
        if (value instanceof Map<?, ?> m) {
            sb.append(indent).append(key).append(":\n");
            map(sb, m, depth + 1);
        } else if (value instanceof List<?> l && !l.isEmpty() && (l.get(0) instanceof Map || l.get(0) instanceof List)) {
            sb.append(indent).append(key).append(":\n");
            for (int i = 0; i < l.size(); i++) {
                entry(sb, "[" + i + "]", l.get(i), depth + 1);
            }
        } else {
            sb.append(indent).append(key).append(": ").append(scalar(value)).append('\n');
        }
    }

    static String scalar(Object v) {
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return Double.toString(d);
            }
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                return Long.toString((long) d);
            }
            return String.format(Locale.ROOT, "%.4f", d);
        }
        return String.valueOf(v);
    }
}
