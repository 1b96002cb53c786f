package org.fabrica.shell;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;

/** {@code key=value} arguments ({@code --set} overrides, swap parameters), in the order given. */
final class Overrides {
    private Overrides() {
    }

    /**
     * Parses {@code key=value} items; the value is everything after the first '=' (so values may
     * contain '=' and brackets, e.g. {@code loads=[0.1,0.2]}). A later item overrides an earlier
     * one of the same key.
     *
     * @param what how the items were given, for messages, e.g. {@code --set}
     * @throws ExperimentException when an item has no '=' or an empty key
     */
    static Map<String, String> parse(List<String> items, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        if (items == null) {
            return out;
        }
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0 || item.substring(0, eq).isBlank()) {
                throw new ExperimentException(what + " '" + item + "' is not of the form key=value; write e.g. "
                        + what + " hardware.vcs=3");
            }
            out.put(item.substring(0, eq).trim(), item.substring(eq + 1).trim());
        }
        return out;
    }
}
