package org.fabrica.experiment.report;

import java.util.List;

/**
 * A column of the report's table of a pattern: a point metric and its heading.
 *
 * @param metric the metric's name, e.g. {@code latency.avg}
 * @param heading the column heading, e.g. {@code latency avg}
 */
public record ReportColumn(String metric, String heading) {
    /** The columns of load points (steady mode; also the default of modes without their own). */
    public static final List<ReportColumn> LOAD_POINTS = List.of(
            new ReportColumn("offered", "offered"), new ReportColumn("accepted", "accepted"),
            new ReportColumn("latency.avg", "latency avg"), new ReportColumn("latency.p50", "p50"),
            new ReportColumn("latency.p99", "p99"), new ReportColumn("latency.max", "max"),
            new ReportColumn("latency.network.avg", "network latency"), new ReportColumn("hops.avg", "hops"),
            new ReportColumn("packets.measured", "packets"), new ReportColumn("sim.cycles", "cycles"),
            new ReportColumn("sim.wallSeconds", "wall s"));
}
