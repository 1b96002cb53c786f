package org.fabrica.experiment;

import org.fabrica.params.ParameterSchema;

/**
 * A provider as the catalogue lists it.
 *
 * @param concept concept name, e.g. {@code routing}
 * @param name the provider's {@code fabrica.name}
 * @param description one line
 * @param bundle symbolic name of the providing bundle
 * @param version the bundle's version
 * @param schema its parameters
 */
public record ProviderInfo(String concept, String name, String description, String bundle, String version,
        ParameterSchema schema) {
}
