package org.fabrica.params;

/** A parameter is unknown, of the wrong type or out of range; the message names the fix. */
public class ParameterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ParameterException(String message) {
        super(message);
    }
}
