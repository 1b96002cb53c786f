package org.fabrica.network;

/**
 * Names of the providers a run uses, as "name (bundle version)", so that errors name the culprit.
 */
public record ProviderNames(String routing, String queuing, String throttle, String traffic) {
    public static ProviderNames unnamed() {
        return new ProviderNames("routing", "queuing", "throttle", "traffic");
    }
}
