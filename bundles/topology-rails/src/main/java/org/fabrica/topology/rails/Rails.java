package org.fabrica.topology.rails;

import java.util.Map;
import java.util.function.BiFunction;
import org.fabrica.topology.Topology;

/**
 * A multi-rail network asked for beside a topology's own parameters: {@value #PLANES} planes of the
 * topology, and {@value #SELECTION}, how each node's interface spreads its packets over them
 * ({@link RailTopology}, {@link RailRouting}). The two keys belong to no topology provider: every
 * topology takes them (docs/user-guide.md, "Multi-rail networks"). Since 1.1.
 *
 * @param planes the number of planes, 1 to {@value #MAX_PLANES} (1: one plane behind an interface router)
 * @param selection how a source picks the plane of each packet
 */
public record Rails(int planes, RailRouting.Selection selection) {
    /** The key of the number of planes. */
    public static final String PLANES = "rails";
    /** The key of the plane selection. */
    public static final String SELECTION = "railSelection";
    /** Most planes of a network. */
    public static final int MAX_PLANES = 64;

    /**
     * The rails a topology's parameters ask for, or null when they give neither key.
     *
     * @param parameters the topology's parameters as written, the two keys among them
     * @param error the error to throw for a key ({@value #PLANES} or {@value #SELECTION}) and its message
     */
    public static Rails of(Map<String, Object> parameters, BiFunction<String, String, RuntimeException> error) {
        if (!parameters.containsKey(PLANES) && !parameters.containsKey(SELECTION)) {
            return null;
        }
        Object planes = parameters.get(PLANES);
        if (planes == null) {
            throw error.apply(SELECTION, "topology." + SELECTION + " without topology." + PLANES
                    + ": give the number of planes too, e.g. rails: 4");
        }
        if (!(planes instanceof Integer || planes instanceof Long) || ((Number) planes).longValue() < 1
                || ((Number) planes).longValue() > MAX_PLANES) {
            throw error.apply(PLANES, "topology." + PLANES + " = " + planes
                    + " is not a number of planes; use a whole number from 1 to " + MAX_PLANES);
        }
        Object s = parameters.getOrDefault(SELECTION, "packet");
        RailRouting.Selection selection = switch (String.valueOf(s)) {
            case "packet" -> RailRouting.Selection.PACKET;
            case "destination" -> RailRouting.Selection.DESTINATION;
            default -> throw error.apply(SELECTION, "topology." + SELECTION + " = '" + s
                    + "' is not a selection; use packet (the packet's id modulo the planes: a lone source takes"
                    + " them in turn) or destination (the destination's id modulo the planes)");
        };
        return new Rails(((Number) planes).intValue(), selection);
    }

    /** The multi-rail network of {@code topology}: its planes behind one interface router per node. */
    public RailTopology network(Topology topology) {
        return new RailTopology(topology, planes);
    }

    /** The selection as files write it: {@code packet} or {@code destination}. */
    public String selectionName() {
        return selection == RailRouting.Selection.PACKET ? "packet" : "destination";
    }
}
