package org.fabrica.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import org.fabrica.params.Parameters;
import org.fabrica.params.Suggestions;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.fabrica.router.PartChoice;
import org.fabrica.router.RouterParts;

/**
 * Router parts for tests: allocator factories by name, given by the test (outside a framework
 * nothing registers them), with parameters bound as the experiment runner binds them.
 */
public final class FactoryRouterParts implements RouterParts {
    private final Map<String, AllocatorFactory<?>> allocators = new LinkedHashMap<>();

    /** Adds (or replaces) the allocator factory of {@code name}. */
    public FactoryRouterParts with(String name, AllocatorFactory<?> factory) {
        allocators.put(name, factory);
        return this;
    }

    @Override
    public Allocator allocator(String use, PartChoice choice, AllocatorShape shape) {
        AllocatorFactory<?> factory = allocators.get(choice.name());
        if (factory == null) {
            throw new IllegalArgumentException("unknown allocator '" + choice.name() + "' for " + use
                    + Suggestions.hint(choice.name(), new TreeSet<>(allocators.keySet())));
        }
        return create(factory, shape, choice);
    }

    private static <P> Allocator create(AllocatorFactory<P> factory, AllocatorShape shape, PartChoice choice) {
        P parameters = Parameters.bind(factory.parameterType(), choice.parameters(), "allocator '" + choice.name() + "'");
        return factory.create(shape, parameters);
    }
}
