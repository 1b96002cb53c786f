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

    @Override
    public String toString() {
        return parameters.isEmpty() ? name : name + parameters;
    }
}
