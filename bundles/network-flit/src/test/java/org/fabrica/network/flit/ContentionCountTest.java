package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * Contention counters on hand-built flows on an 8-router ring (shortest-path routing: node s
 * reaches s-1 through the minus link, s+1 through the plus link).
 */
class ContentionCountTest {
    static final int PACKETS = 12;

    /** Runs flows {@code sources[i] -> destinations[i]}, {@link #PACKETS} packets each, all generated at cycle 0. */
    static FlitNetwork run(Setup s, int[] sources, int[] destinations) {
        int[] destinationOf = new int[8];
        boolean[] sends = new boolean[8];
        for (int i = 0; i < sources.length; i++) {
            destinationOf[sources[i]] = destinations[i];
            sends[sources[i]] = true;
        }
        s.pattern = (source, random) -> destinationOf[source];
        int[] generated = new int[8];
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return sends[node] && generated[node]++ < PACKETS ? 0 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 16);
        assertFalse(net.truncated());
        assertEquals((long) PACKETS * sources.length, net.delivered());
        assertEquals(net.generated(), rec.deliveredIds.cardinality(), "every packet delivered exactly once");
        return net;
    }

    static Setup cutThroughOneVc() {
        Setup s = new Setup();
        s.router = Fixtures.router(1, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.routing = new Fixtures.RingRouting(8, false);
        s.packetFlits = 4;
        return s;
    }

    @Test
    void twoFlowsIntoOneLinkContendForIt() {
        // 1 -> 0 and 2 -> 0 share the minus link out of router 1
        FlitNetwork net = run(cutThroughOneVc(), new int[] {1, 2}, new int[] {0, 0});
        assertTrue(net.contentionEvents() > 0, "events " + net.contentionEvents());
        // once per packet and router at most: only router 1 has two flows for one link
        assertTrue(net.contentionEvents() <= 2 * PACKETS, "events " + net.contentionEvents());
        assertTrue(net.contentionWaitCycles() >= net.contentionEvents(), "every event waited at least a cycle");
        assertTrue(net.countsContention());
    }

    @Test
    void twoFlowsIntoOneEndpointContendForIt() {
        // 1 -> 0 (minus) and 7 -> 0 (plus) meet only at node 0's terminal output
        FlitNetwork net = run(cutThroughOneVc(), new int[] {1, 7}, new int[] {0, 0});
        assertTrue(net.endpointContentionEvents() > 0, "endpoint events " + net.endpointContentionEvents());
        assertTrue(net.endpointContentionEvents() <= 2 * PACKETS);
        assertEquals(0, net.contentionEvents(), "the two paths share no link");
        assertTrue(net.contentionWaitCycles() > 0);
    }

    @Test
    void disjointFlowsAndPacketsOfOneFlowDoNotCount() {
        // 1 -> 0, 3 -> 4, 5 -> 7: no link or endpoint in common; each flow's packets queue behind each other
        FlitNetwork net = run(cutThroughOneVc(), new int[] {1, 3, 5}, new int[] {0, 4, 7});
        assertEquals(0, net.contentionEvents());
        assertEquals(0, net.endpointContentionEvents());
        assertEquals(0, net.contentionWaitCycles());
    }

    @Test
    void twoFlowsOnSeparateVcsOfOneLinkContendInSwitchAllocation() {
        // two VCs usable by every packet: the flows get a VC each and then compete for the port
        Setup s = new Setup();
        s.router = Fixtures.router(2, 8, FlowControl.WORMHOLE);
        s.routing = new Fixtures.RingRouting(8, false);
        s.queuing = Fixtures.anyVc();
        s.packetFlits = 4;
        FlitNetwork net = run(s, new int[] {1, 2}, new int[] {0, 0});
        assertTrue(net.contentionEvents() > 0, "events " + net.contentionEvents());
        assertTrue(net.contentionEvents() <= 2 * PACKETS + 2 * PACKETS, "events " + net.contentionEvents());
    }

    @Test
    void otherModelsReportThatTheyDoNotCount() {
        NetworkModel other = new NetworkModel() {
            @Override
            public long generated() {
                return 0;
            }

            @Override
            public long delivered() {
                return 0;
            }

            @Override
            public long inFlight() {
                return 0;
            }

            @Override
            public long flitHops() {
                return 0;
            }

            @Override
            public long cycles() {
                return 0;
            }

            @Override
            public boolean truncated() {
                return false;
            }

            @Override
            public void replaceRouting(org.fabrica.routing.RoutingAlgorithm routing, String name) {
            }

            @Override
            public void cycle(long cycle) {
            }

            @Override
            public boolean done(long cycle) {
                return true;
            }
        };
        assertFalse(other.countsContention());
        assertEquals(0, other.contentionEvents() + other.endpointContentionEvents() + other.contentionWaitCycles());
    }
}
