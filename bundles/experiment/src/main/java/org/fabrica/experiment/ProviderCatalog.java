package org.fabrica.experiment;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/** Every provider currently registered, per concept. */
@ProviderType
public interface ProviderCatalog {
    /** Concept names, e.g. topology, routing, queuing, throttle, hardware, traffic, injection. */
    List<String> concepts();

    /** Every provider (several of one name when several bundles offer it, highest rank first). */
    List<ProviderInfo> providers();

    /**
     * The provider a new run would use for {@code name}.
     *
     * @throws ExperimentException listing the valid names and the closest match
     */
    ProviderInfo find(String concept, String name);
}
