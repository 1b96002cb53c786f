package org.fabrica.traffic.trace;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operations of the trace format (docs/traces.md, "Events"): the keyword of each and its
 * arguments in the order they are written. The reader and the writer both work from this table,
 * so the grammar is stated once; replay code dispatches on {@link TraceEvent#operation()}.
 */
public enum Operation {
    /** Local work of a duration, no communication. */
    COMPUTE("compute", Argument.NANOSECONDS),
    /** Blocking send. */
    SEND("send", Argument.DEST, Argument.BYTES, Argument.TAG),
    /** Blocking receive. */
    RECV("recv", Argument.SRC, Argument.BYTES, Argument.TAG),
    /** Non-blocking send; creates a request. */
    ISEND("isend", Argument.DEST, Argument.BYTES, Argument.TAG, Argument.REQUEST),
    /** Non-blocking receive; creates a request. */
    IRECV("irecv", Argument.SRC, Argument.BYTES, Argument.TAG, Argument.REQUEST),
    /** Completes one pending request. */
    WAIT("wait", Argument.REQUEST),
    /** Completes every request of the rank still pending. */
    WAITALL("waitall"),
    /** Every rank: no rank leaves before all have entered. */
    BARRIER("barrier"),
    /** Every rank contributes a vector of this many bytes and gets the reduced vector. */
    ALLREDUCE("allreduce", Argument.BYTES),
    /** Every rank sends this many bytes to every other rank. */
    ALLTOALL("alltoall", Argument.BYTES),
    /** The root's vector of this many bytes goes to every rank. */
    BCAST("bcast", Argument.ROOT, Argument.BYTES),
    /** Every rank's vector of this many bytes is reduced into the root's. */
    REDUCE("reduce", Argument.ROOT, Argument.BYTES);

    /** The kinds of argument, with the name the documentation and the error messages use. */
    public enum Argument {
        DEST("dest", "a rank"),
        SRC("src", "a rank"),
        ROOT("root", "a rank"),
        BYTES("bytes", "a number of bytes"),
        TAG("tag", "a tag"),
        REQUEST("request", "a request id r<n>"),
        NANOSECONDS("ns", "a duration in ns");

        private final String label;
        private final String expected;

        Argument(String label, String expected) {
            this.label = label;
            this.expected = expected;
        }

        /** The argument's name in docs/traces.md. */
        public String label() {
            return label;
        }

        /** What the reader expected, for its messages ("a number of bytes"). */
        public String expected() {
            return expected;
        }
    }

    private static final Map<String, Operation> BY_KEYWORD;

    static {
        Map<String, Operation> m = new LinkedHashMap<>();
        for (Operation op : values()) {
            m.put(op.keyword, op);
        }
        BY_KEYWORD = Collections.unmodifiableMap(m);
    }

    private final String keyword;
    private final List<Argument> arguments;

    Operation(String keyword, Argument... arguments) {
        this.keyword = keyword;
        this.arguments = List.copyOf(Arrays.asList(arguments));
    }

    /** The word in the text form ("isend"). */
    public String keyword() {
        return keyword;
    }

    /** The arguments in the order they are written. */
    public List<Argument> arguments() {
        return arguments;
    }

    /** The synopsis as docs/traces.md writes it: {@code isend <dest> <bytes> <tag> <request>}. */
    public String synopsis() {
        StringBuilder sb = new StringBuilder(keyword);
        for (Argument a : arguments) {
            sb.append(" <").append(a.label()).append('>');
        }
        return sb.toString();
    }

    /** True for barrier, allreduce, alltoall, bcast and reduce, which {@link CollectiveExpansion} replaces. */
    public boolean collective() {
        return this == BARRIER || this == ALLREDUCE || this == ALLTOALL || this == BCAST || this == REDUCE;
    }

    /** The operation of a keyword, or null. Keywords are lower case; matching is exact. */
    public static Operation ofKeyword(String keyword) {
        return BY_KEYWORD.get(keyword);
    }

    /** Every keyword, in the order of this enum. */
    public static List<String> keywords() {
        return List.copyOf(BY_KEYWORD.keySet());
    }
}
