package org.fabrica.network.flit;

import static org.fabrica.network.flit.Fixtures.MINUS;
import static org.fabrica.network.flit.Fixtures.PLUS;
import static org.fabrica.network.flit.Fixtures.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.kernel.SimulationException;
import org.junit.jupiter.api.Test;

/**
 * {@link Crossbar#traverse} on its own, on a hand-wired 4-router ring ({@link PartsBench}: 2 VCs
 * of 4 flits, every delay 1, so a flit is visible downstream S + ST + L = 3 cycles after it won
 * the switch and its slot's credit is usable upstream max(S,1) + L + C = 2 cycles after). Pinned:
 * where the flit goes (the downstream input VC of the output VC its packet owns) and from which
 * cycle it is visible there; the credit it takes and the one it sends back upstream; hops counted
 * once per packet and router-to-router link; what the tail releases (the input VC to IDLE, the
 * output VC, the switch mask; a following packet back into VC allocation); ejection at the
 * destination (delivery after the link and the receive overhead, the ejection credit); and the
 * invariant failures: ejection at another node, a credit below zero, the livelock limit.
 */
class CrossbarTest {
    private static void traverse(PartsBench b, int r, int inPort, int inVc, int outPort, long t) {
        int base = b.wiring.portBase[r];
        b.progress.now = t;
        b.crossbar.traverse(r, base, base * b.vcs, b.local(inPort, inVc), outPort, t, (int) t);
    }

    @Test
    void aFlitCrossesIntoTheDownstreamVcOfItsOutputVcVisibleThreeCyclesLaterAndTakesACredit() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(0, 2, 2);
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.outputs.credits[b.niCredit(0, 0)] -= 2; // the interface sent them
        b.own(0, TERMINAL, 0, PLUS, 1);
        int ov = b.vc(0, PLUS, 1);
        int down = b.vc(1, MINUS, 1); // r0's x+ feeds r1's x- port, same VC
        traverse(b, 0, TERMINAL, 0, PLUS, 10);

        assertEquals(1, b.inputs.count(down));
        assertEquals(p, b.inputs.frontSlot(down));
        assertEquals(10 + 3, b.inputs.frontVisible(down), "visible after S + ST + L");
        assertEquals(b.links.flitDelay[b.gp(0, PLUS)], 3);
        assertTrue(b.routers.vaBit(1, b.local(MINUS, 1)), "the head asks for VC allocation downstream");
        assertTrue(b.routers.listed(1) && b.routers.count() == 2, "the downstream router is listed");
        assertEquals(3, b.outputs.credits[ov], "one credit of the output VC taken");
        assertEquals(1, b.inputs.count(b.vc(0, TERMINAL, 0)));
        assertEquals(1, b.inputs.states.sent(b.vc(0, TERMINAL, 0)));
        assertEquals(1, b.pool.hops[p]);
        assertEquals(1, b.progress.flitHops);
        assertEquals(10, b.progress.lastMove);
        assertTrue(b.routers.saBit(0, b.local(TERMINAL, 0)), "a body flit and a credit remain: still asks for the switch");

