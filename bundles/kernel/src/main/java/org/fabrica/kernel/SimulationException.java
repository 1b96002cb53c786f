package org.fabrica.kernel;

/**
 * A run failed: a provider misbehaved, an invariant broke or a deadlock was detected. The message
 * names the component (bundle, algorithm, packet) and what to do.
 */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimulationException(String message) {
        super(message);
    }

    public SimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
