package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.RingRouting;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A packet's virtual network: chosen once at its source by the queuing scheme, seen at every hop. */
class VirtualNetworkTest {

    /** Ring routing that notes the network of every packet at every route call and look-ahead. */
    static final class Noting implements RoutingAlgorithm {
        final RingRouting ring = new RingRouting(8, true);
        final Map<Long, Integer> seen = new HashMap<>();
        int calls;
        String mismatch;

        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            calls++;
            Integer before = seen.putIfAbsent(packet.id(), packet.virtualNetwork());
            if (before != null && before != packet.virtualNetwork() && mismatch == null) {
                mismatch = "packet " + packet.id() + " was in network " + before + ", now " + packet.virtualNetwork();
            }
            ring.route(router, inPort, packet, out);
        }

        @Override
        public int vcClasses() {
            return 2;
        }
    }

    /** Network = packet id mod 2, each network on its own pair of VCs (VC = network * 2 + class). */
    static class ByParity implements QueuingScheme {
        int choices;
        String wrongVc;

        @Override
        public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
            return 1L << (packet.virtualNetwork() * 2 + vcClass);
        }

        @Override
        public long injectionVcMask(int node, PacketView packet) {
            if (packet.virtualNetwork() != (int) (packet.id() % 2) && wrongVc == null) {
                wrongVc = "packet " + packet.id() + " asked for its injection VCs in network " + packet.virtualNetwork();
            }
            return 1L << (packet.virtualNetwork() * 2);
        }

        @Override
        public int virtualNetwork(int node, PacketView packet) {
            choices++;
            return (int) (packet.id() % 2);
        }
    }

    @ParameterizedTest
    @EnumSource(InjectionQueues.class)
    void everyPacketKeepsTheNetworkItsSourceChoseAtEveryHop(InjectionQueues injection) {
        Setup s = new Setup();
        s.router = Fixtures.router(4, 8, FlowControl.WORMHOLE);
        s.describe = d -> d.withInjection(injection);
        Noting routing = new Noting();
        ByParity queuing = new ByParity();
        s.routing = routing;
        s.queuing = context -> queuing;
        s.injection = Fixtures.bernoulli(0.2, 4, 2000);
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 1);
        assertTrue(rec.delivered > 200, "delivered " + rec.delivered);
        assertEquals(rec.generated, rec.delivered);
        assertEquals(null, routing.mismatch);
        assertEquals(null, queuing.wrongVc);
        for (Map.Entry<Long, Integer> e : routing.seen.entrySet()) {
            assertEquals((int) (e.getKey() % 2), e.getValue(), "packet " + e.getKey());
        }
        // asked once per packet (look-aheads and later hops do not ask again)
        assertEquals(rec.generated, queuing.choices);
    }

    @Test
    void aNetworkBeyondTheVcsIsRefusedNamingTheScheme() {
        Setup s = new Setup();
        s.queuing = context -> new ByParity() {
            @Override
            public int virtualNetwork(int node, PacketView packet) {
                return 7;
            }
        };
        s.injection = Fixtures.single(0, 3);
        FlitNetwork net = s.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 1));
        assertTrue(e.getMessage().contains("chose virtual network 7") && e.getMessage().contains("class-per-vc"),
                e.getMessage());
    }

    @Test
    void schemesThatDoNotChooseLeaveEveryPacketInNetworkZero() {
        Setup s = new Setup();
        Noting routing = new Noting();
        s.routing = routing;
        s.injection = Fixtures.bernoulli(0.1, 4, 500);
        Fixtures.run(s.create(), 1);
        assertTrue(routing.calls > 0);
        assertTrue(routing.seen.values().stream().allMatch(v -> v == 0));
    }
}
