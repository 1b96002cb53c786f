package org.fabrica.experiment.runner;

/**
 * A study mode whose points play schedulers' plans (m2n): {@code schedule} prints those plans
 * without running anything ({@link org.fabrica.experiment.ExperimentService#schedule}).
 */
interface PlayedSchedules {
    /**
     * The plan of every schedule the experiment's points play (first seed's streams), as tables
     * under a heading line each, or as one CSV table.
     */
    String schedules(SweepPlan plan, boolean csv);
}
