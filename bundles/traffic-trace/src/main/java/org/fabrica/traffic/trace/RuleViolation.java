package org.fabrica.traffic.trace;

/**
 * A broken rule of docs/traces.md ("Rules") found by {@link RankRules}: the reader turns it into
 * a {@link TraceFormatException} at the line and column of {@link #site}, the {@link Trace}
 * constructor into an {@link IllegalArgumentException} naming the rank and the event.
 */
final class RuleViolation extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The rank whose event is at fault. */
    final int rank;
    /** Where the event is, as the checker's caller numbered it (a line and column, an index). */
    final long site;
    /** The argument at fault, in the order of {@link Operation#arguments()}; -1 for the operation. */
    final int argument;

    RuleViolation(int rank, long site, int argument, String message) {
        super(message, null, false, false);
        this.rank = rank;
        this.site = site;
        this.argument = argument;
    }
}
