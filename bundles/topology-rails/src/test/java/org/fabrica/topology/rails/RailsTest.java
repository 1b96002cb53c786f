package org.fabrica.topology.rails;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two multi-rail keys read from a topology's parameters, their errors at the key they name. */
class RailsTest {
    /** An error that says which key it is about. */
    private static final class KeyError extends RuntimeException {
        final String key;

        KeyError(String key, String message) {
            super(message);
            this.key = key;
        }
    }

    private static Rails of(Map<String, Object> parameters) {
        return Rails.of(parameters, KeyError::new);
    }

    @Test
    void neitherKeyIsNoRails() {
        assertNull(of(Map.of("k", 4, "n", 2)));
    }

    @Test
    void planesAloneSpreadByPacketAndTheSelectionIsRead() {
        assertEquals(new Rails(4, RailRouting.Selection.PACKET), of(Map.of(Rails.PLANES, 4)));
        Rails byDestination = of(Map.of(Rails.PLANES, 2L, Rails.SELECTION, "destination"));
        assertEquals(new Rails(2, RailRouting.Selection.DESTINATION), byDestination);
        assertEquals("destination", byDestination.selectionName());
        assertEquals("packet", of(Map.of(Rails.PLANES, 1)).selectionName());
    }

    @Test
    void eachErrorNamesItsKey() {
        KeyError alone = assertThrows(KeyError.class, () -> of(Map.of(Rails.SELECTION, "packet")));
        assertEquals(Rails.SELECTION, alone.key);
        assertEquals("topology.railSelection without topology.rails: give the number of planes too, e.g. rails: 4",
                alone.getMessage());
        for (Object planes : new Object[] {0, Rails.MAX_PLANES + 1, 2.5, "four"}) {
            KeyError bad = assertThrows(KeyError.class, () -> of(Map.of(Rails.PLANES, planes)));
            assertEquals(Rails.PLANES, bad.key);
            assertEquals("topology.rails = " + planes + " is not a number of planes; use a whole number from 1 to 64",
                    bad.getMessage());
        }
        KeyError selection = assertThrows(KeyError.class, () -> of(Map.of(Rails.PLANES, 2, Rails.SELECTION, "round")));
        assertEquals(Rails.SELECTION, selection.key);
        assertEquals("topology.railSelection = 'round' is not a selection; use packet (the packet's id modulo the"
                + " planes: a lone source takes them in turn) or destination (the destination's id modulo the planes)",
                selection.getMessage());
    }

    @Test
    void theNetworkHasOnePlaneOfTheTopologyPerRail() {
        RailTopology network = new Rails(3, RailRouting.Selection.PACKET).network(new RailTopologyTest.Pair());
        assertEquals(new RailTopologyTest.Pair().nodes(), network.nodes());
        assertEquals(3 * new RailTopologyTest.Pair().routers() + network.nodes(), network.routers());
    }
}
