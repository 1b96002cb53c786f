package org.fabrica.traffic.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a trace's canonical text (docs/traces.md, "Canonical form"): the header, then rank 0's
 * events, a blank line, rank 1's, and so on, one event per line, single spaces, numbers in
 * decimal, no comments. {@link TraceReader} reads it back to an equal {@link Trace}.
 */
public final class TraceWriter {
    /** The first word of the header. */
    public static final String MAGIC = "fabrica-trace";
    /** The format version this writer writes and the reader reads. */
    public static final int VERSION = 1;

    private TraceWriter() {
    }

    /** The header line of a trace of {@code ranks} ranks, without its line end. */
    public static String header(int ranks) {
        return MAGIC + " version " + VERSION + " ranks " + ranks;
    }

    /**
     * Writes {@code trace} to {@code out} (not closed).
     *
     * @throws IllegalArgumentException for a negative tag or request id, which only expanded
     *         collectives use (write the trace before {@link CollectiveExpansion})
     */
    public static void write(Trace trace, Writer out) throws IOException {
        out.write(header(trace.ranks()));
        out.write('\n');
        StringBuilder line = new StringBuilder(64);
        for (int r = 0; r < trace.ranks(); r++) {
            List<TraceEvent> events = trace.events(r);
            if (r > 0 && !events.isEmpty()) {
                out.write('\n');
            }
            for (TraceEvent e : events) {
                line.setLength(0);
                line.append(r).append(' ');
                append(line, e, true);
                line.append('\n');
                out.append(line);
            }
        }
    }

    /** Writes {@code trace} to {@code file} in UTF-8, replacing it. */
    public static void write(Trace trace, Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(trace, out);
        }
    }

    /** The canonical text of {@code trace}. */
    public static String toText(Trace trace) {
        StringWriter out = new StringWriter();
        try {
            write(trace, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * One event as its line reads without the rank ({@code isend 3 1024 0 r1}); reserved negative
     * tags and request ids are shown, for messages.
     */
    public static String format(TraceEvent event) {
        StringBuilder sb = new StringBuilder(32);
        append(sb, event, false);
        return sb.toString();
    }

    private static void append(StringBuilder sb, TraceEvent event, boolean strict) {
        Operation op = event.operation();
        sb.append(op.keyword());
        List<Operation.Argument> arguments = op.arguments();
        for (int i = 0; i < arguments.size(); i++) {
            Operation.Argument a = arguments.get(i);
            long v = event.argument(i);
            if (strict && v < 0) {
                throw new IllegalArgumentException("'" + format(event) + "': " + a.label() + " " + v
                        + " is reserved for expanded collectives and has no text form;"
                        + " write the trace before CollectiveExpansion");
            }
            sb.append(' ');
            if (a == Operation.Argument.REQUEST) {
                sb.append('r');
            }
            sb.append(v);
        }
    }
}