        // the freed slot's credit goes back to the interface: usable from 10 + max(S,1) + L + C = 12
        int ni = b.niCredit(0, 0);
        b.returnCredits(10, 11);
        assertEquals(2, b.outputs.credits[ni], "not before its cycle");
        b.returnCredits(12, 12);
        assertEquals(3, b.outputs.credits[ni]);
    }

    @Test
    void theTailReleasesTheOutputVcAndTheInputVcAndCountsNoSecondHop() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(0, 2, 2);
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.outputs.credits[b.niCredit(0, 0)] -= 2;
        b.own(0, TERMINAL, 0, PLUS, 1);
        int ov = b.vc(0, PLUS, 1);
        int iv = b.vc(0, TERMINAL, 0);
        int epoch = b.routers.epoch(0);
        traverse(b, 0, TERMINAL, 0, PLUS, 10);
        assertEquals(iv, b.outputs.owner[ov], "the head does not release the output VC");
        assertEquals(epoch, b.routers.epoch(0));
        traverse(b, 0, TERMINAL, 0, PLUS, 11);

        assertEquals(-1, b.outputs.owner[ov], "the tail released the output VC");
        assertEquals(epoch + 1, b.routers.epoch(0), "a release bumps the router's epoch");
        assertEquals(VcStates.IDLE, b.inputs.states.state(iv));
        assertEquals(0, b.inputs.states.sent(iv));
        assertFalse(b.routers.saBit(0, b.local(TERMINAL, 0)));
        assertFalse(b.routers.vaBit(0, b.local(TERMINAL, 0)), "nothing left behind: no VC allocation either");
        assertEquals(1, b.pool.hops[p], "hops count the head's crossings only");
        assertEquals(2, b.progress.flitHops);
        assertEquals(2, b.outputs.credits[ov]);
        int down = b.vc(1, MINUS, 1);
        assertEquals(2, b.inputs.count(down));
        assertEquals(13, b.inputs.frontVisible(down), "the front is still the head, visible at 13");
    }

    @Test
    void aPacketLeftBehindTheTailGoesBackToVcAllocation() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(0, 2, 2);
        int q = b.packet(0, 3, 2);
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.push(0, TERMINAL, 0, q, 1, 0);
        b.outputs.credits[b.niCredit(0, 0)] -= 3;
        b.own(0, TERMINAL, 0, PLUS, 1);
        traverse(b, 0, TERMINAL, 0, PLUS, 10);
        traverse(b, 0, TERMINAL, 0, PLUS, 11);
        int l = b.local(TERMINAL, 0);
        assertTrue(b.routers.vaBit(0, l), "the next packet's head starts route computation");
        assertFalse(b.routers.saBit(0, l));
        assertEquals(q, b.inputs.frontSlot(b.vc(0, TERMINAL, 0)));
    }

    @Test
    void aFlitOfAnOutputVcWithoutCreditFailsAnInvariant() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(0, 2, 2);
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.outputs.credits[b.vc(0, PLUS, 1)] = 0;
        b.own(0, TERMINAL, 0, PLUS, 1);
        SimulationException e = assertThrows(SimulationException.class, () -> traverse(b, 0, TERMINAL, 0, PLUS, 10));
        assertEquals("network invariant violated at cycle 10: credit counter below zero at r0.x+ vc1 after packet 0"
                + " (source 0, destination 2) left (routing 'ring-test', queuing 'class-per-vc (fixture 1.0)')",
                e.getMessage());
    }

    @Test
    void aFlitEjectedAtAnotherNodeThanItsDestinationFailsAnInvariant() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(1, 2, 2);
        b.push(0, PLUS, 0, p, 2, 0); // arrived from r1
        b.own(0, PLUS, 0, TERMINAL, 0); // a wrong VC grant: r0's terminal is node 0
        SimulationException e = assertThrows(SimulationException.class, () -> traverse(b, 0, PLUS, 0, TERMINAL, 7));
        assertTrue(e.getMessage().startsWith("network invariant violated at cycle 7: packet 0 (source 1, destination 2)"
                + " ejected at node 0 (router 0 port 2), not its destination; routing 'ring-test'"), e.getMessage());
    }

    @Test
    void aTailEjectedAtItsNodeIsDeliveredAfterTheLinkAndTheReceiveOverheadAndItsCreditsReturn() {
        PartsBench b = new PartsBench();
        b.receiveOverhead = 3;
        b.build();
        int p = b.packet(1, 0, 2);
        b.pool.hops[p] = 1;
        b.push(0, PLUS, 0, p, 2, 0);
        b.outputs.credits[b.vc(1, MINUS, 0)] -= 2; // r1's x- feeds r0's x+
        b.own(0, PLUS, 0, TERMINAL, 0);
        int ov = b.vc(0, TERMINAL, 0);
        traverse(b, 0, PLUS, 0, TERMINAL, 10);
        traverse(b, 0, PLUS, 0, TERMINAL, 11);
        assertEquals(2, b.pool.ejected[p]);
        assertEquals(1, b.pool.hops[p], "a terminal link is no hop");
        assertEquals(2, b.progress.flitHops, "but a flit-hop");
        assertEquals(2, b.outputs.credits[ov]);
        // the tail arrives at 11 + 3 and is delivered 3 cycles later
        for (long c = 12; c <= 16; c++) {
            b.interfaces.deliver(c);
        }
        assertEquals(List.of(), b.observer.lines);
        b.interfaces.deliver(17);
        assertEquals(List.of("delivered 0 at 17 hops 1"), b.observer.lines);
        assertEquals(0, b.pool.live(), "the slot is freed");
        assertEquals(0, b.progress.inNetwork);
        // the ejection buffer drains at once: each credit is back one terminal link (1 + L + C = 2) after arrival
        b.returnCredits(12, 14);
        assertEquals(2, b.outputs.credits[ov]);
        b.returnCredits(15, 15);
        assertEquals(3, b.outputs.credits[ov]);
        b.returnCredits(16, 16);
        assertEquals(4, b.outputs.credits[ov]);
        assertEquals(4, b.outputs.credits[b.vc(1, MINUS, 0)], "and r1 has its two credits back");
    }

    @Test
    void aHeadCrossingBeyondTheHopLimitIsALivelock() {
        PartsBench b = new PartsBench();
        b.hopLimit = 2;
        b.build();
        int p = b.packet(0, 2, 2);
        b.pool.hops[p] = 2;
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.outputs.credits[b.niCredit(0, 0)] -= 2;
        b.own(0, TERMINAL, 0, PLUS, 1);
        SimulationException e = assertThrows(SimulationException.class, () -> traverse(b, 0, TERMINAL, 0, PLUS, 5));
        assertTrue(e.getMessage().startsWith("livelock: packet 0 (source 0, destination 2) has crossed 3 router-to-router"
                + " links (limit 2) and is at router 0 leaving through x+ at cycle 5"), e.getMessage());
    }
}
