package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.network.flit.RouterOrganisationTest.Star;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * The deadlock inside one switch that the Dawning switch's Global Resource Bulletin prevents
 * (docs/collectives.md): two multicasts that both need outputs 2 and 3 of one switch, one VC per
 * port. A unicast packet from node 4 to node 3 holds output 3 first; multicast A (from node 1)
 * arrives and finds output 2 free; multicast B (from node 0) arrives after it. Claiming each output
 * as it frees and holding it (hold and wait), A takes output 2 and B, served first when output 3
 * frees, takes output 3: each holds what the other waits for, forever. Taking every output at once
 * or none (the GRB's rule, the network's default) A waits holding nothing, B takes both when output
 * 3 frees, then A: every copy is delivered.
 */
class GlobalResourceBulletinTest {
    /** Packets of nodes 0 and 1 go to outputs 2 and 3 at once; the others to their destination. */
    private static final RoutingAlgorithm TWO_MULTICASTS = Fixtures.branching(port -> port == 0 || port == 1, 2, 3);

    private static FlitNetwork star(boolean holdAndWait) {
        Setup s = new Setup();
        s.topology = new Star(5);
        s.routing = TWO_MULTICASTS;
        s.router = Fixtures.router(1, 16, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 16;
        s.deadlockCycles = 500;
        s.pattern = (source, random) -> source == 4 ? 3 : 2;
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                if (previous >= 0) {
                    return NEVER;
                }
                return switch (node) {
                    case 4 -> 0; // holds output 3 for its 16 flits
                    case 1 -> 4; // multicast A
                    case 0 -> 8; // multicast B
                    default -> NEVER;
                };
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        FlitNetwork net = s.create();
        net.branches.holdAndWait = holdAndWait;
        return net;
    }

    @Test
    void withTheBulletinBothMulticastsReachBothOutputs() {
        FlitNetwork net = star(false);
        Fixtures.run(net, 1);
        assertEquals(3, net.generated());
        assertEquals(2, net.replicated(), "one copy per multicast");
        assertEquals(5, net.delivered(), "the unicast packet and two copies of each multicast");
    }

    @Test
    void holdingOutputsOneByOneDeadlocksTheTwoMulticastsInsideTheSwitch() {
        FlitNetwork net = star(true);
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 1));
        assertTrue(e.getMessage().toLowerCase().contains("deadlock"), e.getMessage());
        // the cycle: B (node 0) waits for output 2, which A holds; A (node 1) waits for output 3, which B holds
        assertTrue(e.getMessage().contains("n0.inj vc0 (packet 2: 0 -> 2) waits for r0.p2 vc0 held by the packet in"
                + " n1.inj vc0") && e.getMessage().contains("waits for r0.p3 vc0 held by the packet in n0.inj vc0"),
                e.getMessage());
        assertEquals(1, net.delivered(), "only the unicast packet got through");
    }
}
