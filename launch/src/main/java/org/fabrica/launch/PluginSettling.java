package org.fabrica.launch;

import java.util.concurrent.TimeUnit;

/**
 * When the launcher stops waiting for the plugins that were in the drop-in folder at launch: while the
 * framework's bundles still change state (installed, resolved, starting, active: FileInstall and the framework
 * are at work, perhaps slowly on a busy machine) it waits, up to {@link #MAX_SECONDS}; once nothing has changed
 * for {@link #QUIET_SECONDS}, a plugin still not started will not start by waiting, and it gives up at once.
 */
final class PluginSettling {
    /** Seconds without any change after which a plugin not started counts as one that cannot start. */
    static final long QUIET_SECONDS = 10;
    /** Seconds after which the launcher goes on without the plugins not started, changes or not. */
    static final long MAX_SECONDS = 300;

    private final long start;
    private final long quietNanos;
    private final long maxNanos;
    private long lastChange;
    private String last;

    /** @param now the time, in nanoseconds (System.nanoTime, or a test's clock) */
    PluginSettling(long now) {
        this(now, TimeUnit.SECONDS.toNanos(QUIET_SECONDS), TimeUnit.SECONDS.toNanos(MAX_SECONDS));
    }

    PluginSettling(long now, long quietNanos, long maxNanos) {
        this.start = now;
        this.lastChange = now;
        this.quietNanos = quietNanos;
        this.maxNanos = maxNanos;
    }

    /**
     * @param state what the bundles look like now (their ids and states, in one string)
     * @return whether to go on waiting
     */
    boolean keepWaiting(long now, String state) {
        if (!state.equals(last)) {
            last = state;
            lastChange = now;
        }
        return now - lastChange <= quietNanos && now - start <= maxNanos;
    }

    /** Why the wait ended, for the message about a plugin that did not start: quiet, or the longest wait. */
    String why(long now) {
        return now - start > maxNanos ? "did not start within " + TimeUnit.NANOSECONDS.toSeconds(maxNanos) + " s"
                : "did not start, and nothing changed in the framework for " + TimeUnit.NANOSECONDS.toSeconds(quietNanos)
                        + " s";
    }
}
