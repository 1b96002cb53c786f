package org.fabrica.launch;

import java.util.List;
import java.util.Map;

/**
 * A named set of bundles started together, with the framework properties they need.
 *
 * @param name the file name without {@code .json}, e.g. {@code torus}
 * @param description one line for the launcher's messages
 * @param bundles bundle symbolic names
 * @param properties framework properties set when the feature is selected
 * @param onRequest started only when named (or asked for by an option, e.g. {@code --web}), never as one of "every
 *        feature"
 */
record Feature(String name, String description, List<String> bundles, Map<String, String> properties,
        boolean onRequest) {
}
