package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectivePacket;
import org.fabrica.collective.NodeActions;
import org.fabrica.collective.RouterActions;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.network.flit.RouterOrganisationTest.Star;
import org.fabrica.routing.PacketView;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * The network's side of a collective engine ({@link CollectiveUnit}) on one 4-port router with a
 * scripted engine: entry, absorption (the credit returns, the packet ends), header rewriting,
 * branching to every node, completion told after the receive overhead; and the errors of an engine
 * or a traffic that misbehaves. The safe-point invariants (credits, allocation masks, packet
 * accounting) are checked every cycle.
 */
class CollectiveUnitTest {
    private static final int RECEIVE = 7;

    /** Every node enters group 0 at cycle {@code at[node]}; nothing else is generated. */
    private static Setup star(long[] at) {
        Setup s = new Setup();
        s.topology = new Star(4);
        s.routing = MultiOutputRouteTest.FAN_OUT;
        s.router = Fixtures.router(1, 4, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 2;
        s.endpoint = new EndpointTiming(3, RECEIVE);
        s.pattern = Fixtures.collectiveGroupZero();
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return previous < 0 ? at[node] : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        return s;
    }

    /** A barrier on one switch: the last of four arrivals (by count) is turned into the completion and branched to all. */
    static class OneSwitchBarrier implements CollectiveEngine {
        final List<String> log = new ArrayList<>();
        final long[] tookAt = new long[4];
        int arrived;

        @Override
        public void enter(int node, int group, long cycle, NodeActions actions) {
            log.add(cycle + " enter " + node);
            actions.send(PacketView.BARRIER, 10 + node);
        }

        @Override
        public void atRouter(int router, int inPort, CollectivePacket packet, long cycle, RouterActions actions) {
            assertEquals(PacketView.BARRIER, packet.packetClass());
            assertEquals(10 + inPort, packet.header(), "the header the interface sent");
            if (++arrived < 4) {
                actions.absorb();
                return;
            }
            actions.header(99);
            for (int p = 0; p < 4; p++) {
                actions.branch(p);
            }
        }

        @Override
        public void atNode(int node, CollectivePacket packet, long cycle, NodeActions actions) {
            assertEquals(99, packet.header(), "the rewritten header, on every copy");
            tookAt[node] = cycle;
            actions.complete(0);
        }
    }

    @Test
    void absorbedArrivalsEndAndTheLastOneIsBranchedToEveryNodeWhichLearnsItAfterTheReceiveOverhead() {
        Setup s = star(new long[] {0, 5, 9, 2});
        OneSwitchBarrier engine = new OneSwitchBarrier();
        List<long[]> completions = new ArrayList<>();
        s.observer = new Fixtures.Recorder() {
            @Override
            public void collectiveCompleted(int node, int group, long cycle) {
                completions.add(new long[] {node, group, cycle});
            }
        };
        FlitNetwork net = (FlitNetwork) new FlitNetworkFactory().create(s.build().withCollectives(engine),
                org.fabrica.params.Parameters.defaults(FlitNetworkParameters.class));
        Fixtures.run(net, 1);
        // entries after the send overhead (3 cycles), in time order
        assertEquals(List.of("3 enter 0", "5 enter 3", "8 enter 1", "12 enter 2"), engine.log);
        assertEquals(4, completions.size());
        for (long[] c : completions) {
            assertEquals(engine.tookAt[(int) c[0]] + RECEIVE, c[2], "node " + c[0] + " learns it 7 cycles later");
        }
        // the same cycle at every node: one read, four copies
        assertEquals(engine.tookAt[0], engine.tookAt[3]);
        assertEquals(0, net.generated(), "collective packets are not the traffic's packets");
        assertEquals(0, net.delivered());
        assertEquals(0, net.replicated());
        assertEquals(3, net.collectives.absorbedPackets);
        assertEquals(3, net.interfaces.collectiveCopies);
        assertEquals(4, net.collectives.arrivedAtNodes);
    }

    @Test
    void anEngineThatDecidesNothingOrTwoThingsFailsNamingWhatItDid() {
        for (boolean both : new boolean[] {false, true}) {
            Setup s = star(new long[] {0, 0, 0, 0});
            CollectiveEngine engine = new OneSwitchBarrier() {
                @Override
                public void atRouter(int router, int inPort, CollectivePacket packet, long cycle, RouterActions actions) {
                    if (both) {
                        actions.absorb();
                        actions.forward(1);
                    }
                }
            };
            FlitNetwork net = (FlitNetwork) new FlitNetworkFactory().create(s.build().withCollectives(engine),
                    org.fabrica.params.Parameters.defaults(FlitNetworkParameters.class));
            SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 1));
            assertTrue(e.getMessage().contains(both ? "both absorbed the packet and sent it on"
                    : "neither absorbed the packet nor gave it an output"), e.getMessage());
            assertTrue(e.getMessage().contains("at router 0"), e.getMessage());
        }
    }

    @Test
    void trafficThatEntersACollectiveWithoutAnEngineFailsNamingTheFix() {
        Setup s = star(new long[] {0, 0, 0, 0});
        FlitNetwork net = s.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 1));
        assertTrue(e.getMessage().contains("the run has no collective engine"), e.getMessage());
    }

    @Test
    void aCollectivePacketTakesTheVcsTheQueuingSchemeGivesItsClass() {
        // two VCs: barrier packets only in VC 1, unicast in VC 0
        Setup s = star(new long[] {0, 0, 0, 0});
        s.router = Fixtures.router(2, 4, FlowControl.VIRTUAL_CUT_THROUGH);
        List<Integer> classes = new ArrayList<>();
        s.queuing = ctx -> new org.fabrica.queuing.QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                classes.add(packet.packetClass());
                return packet.packetClass() == PacketView.BARRIER ? 2 : 1;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return packet.packetClass() == PacketView.BARRIER ? 2 : 1;
            }
        };
        OneSwitchBarrier engine = new OneSwitchBarrier();
        FlitNetwork net = (FlitNetwork) new FlitNetworkFactory().create(s.build().withCollectives(engine),
                org.fabrica.params.Parameters.defaults(FlitNetworkParameters.class));
        long[] seen = new long[2];
        long c = 0;
        while (!net.done(c)) {
            net.atSafePoint(c);
            net.cycle(c);
            seen[0] += net.bufferOccupancy(0, 0, 0) + net.bufferOccupancy(0, 1, 0);
            seen[1] += net.bufferOccupancy(0, 0, 1) + net.bufferOccupancy(0, 1, 1);
            c++;
        }
        assertEquals(0, seen[0], "no barrier flit in the unicast VC");
        assertTrue(seen[1] > 0, "barrier flits waited in VC 1");
        assertTrue(!classes.isEmpty() && classes.stream().allMatch(k -> k == PacketView.BARRIER), classes.toString());
    }
}
