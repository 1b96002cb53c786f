package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.osgi.service.component.annotations.Component;

/** {@code dateline}: the routing's VC classes on contiguous VC ranges. */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=dateline",
        "fabrica.description=VC classes of the routing (e.g. dateline classes) on contiguous ranges of VCs"})
public final class DatelineQueuingFactory implements QueuingFactory<DatelineQueuingParameters> {
    @Override
    public Class<DatelineQueuingParameters> parameterType() {
        return DatelineQueuingParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, DatelineQueuingParameters parameters) {
        int vcs = context.vcs();
        int classes = context.vcClasses();
        if (classes < 1) {
            throw new IllegalArgumentException("queuing 'dateline': the routing algorithm reports " + classes
                    + " VC classes; it must report at least 1");
        }
        if (vcs < classes) {
            throw new IllegalArgumentException("queuing 'dateline' needs at least " + classes + " VCs per port for the "
                    + classes + " VC classes of the routing algorithm, but the hardware has " + vcs
                    + "; set vcs to " + classes + " or more");
        }
        return new DatelineQueuing(vcs, classes, parameters.injection() == DatelineQueuingParameters.Injection.ANY);
    }
}
