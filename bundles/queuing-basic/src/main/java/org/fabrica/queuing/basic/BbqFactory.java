package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.osgi.service.component.annotations.Component;

/** {@code bbq}: queues by horizontal bands of destinations. */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=bbq",
        "fabrica.description=BBQ: one queue per band of consecutive destinations, floor(dest * queues / N)"})
public final class BbqFactory implements QueuingFactory<BbqParameters> {
    @Override
    public Class<BbqParameters> parameterType() {
        return BbqParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, BbqParameters parameters) {
        return new BbqQueuing(Bands.of("bbq", context, 1, parameters.queues(), 0, "lower queues"));
    }
}
