package org.fabrica.launch;

/** The exit codes of the command-line protocol shared with the shell bundle. */
final class ExitCodes {
    /** The command succeeded. */
    static final int OK = 0;
    /** The command ran and failed (a run failed). */
    static final int RUN_FAILURE = 1;
    /** Bad input: an unknown option, feature, file or parameter. */
    static final int BAD_INPUT = 2;
    /** No command-line component answered: the shell bundle is missing or could not start. */
    static final int NO_COMMAND_COMPONENT = 3;
    /**
     * Stopped by SIGINT (Ctrl-C), 128 + 2 as a shell reports it: the JVM exits with it once the shutdown hook
     * ends; the launcher returns it too so that every path agrees.
     */
    static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
