package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.osgi.service.component.annotations.Component;

/** {@code 1vc}: every packet on VC 0. */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=1vc",
        "fabrica.description=One queue per input port: every packet on VC 0 (routing must need one VC class)"})
public final class SingleVcFactory implements QueuingFactory<SingleVcParameters> {
    @Override
    public Class<SingleVcParameters> parameterType() {
        return SingleVcParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, SingleVcParameters parameters) {
        int classes = context.vcClasses();
        if (classes != 1) {
            throw new IllegalArgumentException("queuing '1vc' puts every packet on VC 0 and cannot separate the "
                    + classes + " VC classes the routing algorithm needs; use queuing 'dateline'");
        }
        return new SingleVcQueuing();
    }
}
