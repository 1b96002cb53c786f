package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.Pipeline;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Ring;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.testing.ForwardingTopology;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

/** Routers of different kinds in one network: each with its own pipeline, buffers and links. */
class RouterKindsTest {

    /** Switches: the fixture's router, 2 VCs of 16 flits, every stage 1 cycle, 1-cycle links. */
    private static RouterDescription switches() {
        return RouterDescription.of(Fixtures.router(2, 16, FlowControl.WORMHOLE));
    }

    /** Interfaces: R = 5, VA = 2, 4-flit buffers, 3-cycle router links, the switches' terminal link. */
    private static RouterDescription interfaces() {
        RouterDescription d = switches();
        return d.withPipeline(new Pipeline(5, 2, 1, 1, 0))
                .withChannels(List.of(VirtualChannel.data(4), VirtualChannel.data(4)))
                .withLinks(LinkTiming.of(3), d.terminalLink());
    }

    private static Setup ring(Set<Integer> interfaceRouters, RouterDescription interfaceKind) {
        Setup s = new Setup();
        s.topology = new Ring(8, interfaceRouters);
        s.routerKinds = Map.of(Topology.INTERFACE, interfaceKind);
        return s;
    }

    @Test
    void aPacketSpendsEachRoutersOwnPipelineAndTheLinkLeavingIt() {
        Setup s = ring(Set.of(1, 2), interfaces());
        s.packetFlits = 4;
        s.injection = Fixtures.single(0, 7);
        s.pattern = Fixtures.to(3); // routers 0 (switch), 1, 2 (interfaces), 3 (switch)
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 16);
        assertEquals(1, rec.delivered);
        long injection = 1;
        long switchHop = 1 + 1 + 1 + 1 + 1; // R VA SA ST + switch link
        long interfaceHop = 5 + 2 + 1 + 1 + 3; // R VA SA ST + interface link
        long lastHop = 1 + 1 + 1 + 1 + 1; // R VA SA ST + terminal link
        assertEquals(injection + switchHop + 2 * interfaceHop + lastHop + 4, rec.firstLatency);
    }

    @Test
    void withoutKindsInTheSetupEveryRouterIsTheHardwareModelsRouter() {
        Setup s = ring(Set.of(1, 2), interfaces());
        s.routerKinds = Map.of();
        s.injection = Fixtures.single(0, 7);
        s.pattern = Fixtures.to(3);
        Recorder rec = new Recorder();
        s.observer = rec;
        Fixtures.run(s.create(), 16);
        assertEquals(1 + 4 * 5 + 4, rec.firstLatency); // the pipeline formula of FlitNetworkTest
    }

    @Test
    void creditCountersCountTheBufferOfTheRouterAtTheOtherEnd() {
        Ring ring = new Ring(4, Set.of(1));
        RouterKinds kinds = new RouterKinds(ring, k -> k.equals(Topology.INTERFACE) ? interfaces() : switches());
        Wiring w = new Wiring(ring, 2);
        int[] credit = kinds.creditCapacity(w);
        int[] input = kinds.inputCapacity(w);
        int vcs = 2;
        // router 0's + port feeds router 1 (an interface, 4 flits); router 1's + port feeds router 2 (16)
        assertEquals(4, credit[(w.portBase[0] + Fixtures.PLUS) * vcs + 1]);
        assertEquals(16, credit[(w.portBase[1] + Fixtures.PLUS) * vcs]);
        // router 1's terminal output and node 1's NI counter count interface-sized buffers
        assertEquals(4, credit[(w.portBase[1] + Fixtures.TERMINAL) * vcs]);
        assertEquals(4, credit[w.niCreditBase + 1 * vcs]);
        assertEquals(16, credit[w.niCreditBase + 2 * vcs + 1]);
        assertEquals(4, input[(w.portBase[1] + Fixtures.MINUS) * vcs]);
        assertEquals(16, input[(w.portBase[2] + Fixtures.MINUS) * vcs]);
        assertEquals(16, kinds.maxBufferFlits());
        assertEquals(4, kinds.minBufferFlits());
        assertEquals(5, kinds.routingDelay[1]);
        assertEquals(1, kinds.routingDelay[2]);
    }

    @Test
    void creditsReturnOverTheUpstreamLinkAndFlitsLeaveOverTheirOwn() {
        Setup s = ring(Set.of(1), interfaces());
        FlitNetwork net = s.create();
        Wiring w = net.wiring;
        // a flit leaving interface 1 on its + port: SA + ST + its 3-cycle link
        assertEquals(1 + 1 + 3, net.links.flitDelay[w.portBase[1] + Fixtures.PLUS]);
        // switch 2's - input port gets flits from interface 1: its credits go back over that 3-cycle link
        assertEquals(1 + 3 + 0, net.links.creditReturn[w.portBase[2] + Fixtures.MINUS]);
        // switch 0's + output and its credit from router 7 (a switch): 1-cycle links
        assertEquals(1 + 1 + 1, net.links.flitDelay[w.portBase[0] + Fixtures.PLUS]);
        assertEquals(1 + 1 + 0, net.links.creditReturn[w.portBase[0] + Fixtures.MINUS]);
    }

    @Test
    void aLoadedRingOfMixedBuffersDeliversEverythingWithCreditsConserved() {
        Setup s = ring(Set.of(1, 3, 5, 7), interfaces());
        s.injection = Fixtures.bernoulli(0.3, 4, 3000);
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 1); // the invariant checks (credits + returning + buffered = capacity) every cycle
        assertTrue(rec.delivered > 500, "delivered " + rec.delivered);
        assertEquals(rec.generated, rec.delivered);
        assertEquals(0, net.inFlight());
    }

    @Test
    void kindsThatDisagreeOnWhatRoutersShareAreRefusedNamingTheField() {
        RouterDescription threeVcs = interfaces().withChannels(
                List.of(VirtualChannel.data(4), VirtualChannel.data(4), VirtualChannel.data(4)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ring(Set.of(1), threeVcs).create());
        assertTrue(e.getMessage().contains("VC count") && e.getMessage().contains("'interface'"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> ring(Set.of(1), interfaces().withFlowControl(FlowControl.VIRTUAL_CUT_THROUGH)).create());
        assertTrue(e.getMessage().contains("flow control"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> ring(Set.of(1), interfaces().withLinks(LinkTiming.of(3), LinkTiming.of(2))).create());
        assertTrue(e.getMessage().contains("terminal link (both attach end nodes)"), e.getMessage());
    }

    @Test
    void cutThroughChecksEveryKindsBuffersAgainstThePacket() {
        Setup s = ring(Set.of(1), interfaces().withFlowControl(FlowControl.VIRTUAL_CUT_THROUGH));
        s.router = Fixtures.router(2, 16, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 8; // fits the switches' 16 flits, not the interfaces' 4
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::create);
        assertTrue(e.getMessage().contains("kind 'interface'") && e.getMessage().contains("bufferFlits = 4"),
                e.getMessage());
    }

    @Test
    void aRouterWithoutAKindIsRefused() {
        Topology blank = new BlankKindRing();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RouterKinds(blank, k -> switches()));
        assertTrue(e.getMessage().contains("router 2 no kind"), e.getMessage());
    }

    /** A ring whose router 2 has a blank kind. */
    private static final class BlankKindRing extends ForwardingTopology {
        BlankKindRing() {
            super(new Ring(4));
        }

        @Override
        public String routerKind(int router) {
            return router == 2 ? " " : SWITCH;
        }
    }
}
