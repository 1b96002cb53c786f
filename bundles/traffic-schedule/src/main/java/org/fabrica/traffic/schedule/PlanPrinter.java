package org.fabrica.traffic.schedule;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Transaction;
import org.fabrica.stats.CsvWriter;

/**
 * Text forms of a {@link Plan}: a table of rounds of (source,destination) pairs like the 6-to-10
 * table of docs/studies/rapidio-m2n.md, for the command line ({@code fabrica schedule}), and CSV for
 * export (to load a schedule into real endpoints). Uses only the scheduler API, so it prints the
 * plans of every scheduler.
 */
public final class PlanPrinter {
    private PlanPrinter() {
    }

    /**
     * The plan as text: a header line, the placement if the plan moved nodes, then per transaction
     * one line per round (numbered from 1) of {@code (source,destination)} pairs. A pair shows
     * {@code :size} when the plan's sizes differ and {@code via P_0.P_1...} when it has a route.
     * Failed requests are listed at the end.
     */
    public static String table(Plan plan) {
        StringBuilder b = new StringBuilder();
        boolean uniform = uniformSize(plan);
        int transfers = plan.transfers().size();
        b.append(plan.scheduler()).append(": ").append(plural(plan.transactions().size(), "transaction")).append(", ")
                .append(plural(plan.roundCount(), "round")).append(", ").append(plural(transfers, "transfer"));
        if (uniform && transfers > 0) {
            b.append(" of ").append(plan.transfers().get(0).size()).append(' ').append(unit(plan));
        } else if (transfers > 0) {
            b.append(" (sizes in ").append(unit(plan)).append(')');
        }
        b.append("; ").append(plan.roundOrder() == RoundOrder.PER_SOURCE
                ? "rounds not synchronised (each source starts its next round once it has injected the previous one)"
                : "a barrier after every round");
        if (plan.transactions().size() > 1) {
            b.append("; a barrier after every transaction");
        }
        b.append('\n');
        if (!plan.placement().isEmpty()) {
            b.append("placement:");
            for (Map.Entry<Integer, Integer> e : plan.placement().entrySet()) {
                b.append(' ').append(e.getKey()).append("->").append(e.getValue());
            }
            b.append('\n');
        }
        int tn = 1;
        for (Transaction t : plan.transactions()) {
            b.append("transaction ").append(tn++);
            if (!t.label().isEmpty()) {
                b.append(": ").append(t.label());
            }
            b.append('\n');
            int rn = 1;
            for (Round r : t.rounds()) {
                b.append("  round ").append(rn++).append(':');
                if (r.transfers().isEmpty()) {
                    b.append(" (idle)");
                }
                for (ScheduledTransfer s : r.transfers()) {
                    b.append(" (").append(s.source()).append(',').append(s.destination());
                    if (!uniform) {
                        b.append(':').append(s.size());
                    }
                    s.route().ifPresent(route -> b.append(" via ").append(route));
                    b.append(')');
                }
                b.append('\n');
            }
        }
        int granted = plan.granted();
        int requests = plan.outcomes().size();
        b.append("requests: ").append(granted).append(" granted of ").append(requests)
                .append(String.format(Locale.ROOT, " (schedulability ratio %.4f)", plan.schedulabilityRatio()))
                .append('\n');
        for (RequestOutcome o : plan.outcomes()) {
            if (!o.granted()) {
                b.append("  request ").append(o.request()).append(": ").append(choice(o.status().name()))
                        .append(" at level ").append(o.failedLevel()).append('\n');
            }
        }
        return b.toString();
    }

    /** The columns of {@link #csv}, in order. */
    public static final List<String> TRANSFER_COLUMNS = List.of("transaction", "round", "request", "source",
            "destination", "size", "route");

    /**
     * The scheduled transfers as CSV with a header line:
     * {@code transaction,round,request,source,destination,size,route}; transaction and round
     * numbered from 1 (as printed by {@link #table}); route as dotted upper ports ({@code -} for
     * the empty route between nodes of one leaf switch), an empty field when the network routes
     * the transfer. LF line ends.
     */
    public static String csv(Plan plan) {
        CsvWriter csv = new CsvWriter("schedule of " + plan.scheduler(), CsvWriter.LineEnd.LF, TRANSFER_COLUMNS);
        transfers(plan, csv);
        return csv.text();
    }

    /**
     * Writes a record per scheduled transfer of the plan, as {@link #csv} does, each starting with
     * the {@code leading} fields (e.g. the communication and the scheme when several plans share a
     * table); the table's header is the leading columns followed by {@link #TRANSFER_COLUMNS}.
     */
    public static void transfers(Plan plan, CsvWriter csv, String... leading) {
        int tn = 1;
        for (Transaction t : plan.transactions()) {
            int rn = 1;
            for (Round r : t.rounds()) {
                for (ScheduledTransfer s : r.transfers()) {
                    for (String f : leading) {
                        csv.field(f);
                    }
                    csv.field(tn).field(rn).field(s.request()).field(s.source()).field(s.destination())
                            .field(s.size()).field(s.route().map(Route::toString).orElse("")).endRecord();
                }
                rn++;
            }
            tn++;
        }
    }

    /** The outcome of every request as CSV: {@code request,status,failed_level} (status spelt as in experiment files; LF line ends). */
    public static String outcomesCsv(Plan plan) {
        CsvWriter csv = new CsvWriter("outcomes of " + plan.scheduler(), CsvWriter.LineEnd.LF, "request", "status",
                "failed_level");
        for (RequestOutcome o : plan.outcomes()) {
            csv.field(o.request()).field(choice(o.status().name())).field(o.failedLevel()).endRecord();
        }
        return csv.text();
    }

    private static boolean uniformSize(Plan plan) {
        long size = -1;
        for (ScheduledTransfer s : plan.transfers()) {
            if (size >= 0 && s.size() != size) {
                return false;
            }
            size = s.size();
        }
        return true;
    }

    private static String unit(Plan plan) {
        return plan.unit().name().toLowerCase(Locale.ROOT);
    }

    private static String choice(String enumName) {
        return enumName.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
