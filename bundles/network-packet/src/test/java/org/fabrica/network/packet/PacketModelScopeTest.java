package org.fabrica.network.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabrica.kernel.SimulationException;
import org.fabrica.params.Parameters;
import org.fabrica.network.NetworkModel;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.throttle.Throttle;
import org.junit.jupiter.api.Test;

/**
 * What the packet model still refuses is refused when the network is built (the runner builds
 * each scheme's network once when it validates an experiment), with the setting to change; and
 * the deadlock report's text.
 */
class PacketModelScopeTest {
    @Test
    void anActiveThrottleIsRefusedWhenTheNetworkIsBuiltNamingTheSettingAndTheFlitModel() {
        ModelPair p = new ModelPair();
        p.throttleOverride = c -> new Throttle() {
            @Override
            public void cycle(long now) {
            }

            @Override
            public boolean admit(int router, int outPort, int vc, PacketView packet, long now) {
                return true;
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.packetModel(null));
        assertTrue(e.getMessage().contains("throttle: {name: none}") && e.getMessage().contains("network: {name: flit}"),
                e.getMessage());
    }

    @Test
    void aThrottleThatNeedsTheNetworksViewIsTakenForAnActiveOneAndRefused() {
        ModelPair p = new ModelPair();
        p.throttleOverride = c -> {
            c.vcs(); // an active throttle reads the network when it is made
            throw new AssertionError("not reached");
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.packetModel(null));
        assertTrue(e.getMessage().contains("no throttle hook"), e.getMessage());
    }

    /** Dimension order on the torus that says it reads the buffers' occupancy. */
    static RoutingAlgorithm adaptive(RoutingAlgorithm dor) {
        return new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                dor.route(router, inPort, packet, out);
            }

            @Override
            public int vcClasses() {
                return dor.vcClasses();
            }

            @Override
            public boolean readsOccupancy() {
                return true;
            }

            @Override
            public void occupancy(NetworkOccupancy view) {
                throw new AssertionError("the packet model has no occupancy view to give");
            }
        };
    }

    @Test
    void anAdaptiveRoutingIsRefusedWhenBuiltAndWhenSwappedInNamingTheFlitModel() {
        ModelPair p = new ModelPair();
        p.routingOverride = adaptive(p.setup(null).routing());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.packetModel(null));
        assertTrue(e.getMessage().contains("adaptive") && e.getMessage().contains("network: {name: flit}"),
                e.getMessage());
        ModelPair q = new ModelPair();
        NetworkModel net = q.packetModel(null);
        IllegalArgumentException swap = assertThrows(IllegalArgumentException.class,
                () -> net.replaceRouting(adaptive(q.setup(null).routing()), "adaptive-dor"));
        assertTrue(swap.getMessage().contains("'adaptive-dor' is adaptive"), swap.getMessage());
    }

    @Test
    void linkErrorParametersOutOfRangeAreRefusedNamingTheParameter() {
        for (Map<String, Object> bad : java.util.List.<Map<String, Object>>of(Map.of("bitErrorRate", 1.0),
                Map.of("bitErrorRate", -1e-9), Map.of("retransmitTimeoutCycles", 0))) {
            ModelPair p = new ModelPair();
            String name = bad.keySet().iterator().next();
            RuntimeException e = assertThrows(RuntimeException.class, () -> new PacketNetworkFactory().create(
                    p.setup(null), Parameters.bind(PacketNetworkParameters.class, bad, "packet")));
            assertTrue(e.getMessage().contains(name), bad + ": " + e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PacketNetwork(new ModelPair().setup(null), 4, 1.5, 2000));
        assertTrue(e.getMessage().contains("bitErrorRate = 1.5"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PacketNetwork(new ModelPair().setup(null), 4, 0, 0));
        assertTrue(e.getMessage().contains("retransmitTimeoutCycles = 0"), e.getMessage());
    }

    /**
     * DOR on the torus's rings with every packet on VC 0 (no dateline VC to break the cycles)
     * deadlocks under load; the report lists at most ten waiting heads, each where it is and what
     * it waits for.
     */
    @Test
    void aDeadlockReportListsTheWaitingHeadsAndWhatTheyWaitFor() {
        ModelPair p = new ModelPair();
        p.queuingOverride = c -> new org.fabrica.queuing.QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return 1;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return 1;
            }
        };
        p.load = 0.9;
        p.deadlockCycles = 200;
        SimulationException e = assertThrows(SimulationException.class, p::packet);
        String m = e.getMessage();
        assertTrue(m.startsWith("deadlock: ") && m.contains("none moved for 200 cycles"), m);
        assertTrue(m.contains("routing 'dor', queuing 'dateline'"), m);
        String[] lines = m.substring(m.indexOf("waiting heads:")).split("\n");
        assertEquals(11, lines.length, "ten heads, one line each: " + m);
        Pattern head = Pattern.compile("  packet \\d+ \\(\\d+ -> \\d+, created at cycle \\d+\\) at VC 0 of"
                + " (router (\\d+) port \\d+ \\([^)]*\\)): (waits for a VC of port (\\d+) \\(mask 0x1\\) at router (\\d+)"
                + "|holds VC 0 of router \\d+ port \\d+ \\([^)]*\\) and waits for the switch|is being routed)");
        int waiting = 0;
        for (int i = 1; i < lines.length; i++) {
            Matcher h = head.matcher(lines[i]);
            assertTrue(h.matches(), "line " + i + ": '" + lines[i] + "'");
            if (h.group(4) != null) {
                waiting++;
                assertEquals(h.group(2), h.group(5), "the head waits at the router of its input VC: " + lines[i]);
            }
        }
        assertTrue(waiting > 0, "a deadlock has heads waiting for a VC: " + m);
    }
}
