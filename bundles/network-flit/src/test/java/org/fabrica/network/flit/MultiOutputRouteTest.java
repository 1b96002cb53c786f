package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.network.flit.RouterOrganisationTest.Star;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** A route of several outputs at once: granted all or none, read once, copies delivered at every branch. */
class MultiOutputRouteTest {
    /** Packets from node 0 fan out to nodes 1, 2 and 3; every other packet goes to its destination. */
    static final RoutingAlgorithm FAN_OUT = Fixtures.branching(port -> port == 0, 1, 2, 3);

    /** Node 0 sends one packet at cycle {@code fanOutAt}; nodes 4 and 5 stream packets to node 2 from cycle 0 to {@code streamEnd}. */
    static Setup star(long streamEnd) {
        return star(streamEnd, 5);
    }

    static Setup star(long streamEnd, long fanOutAt) {
        Setup s = new Setup();
        s.topology = new Star(6);
        s.routing = FAN_OUT;
        s.router = Fixtures.router(1, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 4;
        s.pattern = (source, random) -> source == 0 ? 1 : 2;
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                if (node == 0) {
                    return previous < 0 ? fanOutAt : NEVER;
                }
                if (node == 4 || node == 5) {
                    long next = previous < 0 ? 0 : previous + 4;
                    return next < streamEnd ? next : NEVER;
                }
                return NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        return s;
    }

    record Delivery(long packet, int destination, long cycle) {
    }

    @Test
    void aFanOutDeliversACopyAtEveryBranchReadingEachFlitOnce() {
        Setup s = star(0);
        List<Delivery> deliveries = new ArrayList<>();
        List<long[]> copies = new ArrayList<>();
        s.observer = new NetworkObserver() {
            @Override
            public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
                copies.add(new long[] {packet, copy, router, cycle});
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                    long delivered, int hops) {
                deliveries.add(new Delivery(packet, destination, delivered));
            }
        };
        FlitNetwork net = s.create();
        Fixtures.run(net, 1);
        assertEquals(1, net.generated());
        assertEquals(2, net.replicated());
        assertEquals(3, net.delivered());
        assertEquals(0, net.inFlight());
        assertEquals(List.of(1, 2, 3), deliveries.stream().map(Delivery::destination).sorted().toList());
        assertEquals(1, deliveries.stream().map(Delivery::cycle).distinct().count(), "uncontended branches move together");
        assertEquals(2, copies.size());
        assertTrue(copies.stream().allMatch(c -> c[0] == 0 && c[2] == 0), "copies of packet 0 made at router 0");
        // 4 flits injected once, read once from the input buffer, and carried on three terminal links
        assertEquals(4 + 3 * 4, net.flitHops());
    }

    @Test
    void aFanOutTakesAllItsOutputsAtOnceOrNoneWhileOneIsBusy() {
        Setup s = star(60, 11);
        FlitNetwork net = s.create();
        int vcs = net.vcs;
        int input = net.wiring.nodeInPort[0] * vcs; // node 0's injection VC at the router
        int[] outputs = {net.wiring.portBase[0] + 1, net.wiring.portBase[0] + 2, net.wiring.portBase[0] + 3};
        int waiting = 0;
        long c = 0;
        do {
            net.cycle(c);
            int owned = 0;
            for (int gp : outputs) {
                owned += net.outputs.owner[gp * vcs] == input ? 1 : 0;
            }
            assertTrue(owned == 0 || owned == 3, "cycle " + c + ": the fan-out holds " + owned + " of its 3 outputs");
            if (net.inputs.count(input) > 0 && net.inputs.states.state(input) == VcStates.VC_ALLOC) {
                waiting++;
            }
        } while (!net.done(c++));
        assertTrue(waiting >= 2, "the streams to node 2 kept the fan-out waiting only " + waiting + " cycles");
        assertEquals(net.generated() + net.replicated(), net.delivered());
        net.checkConservation();
    }

    @Test
    void mixingAlternativesAndBranchesIsAProviderError() {
        Setup s = star(0);
        s.routing = new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                out.add(1, 0);
                out.addBranch(2, 0);
            }

            @Override
            public int vcClasses() {
                return 1;
            }
        };
        SimulationException e = Assertions.assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 1));
        assertTrue(e.getMessage().contains("mixed alternatives (add) and branches (addBranch)"), e.getMessage());
    }
}
