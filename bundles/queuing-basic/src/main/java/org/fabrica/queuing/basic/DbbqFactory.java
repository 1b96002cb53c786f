package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.osgi.service.component.annotations.Component;

/** {@code dbbq}: two virtual networks chosen at the source, each with its own bands. */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=dbbq",
        "fabrica.description=DBBQ: two virtual networks (horizontal bands in 0, vertical in 1) chosen per packet at"
                + " the source, round robin (OSHA) or by the less occupied candidate queue (SASHA)"})
public final class DbbqFactory implements QueuingFactory<DbbqParameters> {
    @Override
    public Class<DbbqParameters> parameterType() {
        return DbbqParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, DbbqParameters parameters) {
        NetworkSelection selection = parameters.selection();
        Bands bands = Bands.of("dbbq", context, 2, parameters.queuesPerNetwork(), parameters.columns(),
                "lower queuesPerNetwork");
        return new DbbqQueuing(bands, selection, context);
    }
}
