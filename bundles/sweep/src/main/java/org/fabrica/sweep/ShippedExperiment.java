package org.fabrica.sweep;

/**
 * An experiment as data: what another member needs to plan any of its points again and run one.
 *
 * @param experimentId the experiment's id (the hash of its resolved text); a member that resolves
 *        {@code text} to another id must refuse the point (its providers differ)
 * @param text the resolved experiment, as the results folder's experiment.yaml holds it
 */
public record ShippedExperiment(String experimentId, String text) {
    public ShippedExperiment {
        if (experimentId == null || experimentId.isBlank() || text == null || text.isBlank()) {
            throw new IllegalArgumentException("a shipped experiment needs its id and its resolved text");
        }
    }
}
