package org.fabrica.launch;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Standard output or error of the launcher, with Declarative Services' messages one line each, on standard error.
 *
 * <p>Felix SCR prints its log when no OSGi Log Service 1.4 is installed (Fabrica has none), errors to
 * standard error and warnings to standard output (where they would spoil a table or
 * {@code algorithms --json}), one {@code println} per message: {@code "ERROR : bundle B:V (id)[C(id)] : text"}, followed by
 * the whole stack trace. A plugin whose activation throws cost 65 lines at every launch. Here such a
 * message becomes one line naming the bundle, the component and the root cause with the frame that
 * threw; SCR's follow-up warnings that a consumer "could not get service" and so did not bind it
 * ("invokeBindMethod : Service not available": the same failure, seen from the bundle that asked) are left out. {@code -Dfabrica.stackTraces=true} keeps SCR's messages whole.
 * Everything else passes unchanged.
 */
final class ComponentLogStream extends PrintStream {
    /** System property: print Declarative Services' messages whole, stack traces included. */
    static final String STACK_TRACES_PROPERTY = "fabrica.stackTraces";

    // SCR's format (ScrLogManager): level padded to 5, " : ", "bundle <bsn>:<version> (<id>)", the component
    // "[<name>(<id>)]" when there is one, " : ", the text; a throwable's stack trace on the following lines.
    private static final Pattern SCR_MESSAGE = Pattern.compile(
            "(ERROR|WARN|INFO|DEBUG|AUDIT|TRACE)\\s* : bundle ([^\\s:]+):(\\S+) \\(\\d+\\)(?:\\[(.+?)\\(\\d+\\)\\])? : (.*)",
            Pattern.DOTALL);
    /**
     * SCR's follow-up warnings of a component that failed to activate, from a consumer's side: it could not get
     * the service (the failed component is its factory), so its bind method was not called. The failure itself
     * is said once, by the ERROR message of the activation.
     */
    private static final java.util.List<String> FOLLOW_UP_WARNINGS = java.util.List.of("Could not get service from ref",
            "DependencyManager : invokeBindMethod : Service not available");

    private final PrintStream log;
    private final boolean whole;

    /**
     * @param out where other text goes
     * @param log where Declarative Services' messages go (standard error), null for {@code out}
     * @param whole whether to keep those messages whole
     */
    ComponentLogStream(OutputStream out, PrintStream log, boolean whole) {
        super(out, true);
        this.log = log;
        this.whole = whole;
    }

    @Override
    public void println(String text) {
        if (text == null || !SCR_MESSAGE.matcher(text).matches()) {
            super.println(text);
            return;
        }
        String line = whole ? text : condense(text);
        if (line == null) {
            return;
        }
        if (log == null) {
            super.println(line);
        } else {
            log.println(line);
        }
    }

    @Override
    public void println(Object x) {
        println(String.valueOf(x));
    }

    /**
     * One line for a Declarative Services message, null for one that is left out, and any other text
     * unchanged.
     */
    static String condense(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = SCR_MESSAGE.matcher(text);
        if (!m.matches()) {
            return text;
        }
        String level = m.group(1);
        String component = m.group(4);
        String[] lines = m.group(5).split("\\R");
        String message = lines[0].strip();
        if (level.equals("WARN") && FOLLOW_UP_WARNINGS.stream().anyMatch(message::startsWith)) {
            return null;
        }
        StringBuilder sb = new StringBuilder("fabrica: ").append(level.equals("WARN") ? "WARNING" : level)
                .append(": bundle ").append(m.group(2)).append(' ').append(m.group(3));
        if (component != null) {
            sb.append(", component ").append(component);
        }
        sb.append(": ").append(message);
        // The root cause: the last "Caused by:" line, else the throwable's own first line.
        int cause = -1;
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty() || l.startsWith("at ") || l.startsWith("...")) {
                continue;
            }
            if (cause < 0 || l.startsWith("Caused by:")) {
                cause = i;
            }
        }
        if (cause > 0) {
            sb.append(": ").append(lines[cause].strip().replaceFirst("^Caused by: ", ""));
            for (int i = cause + 1; i < lines.length; i++) {
                String l = lines[i].strip();
                if (l.startsWith("at ")) {
                    sb.append(" (").append(l).append(')');
                    break;
                }
            }
            if (lines.length > cause + 1) {
                sb.append("; the stack trace: FABRICA_JAVA_OPTS=-D").append(STACK_TRACES_PROPERTY).append("=true");
            }
        }
        return sb.toString();
    }
}
