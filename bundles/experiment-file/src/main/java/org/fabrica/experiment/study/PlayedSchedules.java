package org.fabrica.experiment.study;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A study mode whose points play schedulers' plans (e.g. m2n): the {@code schedule} command prints
 * those plans without running anything ({@link org.fabrica.experiment.ExperimentService#schedule}).
 * A mode implements it beside {@link StudyMode}; the command refuses the files of other modes,
 * naming the installed modes that do.
 */
@ConsumerType
public interface PlayedSchedules {
    /**
     * The plan of every schedule the experiment's points play (first seed's streams), as tables
     * under a heading line each, or as one CSV table.
     *
     * @param plan a plan the mode resolved ({@link StudyMode#resolve})
     */
    String schedules(StudyPlan plan, boolean csv);
}
