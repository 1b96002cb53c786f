package org.fabrica.params;

import java.util.List;

/**
 * One parameter of a provider, as its Metatype definition describes it.
 *
 * @param name attribute id as written in experiment files
 * @param type Java type name: int, long, double, boolean, String, or an enum's simple name
 * @param defaultValue default (from the annotation type), or null when required
 * @param min lower bound (inclusive) or null
 * @param max upper bound (inclusive) or null
 * @param description Metatype description, or "" when absent
 * @param options allowed values (enums and option lists), empty when unrestricted
 */
public record ParameterDescriptor(String name, String type, Object defaultValue, Double min, Double max,
        String description, List<String> options) {

    /** Range as text, e.g. {@code [1, 64]}, {@code >= 0}, or "" when unbounded. */
    public String range() {
        if (!options.isEmpty()) {
            return String.join(" | ", options);
        }
        if (min != null && max != null) {
            return "[" + fmt(min) + ", " + fmt(max) + "]";
        }
        if (min != null) {
            return ">= " + fmt(min);
        }
        if (max != null) {
            return "<= " + fmt(max);
        }
        return "";
    }

    static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
