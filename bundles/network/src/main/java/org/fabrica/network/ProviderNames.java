package org.fabrica.network;

/**
 * Names of the providers a run uses, as "name (bundle version)", so that errors name the culprit.
 *
 * @param collective the collective engine's provider, or null (then messages name the engine's
 *        class; since 2.3)
 */
public record ProviderNames(String routing, String queuing, String throttle, String traffic, String collective) {
    /** Names without a collective engine's. */
    public ProviderNames(String routing, String queuing, String throttle, String traffic) {
        this(routing, queuing, throttle, traffic, null);
    }

    public static ProviderNames unnamed() {
        return new ProviderNames("routing", "queuing", "throttle", "traffic");
    }
}
