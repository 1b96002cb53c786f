package org.fabrica.traffic.synthetic;

import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.OfferedLoad;
import org.osgi.service.component.annotations.Component;

/**
 * {@code collective}: the unsteady mode of docs/studies/spth.md: every node generates K packets
 * at cycle 0 (or, with {@code startSpread} S, at a cycle of its own drawn from 0 to S); the run's
 * duration is the cycle its last packet is delivered. The sweep point's load is ignored.
 */
@Component(service = InjectionProcessFactory.class, property = {
        "fabrica.name=collective",
        "fabrica.description=Collective burst: every node generates K packets at cycle 0 and nothing after"})
public final class CollectiveFactory implements InjectionProcessFactory<CollectiveParameters> {
    @Override
    public Class<CollectiveParameters> parameterType() {
        return CollectiveParameters.class;
    }

    @Override
    public InjectionProcess create(int nodes, OfferedLoad load, CollectiveParameters parameters) {
        if (parameters.packets() < 1) {
            throw new IllegalArgumentException("injection 'collective': packets = " + parameters.packets()
                    + "; every node must generate at least 1 packet");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("injection 'collective' needs at least one node, got " + nodes);
        }
        if (parameters.startSpread() < 0) {
            throw new IllegalArgumentException("injection 'collective': startSpread = " + parameters.startSpread()
                    + " cycles; use 0 (every node at cycle 0) or a positive spread");
        }
        return new CollectiveProcess(nodes, parameters.packets(), parameters.startSpread(), load.stopCycle());
    }
}
