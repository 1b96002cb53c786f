package org.fabrica.experiment.results;

import java.util.List;

/**
 * The record of one run of an experiment into a results folder ({@code run.json}).
 *
 * @param runId id of the run in its framework
 * @param experiment experiment name
 * @param experimentId experiment id
 * @param fabricaVersion runner version
 * @param state run state
 * @param started start time (ISO-8601)
 * @param ended end time (ISO-8601), null while running
 * @param points points of the experiment
 * @param resumed points taken from the journal of an earlier run
 * @param finished points finished in this run
 * @param failed points failed (this run and earlier ones kept)
 * @param saturated points saturated
 * @param threads points run at once
 * @param swaps every swap, as {@code point: swap: cycle C, routing 'a' (...) -> 'b' (...)}
 * @param warnings problems that did not fail the run (e.g. a plot that could not be drawn)
 * @param error why the run failed as a whole, or null
 */
public record RunRecord(String runId, String experiment, String experimentId, String fabricaVersion, String state,
        String started, String ended, int points, int resumed, int finished, int failed, int saturated, int threads,
        List<String> swaps, List<String> warnings, String error) {
}
