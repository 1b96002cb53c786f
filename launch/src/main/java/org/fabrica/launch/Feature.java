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
 */
record Feature(String name, String description, List<String> bundles, Map<String, String> properties) {
}
