package org.fabrica.experiment.study;

import java.util.Map;
import org.fabrica.experiment.file.ProviderChoice;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A provider an experiment file chose, found among the registered ones and with its parameters
 * bound (defaults filled in, ranges checked): what {@link ComputedStudies#bind} returns. The bound
 * parameters are immutable, so one binding serves every point; each point creates its own instances
 * from the concept's factory ({@link #factory}), e.g.
 * {@code p.factory(TopologyFactory.class).create(p.parameters())}. Created by the runner only.
 */
@ProviderType
public interface StudyProvider {
    /** What the file said, with its path, e.g. {@code topologies[1]}. */
    ProviderChoice choice();

    /** The bound parameter object, the factory's own parameter type. */
    Object parameters();

    /** Every parameter value, defaults included, as the resolved experiment writes them. */
    Map<String, Object> values();

    /** {@code path 'name' (bundle version)}, for messages, e.g. {@code schedulers[0] 'levelwise' (org.fabrica.scheduler.circuit 0.1.0)}. */
    String describe();

    /** The provider as summaries list it: its name, bundle and version. */
    String label();

    /**
     * The registered factory of the provider, as the concept's factory type.
     *
     * @throws IllegalArgumentException when the provider is not a {@code type} (a choice of another concept)
     */
    <F> F factory(Class<F> type);
}
