package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.osgi.service.component.annotations.Component;

/**
 * {@code voqnet}: one queue per destination node, at every input buffer (no head-of-line blocking
 * between flows to different destinations). It is BBQ with one band per node: the queue of
 * destination d is band d, and the routing's VC classes stay apart inside it (VC d * C + class).
 * The hardware needs N x C VCs, so it serves small networks, for comparison (the OSHA/SASHA study
 * lists it as the scheme every band scheme approximates).
 */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=voqnet",
        "fabrica.description=VOQnet: one queue per destination node (needs N x the routing's VC classes VCs:"
                + " small networks)"})
public final class VoqNetFactory implements QueuingFactory<VoqNetParameters> {
    @Override
    public Class<VoqNetParameters> parameterType() {
        return VoqNetParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, VoqNetParameters parameters) {
        return new BbqQueuing(Bands.of("voqnet", context, 1, context.topology().nodes(), 0,
                "use voqnet on a network of fewer nodes (it needs one queue per node)"));
    }
}
