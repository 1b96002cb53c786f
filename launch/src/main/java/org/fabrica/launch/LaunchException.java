package org.fabrica.launch;

/** A launch that cannot go on: the message is for the user, the exit code for the calling script. */
final class LaunchException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    LaunchException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    LaunchException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
