package org.fabrica.router;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A router part named by a hardware model or an experiment: the provider's {@code fabrica.name}
 * and the parameters given to it (the provider's defaults fill the rest).
 *
 * @param name provider name, e.g. {@code islip}
 * @param parameters parameters by name, e.g. {@code iterations = 2}; values as written in an
 *        experiment (strings, numbers, booleans)
 */
public record PartChoice(String name, Map<String, Object> parameters) {
    public PartChoice {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a router part needs a provider name");
        }
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** The provider {@code name} with its default parameters. */
    public static PartChoice of(String name) {
        return new PartChoice(name, Map.of());
    }

    /**
     * A choice written as text: the provider name, optionally followed by its parameters in
     * parentheses, e.g. {@code round-robin} or {@code islip(iterations=2)} or
     * {@code x(a=1, b=true)}. Values stay text; the provider's parameter schema converts them.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static PartChoice parse(String text) {
        String form = "write a router part as name or name(key=value, ...), e.g. islip(iterations=2)";
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty router part; " + form);
        }
        String t = text.trim();
        int open = t.indexOf('(');
        if (open < 0) {
            if (t.indexOf(')') >= 0 || t.indexOf('=') >= 0 || t.indexOf(',') >= 0) {
                throw new IllegalArgumentException("router part '" + text + "' is malformed; " + form);
            }
            return of(t);
        }
        if (!t.endsWith(")") || open == 0) {
            throw new IllegalArgumentException("router part '" + text + "' is malformed; " + form);
        }
        String name = t.substring(0, open).trim();
        String inner = t.substring(open + 1, t.length() - 1).trim();
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (!inner.isEmpty()) {
            for (String item : inner.split(",")) {
                int eq = item.indexOf('=');
                String key = eq < 0 ? "" : item.substring(0, eq).trim();
                String value = eq < 0 ? "" : item.substring(eq + 1).trim();
                if (key.isEmpty() || value.isEmpty() || value.indexOf('(') >= 0 || value.indexOf(')') >= 0) {
                    throw new IllegalArgumentException("router part '" + text + "': '" + item.trim()
                            + "' is not key=value; " + form);
                }
                if (parameters.put(key, value) != null) {
                    throw new IllegalArgumentException("router part '" + text + "' gives '" + key + "' twice");
                }
            }
        }
        return new PartChoice(name, parameters);
    }

    @Override
    public String toString() {
        return parameters.isEmpty() ? name : name + parameters;
    }
}
