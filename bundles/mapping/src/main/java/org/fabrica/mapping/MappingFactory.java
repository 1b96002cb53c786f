package org.fabrica.mapping;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Factory service of a rank mapping provider, registered with {@code fabrica.name}: where the ranks
 * of an application run (docs/traces.md, "Mapping"). Called once per point, before the run; the
 * caller checks the answer with {@link Mappings#check(int[], MappingContext, String)}, so a provider
 * that returns a node twice or out of range is named in the error.
 */
@ProviderConcept(value = "mapping", order = 120)
@ConsumerType
public interface MappingFactory<P> extends ProviderFactory<P> {
    /**
     * The end node of every global rank, {@code context.ranks()} entries, global rank
     * {@code copy * context.ranksPerCopy() + rank}; no node twice.
     *
     * @throws IllegalArgumentException with a message naming the parameter at fault and its fix
     */
    int[] map(MappingContext context, P parameters);
}
