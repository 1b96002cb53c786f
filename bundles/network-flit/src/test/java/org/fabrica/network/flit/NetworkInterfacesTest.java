package org.fabrica.network.flit;

import static org.fabrica.network.flit.Fixtures.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.hardware.InjectionQueues;
import org.junit.jupiter.api.Test;

/**
 * {@link NetworkInterfaces} injection on its own, on a hand-wired 4-router ring ({@link PartsBench}:
 * 2 VCs of 4 flits, terminal links of 1 cycle, so a flit sent in t is visible at its router in
 * t + 2). ({@link SourceQueues} has its own test.) Pinned: a queued packet takes a pool slot and
 * leaves one flit per cycle on a VC of its injection mask, each flit taking one of the interface's
 * credits and visible at the router after the terminal link; the head's departure is reported
 * once; an interface without credit sleeps until a credit returns to it; the head's VC is chosen
 * round robin from the VC used last. {@link NetworkInterfaces#of} gives each injection discipline its
 * class and refuses the combinations no class supports.
 */
class NetworkInterfacesTest {
    @Test
    void aQueuedPacketLeavesOneFlitPerCycleVisibleAtItsRouterAfterTheTerminalLink() {
        PartsBench b = new PartsBench().build();
        b.interfaces.enqueue(1, 7, 3, 0, 0);
        assertEquals(1, b.interfaces.queued(1));
        int iv = b.vc(1, TERMINAL, 0);
        b.interfaces.injectAll(4, 4);
        assertEquals(1, b.inputs.count(iv));
        int slot = b.inputs.frontSlot(iv);
        assertEquals(7, b.pool.id[slot]);
        assertEquals(4 + 2, b.inputs.frontVisible(iv), "visible after the terminal link's 1 + L");
        assertEquals(4, b.pool.injected[slot]);
        assertEquals(PacketPool.IN_NETWORK, b.pool.state[slot]);
        assertEquals(3, b.outputs.credits[b.niCredit(1, 0)]);
        assertTrue(b.routers.vaBit(1, b.local(TERMINAL, 0)));
        b.interfaces.injectAll(5, 5);
        assertEquals(2, b.inputs.count(iv));
        assertEquals(2, b.outputs.credits[b.niCredit(1, 0)]);
        assertEquals(0, b.interfaces.queued(1), "the tail has left");
        b.interfaces.injectAll(6, 6);
        assertEquals(2, b.inputs.count(iv), "nothing more to send");
        assertEquals(List.of("injected 7 at 4"), b.observer.lines);
        assertEquals(1, b.progress.inNetwork);
        assertEquals(2, b.progress.flitHops);
        assertEquals(5, b.progress.lastMove);
    }

    @Test
    void anInterfaceWithoutCreditSleepsUntilACreditReturnsToIt() {
        PartsBench b = new PartsBench().build();
        int ci = b.niCredit(2, 0);
        b.outputs.credits[ci] = 1;
        b.interfaces.enqueue(2, 0, 0, 0, 0);
        int iv = b.vc(2, TERMINAL, 0);
        b.interfaces.injectAll(0, 0);
        assertEquals(1, b.inputs.count(iv));
        b.interfaces.injectAll(1, 1);
        assertTrue(b.interfaces.niWaiting[2], "no credit: asleep");
        b.outputs.credits[ci] = 1; // a credit that did not come through the links does not wake it
        b.interfaces.injectAll(2, 2);
        assertEquals(1, b.inputs.count(iv));
        b.outputs.credits[ci] = 0;
        b.links.creditEvents.add(3, ci);
        b.returnCredits(3, 3);
        assertFalse(b.interfaces.niWaiting[2]);
        b.interfaces.injectAll(3, 3);
        assertEquals(2, b.inputs.count(iv), "the tail left with the returned credit");
        assertEquals(0, b.outputs.credits[ci]);
    }

