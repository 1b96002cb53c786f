package org.fabrica.experiment;

/**
 * Bad input: an experiment file, parameter, provider name or results folder that cannot be used.
 * The message is one paragraph naming the problem and the fix; command-line tools exit with 2.
 */
public class ExperimentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ExperimentException(String message) {
        super(message);
    }

    public ExperimentException(String message, Throwable cause) {
        super(message, cause);
    }
}
