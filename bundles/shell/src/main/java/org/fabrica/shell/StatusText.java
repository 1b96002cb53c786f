package org.fabrica.shell;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.fabrica.experiment.results.RunRecord;
import org.fabrica.experiment.results.RunStatus;

/**
 * {@code fabrica status DIR}: where the run of a results folder stands, from the folder alone (its
 * record, its journal, whether a live run holds it, and that run's last progress with its running
 * points). A folder whose record says running but that no run holds was killed: the text says so,
 * names the points that were running (lost, to be run again) and how to continue.
 */
final class StatusText {
    private StatusText() {
    }

    /** The status as text, times relative to {@code now}. */
    static String text(RunStatus s, Instant now) {
        RunRecord run = s.run();
        StringBuilder b = new StringBuilder();
        b.append(s.dir()).append(": ").append(run.experiment()).append(" (experiment id ").append(run.experimentId())
                .append("), ");
        if (s.live()) {
            b.append("paused".equals(run.state()) ? "paused" : "running").append(", started ")
                    .append(when(run.started(), now));
        } else if (s.interrupted()) {
            b.append("interrupted: its run.json says ").append(run.state()).append(" but no run holds the folder (the"
                    + " run was killed, or its machine stopped); started ").append(when(run.started(), now));
        } else {
            b.append(run.state()).append(' ').append(when(run.ended(), now));
            Duration took = between(run.started(), run.ended());
            if (took != null) {
                b.append(" after ").append(ProgressDisplay.duration(took.toSeconds()));
            }
        }
        b.append('\n');
        int complete = s.done() - s.saturated() - s.failed();
        b.append("  points    ").append(s.done()).append(" of ").append(run.points()).append(" done: ").append(complete)
                .append(" complete, ").append(s.saturated()).append(" saturated, ").append(s.failed())
                .append(" failed; ").append(ProgressDisplay.duration(Math.round(s.pointSeconds())))
                .append(" of point time\n");
        if (run.error() != null && !s.live()) {
            b.append("  error     ").append(run.error()).append('\n');
        }
        RunStatus.Progress p = s.progress();
        if (p != null && s.live()) {
            b.append("  progress  ").append(ProgressDisplay.percent(p.fraction()).strip()).append(' ')
                    .append(p.status()).append(" (as of ").append(ago(p.written(), now)).append(")\n");
            String label = "  running   ";
            for (RunStatus.RunningPoint r : p.running()) {
                b.append(label).append(point(r)).append('\n');
                label = "            ";
            }
        }
        if (s.interrupted()) {
            if (p != null && !p.running().isEmpty()) {
                String label = "  lost      ";
                for (RunStatus.RunningPoint r : p.running()) {
                    b.append(label).append(point(r)).append('\n');
                    label = "            ";
                }
                b.append("            (running at its last progress, ").append(ago(p.written(), now))
                        .append("; a point is kept only when it finishes)\n");
            }
        }
        if (!s.live() && s.done() < run.points()) {
            // the folder's experiment.yaml is the file resolved: it runs as it is, with the same id
            b.append("  continue  ./fabrica run ").append(s.dir()).append(" --resume (runs the ")
                    .append(run.points() - s.done()).append(" points not done)\n");
        }
        return b.toString();
    }

    /** {@code zipf/1vc/l0.5/s1: cycle 300,000, window past the check, to cycle 586,000; 12 min}. */
    static String point(RunStatus.RunningPoint r) {
        return r.point() + ": cycle " + String.format(Locale.ROOT, "%,d", r.cycle()) + ", "
                + (r.phase() != null ? r.phase()
                        : String.format(Locale.ROOT, "%,d", r.delivered()) + " packets delivered")
                + (r.paused() ? " (paused)" : "") + "; " + ProgressDisplay.duration(r.seconds());
    }

    /** {@code 2026-11-28T23:53:31Z (2.1 h ago)}; the text as it is when it is not a time. */
    private static String when(String iso, Instant now) {
        if (iso == null || iso.isEmpty()) {
            return "at an unknown time";
        }
        try {
            Instant t = OffsetDateTime.parse(iso).toInstant();
            long ago = Math.max(0, Duration.between(t, now).toSeconds());
            return iso + " (" + ProgressDisplay.duration(ago) + " ago)";
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    /** {@code 14 s ago}; the text as it is when it is not a time. */
    private static String ago(String iso, Instant now) {
        try {
            return ProgressDisplay.duration(Math.max(0, Duration.between(OffsetDateTime.parse(iso).toInstant(), now)
                    .toSeconds())) + " ago";
        } catch (DateTimeParseException | NullPointerException e) {
            return iso;
        }
    }

    private static Duration between(String from, String to) {
        try {
            return Duration.between(OffsetDateTime.parse(from).toInstant(), OffsetDateTime.parse(to).toInstant());
        } catch (DateTimeParseException | NullPointerException e) {
            return null;
        }
    }
}
