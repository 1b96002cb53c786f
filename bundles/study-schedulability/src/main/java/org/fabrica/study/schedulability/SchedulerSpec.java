package org.fabrica.study.schedulability;

import org.fabrica.experiment.file.ProviderChoice;

/**
 * One scheduler of a schedulability experiment (docs/studies/levelwise.md), compared under a label.
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param scheduler the scheduler provider choice
 */
public record SchedulerSpec(String label, ProviderChoice scheduler) {
}
