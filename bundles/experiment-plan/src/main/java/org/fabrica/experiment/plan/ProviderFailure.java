package org.fabrica.experiment.plan;

/**
 * A provider threw while a point was being built; carries which provider (path, name, bundle) so
 * that the message names it even when the exception passed through another provider (a queuing
 * scheme is created inside the network model's factory).
 */
public final class ProviderFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient BoundProvider provider;

    public ProviderFailure(BoundProvider provider, RuntimeException cause) {
        super(provider.describe() + ": " + message(cause), cause);
        this.provider = provider;
    }

    BoundProvider provider() {
        return provider;
    }

    /** The first ProviderFailure in a cause chain, or null. */
    static ProviderFailure find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ProviderFailure f) {
                return f;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }

    /** The message of an exception, or its type when it has none. */
    public static String message(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        // exceptions the providers throw on purpose carry the whole story in their message
        if (t instanceof IllegalArgumentException || t instanceof org.fabrica.kernel.SimulationException
                || t instanceof IllegalStateException || t instanceof ProviderFailure) {
            return m;
        }
        return t.getClass().getSimpleName() + ": " + m;
    }
}
