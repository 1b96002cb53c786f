package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code voqsw}: one VC per output port of the next router. */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=voqsw",
        "fabrica.description=VOQsw: one queue per output port of the router the packet enters"
                + " (needs as many VCs as router ports and one VC class)"})
public final class VoqSwitchFactory implements QueuingFactory<VoqSwitchParameters> {
    @Override
    public Class<VoqSwitchParameters> parameterType() {
        return VoqSwitchParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, VoqSwitchParameters parameters) {
        int classes = context.vcClasses();
        if (classes != 1) {
            throw new IllegalArgumentException("queuing 'voqsw' uses every VC as an output queue and cannot also"
                    + " separate the " + classes + " VC classes the routing algorithm needs; use a routing algorithm"
                    + " with one VC class or queuing 'dateline'");
        }
        Topology topology = context.topology();
        int maxPorts = 0;
        for (int r = 0; r < topology.routers(); r++) {
            maxPorts = Math.max(maxPorts, topology.ports(r));
        }
        if (context.vcs() < maxPorts) {
            throw new IllegalArgumentException("queuing 'voqsw' needs one VC per output port: at least " + maxPorts
                    + " VCs (the largest router of " + topology.describe() + " has " + maxPorts
                    + " ports), but the hardware has " + context.vcs() + "; set vcs to " + maxPorts + " or more");
        }
        return new VoqSwitchQueuing(context);
    }
}
