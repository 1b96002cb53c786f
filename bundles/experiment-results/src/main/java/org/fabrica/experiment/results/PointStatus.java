package org.fabrica.experiment.results;

import org.fabrica.sweep.PointResult;

/**
 * The status of a point, as its notes and the {@code status} column of points.csv give it: the one
 * definition of those words, which the runner writes and the report, the shell and
 * {@code fabrica compare} read.
 */
public final class PointStatus {
    /** The note (and points.csv column) holding a point's status. */
    public static final String NOTE = "status";
    /** The note, "true" or "false", saying whether the point saturated. */
    public static final String SATURATED_NOTE = "saturated";

    /** The point finished and carried what it was offered. */
    public static final String OK = "ok";
    /** The point finished but did not carry what it was offered (a check cut it, or the drain limit). */
    public static final String SATURATED = "saturated";
    /** The point threw; its failure says why. */
    public static final String FAILED = "failed";
    /** The run was stopped before the point finished; a resume runs it again. */
    public static final String STOPPED = "stopped";

    private PointStatus() {
    }

    /** Whether a status is one of a finished point's, ok or saturated. */
    public static boolean finished(String status) {
        return OK.equals(status) || SATURATED.equals(status);
    }

    /** Whether a result's notes say it saturated. */
    public static boolean saturated(PointResult r) {
        return r.notes() != null && Boolean.parseBoolean(r.notes().get(SATURATED_NOTE));
    }
}
