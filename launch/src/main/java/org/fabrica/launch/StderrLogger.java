package org.fabrica.launch;

import org.apache.felix.framework.Logger;

/**
 * The framework's log goes to standard error: standard output belongs to the command's results
 * (tables, CSV) and must stay clean for pipes.
 */
final class StderrLogger extends Logger {
    @Override
    protected void doLogOut(int level, String message, Throwable throwable) {
        String prefix = switch (level) {
            case LOG_ERROR -> "ERROR: ";
            case LOG_WARNING -> "WARNING: ";
            case LOG_INFO -> "INFO: ";
            default -> "DEBUG: ";
        };
        System.err.println("fabrica: " + prefix + message);
        if (throwable != null) {
            throwable.printStackTrace(System.err);
        }
    }
}
