package org.fabrica.experiment.file;

import java.util.Map;

/**
 * A provider named in an experiment file with its parameters, before binding.
 *
 * @param concept concept, e.g. {@code routing}
 * @param name the provider's {@code fabrica.name}
 * @param parameters the parameters given (no defaults yet)
 * @param path where it is in the file, e.g. {@code schemes[0].routing}
 */
public record ProviderChoice(String concept, String name, Map<String, Object> parameters, String path) {
    public ProviderChoice {
        parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
    }

    /** Path of the name value ({@code path.name}, or the path itself when written as a bare name). */
    public String namePath() {
        return path + ".name";
    }

    /** Path of one parameter. */
    public String parameterPath(String parameter) {
        return path + "." + parameter;
    }

    /** The same choice without the keys {@code keys} (keys another part reads, e.g. {@code rails}). Since 2.2. */
    public ProviderChoice without(String... keys) {
        Map<String, Object> p = new java.util.LinkedHashMap<>(parameters);
        for (String k : keys) {
            p.remove(k);
        }
        return new ProviderChoice(concept, name, p, path);
    }

    /** The same choice with the parameter {@code key} set to {@code value}, in place if it is there. Since 2.2. */
    public ProviderChoice with(String key, Object value) {
        Map<String, Object> p = new java.util.LinkedHashMap<>(parameters);
        p.put(key, value);
        return new ProviderChoice(concept, name, p, path);
    }
}