    @Test
    void eachNewPacketTakesTheNextVcOfItsMaskRoundRobin() {
        PartsBench b = new PartsBench();
        b.queuing = Fixtures.anyVc();
        b.packetFlits = 1;
        b.build();
        for (int id = 0; id < 3; id++) {
            b.interfaces.enqueue(0, id, 2, 0, 0);
        }
        int[] vcOf = new int[3];
        for (int t = 0; t < 3; t++) {
            b.interfaces.injectAll(t, t);
        }
        for (int v = 0; v < 2; v++) {
            int iv = b.vc(0, TERMINAL, v);
            for (int i = 0; i < b.inputs.count(iv); i++) {
                vcOf[(int) b.pool.id[b.inputs.flitSlot(iv, i)]] = v;
            }
        }
        assertEquals(2, b.inputs.count(b.vc(0, TERMINAL, 0)));
        assertEquals(1, b.inputs.count(b.vc(0, TERMINAL, 1)));
        assertEquals(List.of(0, 1, 0), List.of(vcOf[0], vcOf[1], vcOf[2]));
    }

    @Test
    void eachInjectionDisciplineHasItsClassAndTheUnsupportedCombinationsAreRefused() {
        PartsBench b = new PartsBench().build();
        NetworkInterfaces.Parts parts = new NetworkInterfaces.Parts(b.wiring, b.outputs, b.inputs, b.pool, b.progress,
                b.observer, Fixtures.NAMES);
        NetworkInterfaces.Timing timing = new NetworkInterfaces.Timing(false, false, 2, 2, 3, 0, 1);
        var throttle = Fixtures.noThrottle().apply(null);
        int ports = b.wiring.maxPorts;
        assertInstanceOf(SourceQueueInterfaces.class,
                NetworkInterfaces.of(parts, timing, InjectionQueues.SINGLE, throttle, false, ports));
        NetworkInterfaces throttled = NetworkInterfaces.of(parts, timing, InjectionQueues.SINGLE, throttle, true, ports);
        assertInstanceOf(ThrottledInterfaces.class, throttled);
        assertEquals(ports, throttled.lanes, "one lane per first-hop port");
        NetworkInterfaces perVc = NetworkInterfaces.of(parts, timing, InjectionQueues.PER_VC, throttle, false, ports);
        assertEquals(PerVcQueueInterfaces.class, perVc.getClass());
        assertEquals(2, perVc.lanes, "one lane per VC");
        NetworkInterfaces admittance = NetworkInterfaces.of(parts, timing, InjectionQueues.PER_VC_ADMITTANCE, throttle,
                false, ports);
        assertInstanceOf(AdmittanceInterfaces.class, admittance);
        for (InjectionQueues perVcKind : List.of(InjectionQueues.PER_VC, InjectionQueues.PER_VC_ADMITTANCE)) {
            assertThrows(IllegalArgumentException.class,
                    () -> NetworkInterfaces.of(parts, timing, perVcKind, throttle, true, ports), perVcKind.name());
        }
        assertThrows(IllegalArgumentException.class, () -> throttled.collectives(null), "no collective engine with a throttle");
        assertThrows(IllegalArgumentException.class, () -> admittance.collectives(null),
                "no collective engine with admittance queues");
        perVc.collectives(null); // per-VC queues take collective packets
    }

    @Test
    void admittancePacketsWaitOutsideTheLanesUntilTheirLaneHasRoom() {
        PartsBench b = new PartsBench();
        b.packetFlits = 4; // a whole VC's worth: the lane holds one packet at a time
        b.build();
        NetworkInterfaces nis = NetworkInterfaces.of(
                new NetworkInterfaces.Parts(b.wiring, b.outputs, b.inputs, b.pool, b.progress, b.observer, Fixtures.NAMES),
                new NetworkInterfaces.Timing(false, false, 4, 2, 3, 0, 1), InjectionQueues.PER_VC_ADMITTANCE,
                Fixtures.noThrottle().apply(null), false, b.wiring.maxPorts);
        nis.wire(b.route, b.checks);
        nis.enqueue(0, 0, 2, 0, 0);
        nis.enqueue(0, 1, 2, 0, 0);
        assertEquals(2, nis.admitting(), "both wait in the admittance queues until offered");
        nis.injectAll(0, 0);
        assertEquals(1, nis.admitting(), "the second packet does not fit beside the first in its VC's lane");
        assertEquals(2, nis.queued(0));
    }
}
