package org.fabrica.traffic.trace;

/**
 * Text that is not a valid trace (docs/traces.md). The message reads
 * {@code <source>:<line>:<column>: <problem>; expected ...}, lines and columns from 1, a tab
 * counting as one column.
 */
public class TraceFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;
    private final String problem;

    public TraceFormatException(String source, int line, int column, String problem) {
        super(source + ":" + line + ":" + column + ": " + problem);
        this.source = source;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** The file (or other source) named by the reader's caller. */
    public String source() {
        return source;
    }

    /** The line, from 1. */
    public int line() {
        return line;
    }

    /** The column, from 1. */
    public int column() {
        return column;
    }

    /** The message without its position. */
    public String problem() {
        return problem;
    }
}
