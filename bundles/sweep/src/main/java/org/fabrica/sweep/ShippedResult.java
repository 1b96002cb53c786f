package org.fabrica.sweep;

import java.util.Map;

/**
 * What a member sends back for a point it ran: the result, and the files the point wrote into its
 * results folder (series, space-time charts), by path relative to that folder with '/' separators.
 *
 * @param result the point's result
 * @param files the point's files (empty when it wrote none)
 */
public record ShippedResult(PointResult result, Map<String, byte[]> files) {
    public ShippedResult {
        files = Map.copyOf(files);
    }
}
