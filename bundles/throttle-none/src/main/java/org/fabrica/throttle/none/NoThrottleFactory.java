package org.fabrica.throttle.none;

import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.throttle.ThrottleFactory;
import org.osgi.service.component.annotations.Component;

/** {@code none}: no injection throttling (the no-th baseline of docs/studies/spth.md). */
@Component(service = ThrottleFactory.class, property = {
        "fabrica.name=none",
        "fabrica.description=No injection throttling: every new packet is admitted"})
public final class NoThrottleFactory implements ThrottleFactory<NoThrottleParameters> {
    @Override
    public Class<NoThrottleParameters> parameterType() {
        return NoThrottleParameters.class;
    }

    @Override
    public Throttle create(ThrottleContext context, NoThrottleParameters parameters) {
        return new NoThrottle();
    }
}
