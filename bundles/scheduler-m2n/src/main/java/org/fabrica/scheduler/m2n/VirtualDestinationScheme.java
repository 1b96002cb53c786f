package org.fabrica.scheduler.m2n;

/** How {@code virtual-destinations} plays the real and virtual destination tables (docs/studies/rapidio-m2n.md,
 * "The practical case: TianLai"). */
public enum VirtualDestinationScheme {
    /**
     * Scheme (b): one shuffle over all N' destinations, the real table followed by the virtual
     * ones (hierarchical over that table when M > N').
     */
    SHUFFLE_ALL,
    /**
     * Scheme (c): each destination table is its own step, in sequence, each scheduled
     * hierarchically: TianLai's 48-to-54, then 18-to-18, 18-to-18, 12-to-18.
     */
    HIERARCHICAL
}
