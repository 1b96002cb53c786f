package org.fabrica.routing.fattree;

/** What {@code source-route} does with a flow that has no route. */
public enum SourceRouteFallback {
    /** Fail the run, naming the flow. */
    FAIL,
    /** Route it by D-mod-k. */
    DMODK,
    /** Route it by S-mod-k. */
    SMODK,
    /** Route it by random up-port choices (seeded by {@code seed}). */
    RANDOM_UP
}
