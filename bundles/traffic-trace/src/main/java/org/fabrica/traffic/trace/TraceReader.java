package org.fabrica.traffic.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabrica.params.Suggestions;

/**
 * Reads the text form of docs/traces.md into a {@link Trace}. Every error is a
 * {@link TraceFormatException} naming the source, the line and the column, and what was expected.
 * Syntax and the rules of one event are reported in file order, at the token at fault; what is
 * known only at the end (a request never completed, ranks whose collectives differ) at the
 * operation of the event concerned.
 */
public final class TraceReader {
    private static final String SYNOPSIS = TraceWriter.MAGIC + " version " + TraceWriter.VERSION + " ranks <n>";

    private final String source;
    private int lineNumber;
    /** Token starts (0-based) and ends (exclusive) on the current line. */
    private int[] starts = new int[8];
    private int[] ends = new int[8];
    private int count;
    private String text;
    private int ranks = -1;
    private int headerLine;
    private List<List<TraceEvent>> events;
    private List<RankRules> rules;

    private TraceReader(String source) {
        this.source = source;
    }

    /** Reads {@code file} (UTF-8); errors name it as given. */
    public static Trace read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        }
    }

    /**
     * Reads a trace from {@code in} (not closed).
     *
     * @param source named in errors (a file name)
     */
    public static Trace read(Reader in, String source) throws IOException {
        return new TraceReader(source).parse(in instanceof BufferedReader b ? b : new BufferedReader(in));
    }

    /** Reads a trace from {@code text}. */
    public static Trace parse(String text, String source) {
        try {
            return read(new StringReader(text), source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Trace parse(BufferedReader in) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            tokenize(line);
            if (count == 0) {
                continue;
            }
            if (token(0).equals(TraceWriter.MAGIC)) {
                header();
            } else if (ranks < 0) {
                throw error(0, "missing header; expected '" + SYNOPSIS + "' before the first event");
            } else {
                event();
            }
        }
        if (ranks < 0) {
            throw new TraceFormatException(source, Math.max(1, lineNumber), 1, "no header and no events; expected '"
                    + SYNOPSIS + "'");
        }
        try {
            for (RankRules r : rules) {
                r.finish();
            }
            RankRules.sameCollectives(rules);
        } catch (RuleViolation v) {
            throw new TraceFormatException(source, (int) (v.site >>> 32), (int) v.site, v.getMessage());
        }
        return new Trace(ranks, events);
    }

    private void header() {
        if (ranks >= 0) {
            throw error(0, "duplicate header; the header is on line " + headerLine + " and a trace has one");
        }
        expectWord(1, "version", "'version' after '" + TraceWriter.MAGIC + "'");
        long version = number(2, "the format version", Integer.MAX_VALUE);
        if (version != TraceWriter.VERSION) {
            throw error(2, "format version " + version + " is not supported; expected " + TraceWriter.VERSION);
        }
        expectWord(3, "ranks", "'ranks' after the version");
        long n = number(4, "the rank count", Integer.MAX_VALUE);
        if (n < 1) {
            throw error(4, "the rank count must be >= 1, not " + n);
        }
        if (count > 5) {
            throw error(5, "extra text '" + token(5) + "' after the header; expected the end of the line");
        }
        ranks = (int) n;
        headerLine = lineNumber;
        events = new ArrayList<>(ranks);
        rules = new ArrayList<>(ranks);
        for (int r = 0; r < ranks; r++) {
            events.add(new ArrayList<>());
            final int rank = r;
            rules.add(new RankRules(rank, ranks, site -> "line " + (site >>> 32)));
        }
    }

    private void event() {
        long rank = number(0, "the rank", Integer.MAX_VALUE);
        if (rank >= ranks) {
            throw error(0, "rank " + rank + " is out of range; the header (line " + headerLine + ") declares " + ranks
                    + " rank(s), 0 to " + (ranks - 1));
        }
        if (count < 2) {
            throw new TraceFormatException(source, lineNumber, ends[0] + 1, "missing operation after rank " + rank
                    + "; expected one of " + String.join(", ", Operation.keywords()));
        }
        String keyword = token(1);
        Operation op = Operation.ofKeyword(keyword);
        if (op == null) {
            throw error(1, "unknown operation '" + keyword + "'" + Suggestions.hint(keyword, Operation.keywords()));
        }
        List<Operation.Argument> arguments = op.arguments();
        long[] values = new long[arguments.size()];
        for (int i = 0; i < values.length; i++) {
            Operation.Argument a = arguments.get(i);
            if (2 + i >= count) {
                throw new TraceFormatException(source, lineNumber, ends[count - 1] + 1, "missing argument <"
                        + a.label() + "> of '" + op.synopsis() + "'; expected " + a.expected());
            }
            values[i] = argument(2 + i, a);
        }
        if (count > 2 + values.length) {
            throw error(2 + values.length, "extra argument '" + token(2 + values.length) + "'; '" + op.synopsis()
                    + "' takes " + values.length + " argument(s)");
        }
        TraceEvent event = TraceEvent.of(op, values);
        try {
            rules.get((int) rank).accept(event, ((long) lineNumber << 32) | (starts[1] + 1));
        } catch (RuleViolation v) {
            throw error(v.argument < 0 ? 1 : 2 + v.argument, v.getMessage());
        }
        events.get((int) rank).add(event);
    }

    private long argument(int index, Operation.Argument a) {
        switch (a) {
            case DEST:
            case SRC:
            case ROOT:
                return number(index, a.label(), Integer.MAX_VALUE, "");
            case TAG:
                return number(index, a.label(), Integer.MAX_VALUE,
                        " (negative tags are reserved for expanded collectives)");
            case BYTES:
            case NANOSECONDS:
                return number(index, a.label(), Long.MAX_VALUE, "");
            case REQUEST: {
                String t = token(index);
                if (t.length() < 2 || t.charAt(0) != 'r') {
                    throw error(index, "expected a request id r<n> (such as r0), got '" + t + "'");
                }
                return digits(index, 1, "a request id", Integer.MAX_VALUE);
            }
            default:
                throw new AssertionError(a);
        }
    }

    private long number(int index, String what, long max) {
        return number(index, what, max, "");
    }

    /**
     * A whole number >= 0 and <= max at token {@code index}; {@code what} names it in messages,
     * {@code negative} says why a negative value is refused (or is empty).
     */
    private long number(int index, String what, long max, String negative) {
        if (index >= count) {
            throw new TraceFormatException(source, lineNumber, ends[count - 1] + 1, "missing " + what
                    + "; expected a whole number");
        }
        String t = token(index);
        if (t.length() > 1 && t.charAt(0) == '-' && allDigits(t, 1)) {
            throw error(index, what + " must be >= 0, got " + t + negative);
        }
        return digits(index, 0, what, max);
    }

    private long digits(int index, int from, String what, long max) {
        String t = token(index);
        if (!allDigits(t, from)) {
            throw error(index, "expected " + what + " (a whole number >= 0), got '" + t + "'");
        }
        long v = 0;
        for (int i = from; i < t.length(); i++) {
            int d = t.charAt(i) - '0';
            if (v > (max - d) / 10) {
                throw error(index, t + " is too large for " + what + "; at most " + max);
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static boolean allDigits(String t, int from) {
        if (t.length() <= from) {
            return false;
        }
        for (int i = from; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private void expectWord(int index, String word, String expected) {
        if (index >= count) {
            throw new TraceFormatException(source, lineNumber, ends[count - 1] + 1, "incomplete header; expected "
                    + expected + " (the header reads '" + SYNOPSIS + "')");
        }
        if (!token(index).equals(word)) {
            throw error(index, "expected " + expected + ", got '" + token(index) + "'");
        }
    }

    /** Splits the line before any '#' at spaces and tabs. */
    private void tokenize(String line) {
        text = line;
        count = 0;
        int n = line.indexOf('#');
        if (n < 0) {
            n = line.length();
        }
        int i = 0;
        while (i < n) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
                continue;
            }
            int start = i;
            while (i < n && line.charAt(i) != ' ' && line.charAt(i) != '\t') {
                i++;
            }
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                ends = Arrays.copyOf(ends, count * 2);
            }
            starts[count] = start;
            ends[count] = i;
            count++;
        }
    }

    private String token(int index) {
        return text.substring(starts[index], ends[index]);
    }

    private TraceFormatException error(int index, String problem) {
        return new TraceFormatException(source, lineNumber, starts[index] + 1, problem);
    }
}
