package org.fabrica.shell;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.results.RunStatus;

/**
 * Shows a run's progress on standard error. On a terminal it redraws one line in place with
 * {@code \r} (a bar, the percentage and the runner's status); otherwise (a pipe, a log file, CI)
 * it prints one plain line each time another tenth of the run is done, so logs stay short, and a
 * line when {@link #QUIET_NANOS} have passed since the last one and the status has changed (points
 * finished, the estimate), so a log of a run of hours still says it is alive. Each plain line is
 * followed by one line per running point ({@link #follow}): where it is (its cycle, and its phase
 * when the mode tells it: warm-up, window, past the saturation check, drain) and for how long it
 * has run, so a log says whether a point of hours has passed its check or is draining. Called from
 * executor threads, hence synchronised.
 */
final class ProgressDisplay implements ProgressListener {
    static final int BAR_WIDTH = 30;
    /** Longest line drawn on a terminal: a wrapped line could not be redrawn with \r. */
    static final int LINE_WIDTH = 79;

    /** Without a terminal, the longest silence between two lines while the status changes: 10 minutes. */
    static final long QUIET_NANOS = 10L * 60 * 1_000_000_000;

    private final PrintStream err;
    private final boolean terminal;
    private final LongSupplier clock;
    private String lastLine = "";
    private int lastDecile = -1;
    private long lastPrinted;
    private volatile Supplier<Map<String, Object>> stats;

    ProgressDisplay(PrintStream err, boolean terminal) {
        this(err, terminal, System::nanoTime);
    }

    /** @param clock nanoseconds, as {@link System#nanoTime} (a test's own clock) */
    ProgressDisplay(PrintStream err, boolean terminal, LongSupplier clock) {
        this.err = err;
        this.terminal = terminal;
        this.clock = clock;
    }

    @Override
    public synchronized void progress(double fraction, String status) {
        double f = clamp(fraction);
        if (terminal) {
            String line = terminalLine(f, status);
            if (!line.equals(lastLine)) {
                // pad with blanks so that a shorter line fully covers the previous one
                int pad = Math.max(0, lastLine.length() - line.length());
                err.print("\r" + line + " ".repeat(pad));
                err.flush();
                lastLine = line;
            }
        } else {
            int decile = (int) Math.floor(f * 10 + 1e-9);
            long now = clock.getAsLong();
            boolean tenth = decile > lastDecile;
            if (!tenth && now - lastPrinted < QUIET_NANOS) {
                return;
            }
            // the running points are read only when a line may be due (the statistics walk the results)
            List<String> points = running(stats);
            String said = plainLine(f, status) + (points.isEmpty() ? "" : "\n" + String.join("\n", points));
            if (tenth || !said.equals(lastLine)) {
                lastDecile = Math.max(lastDecile, decile);
                lastPrinted = now;
                lastLine = said;
                err.println(said);
                err.flush();
            }
        }
    }

    /**
     * Follows a run's live statistics ({@code RunHandle.stats()}): each plain line is then followed
     * by a line per running point. Reading them must not stop the display: a failure leaves the
     * lines out.
     */
    void follow(Supplier<Map<String, Object>> runStats) {
        this.stats = runStats;
    }

    /**
     * {@code   uniform/dor/l0.3/s1: cycle 612,000, drain, limit at cycle 976,000; 41 min}: one line per
     * running point of the statistics (under {@code active}), empty without any.
     */
    static List<String> running(Supplier<Map<String, Object>> runStats) {
        List<String> lines = new ArrayList<>();
        if (runStats == null) {
            return lines;
        }
        Object active;
        try {
            active = runStats.get().get("active");
        } catch (RuntimeException e) {
            return lines; // a display problem must not stop the run
        }
        if (!(active instanceof List<?> points)) {
            return lines;
        }
        for (Object o : points) {
            if (o instanceof Map<?, ?> p) {
                lines.add("  " + StatusText.point(new RunStatus.RunningPoint(String.valueOf(p.get("point")),
                        number(p.get("cycle")), p.get("phase") == null ? null : p.get("phase").toString(),
                        number(p.get("delivered")), Boolean.TRUE.equals(p.get("paused")), number(p.get("seconds")))));
            }
        }
        return lines;
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }

    /** {@code 45 s}, {@code 12 min}, {@code 2.5 h}. */
    static String duration(long seconds) {
        if (seconds < 90) {
            return seconds + " s";
        }
        if (seconds < 90 * 60) {
            return Math.round(seconds / 60.0) + " min";
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600.0);
    }

    /** Ends the redrawn line so that what follows starts on a fresh line. */
    synchronized void finish() {
        if (terminal && !lastLine.isEmpty()) {
            err.println();
            err.flush();
            lastLine = "";
        }
    }

    /** {@code [#########.....................]  30% status}, cut to {@link #LINE_WIDTH}. */
    static String terminalLine(double fraction, String status) {
        String line = bar(fraction, BAR_WIDTH) + " " + percent(fraction) + (status == null || status.isEmpty() ? ""
                : " " + status.replace('\n', ' ').replace('\r', ' '));
        return line.length() <= LINE_WIDTH ? line : line.substring(0, LINE_WIDTH - 3) + "...";
    }

    /** {@code progress  30% status}. */
    static String plainLine(double fraction, String status) {
        return "progress " + percent(fraction) + (status == null || status.isEmpty() ? "" : " " + status);
    }

    static String bar(double fraction, int width) {
        int filled = (int) Math.floor(clamp(fraction) * width + 1e-9);
        return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "]";
    }

    static String percent(double fraction) {
        return String.format("%3d%%", (int) Math.floor(clamp(fraction) * 100 + 1e-9));
    }

    private static double clamp(double f) {
        return Double.isNaN(f) ? 0 : Math.max(0, Math.min(1, f));
    }
}
