package org.fabrica.network.flit;

import static org.fabrica.network.flit.Fixtures.MINUS;
import static org.fabrica.network.flit.Fixtures.PLUS;
import static org.fabrica.network.flit.Fixtures.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.kernel.SimulationException;
import org.junit.jupiter.api.Test;

/**
 * {@link Links} on its own, on a hand-wired 4-router ring ({@link PartsBench}). Pinned: the delays
 * it derives from the description (per port: router and terminal links have their own latency and
 * serialisation); link serialisation as the switch sees it (a link of s cycles per flit takes one
 * flit every s cycles, whichever input VC sends it, and the flit is whole downstream s - 1 cycles
 * later); and the credit returns: applied exactly in their cycle, waking what waited for them (an
 * interface without credit, the owner of an output VC that had none, heads waiting for room under
 * cut-through), freeing an output VC whose tail waits for its last credit, and refusing a counter
 * above its capacity.
 */
class LinksTest {
    private static RouterDescription ring(int sa, int creditDelay, LinkTiming link, LinkTiming terminal, FlowControl f) {
        return RouterDescription.of(Fixtures.router(2, 4, f, 1, 1, sa, 1, 1, creditDelay, false))
                .withLinks(link, terminal);
    }

    @Test
    void delaysFollowThePipelineAndEachPortsLinkLatencyAndSerialisation() {
        PartsBench b = new PartsBench();
        b.description = ring(2, 3, new LinkTiming(4, 3), new LinkTiming(2, 1), FlowControl.WORMHOLE);
        b.build();
        Links l = b.links;
        // S + ST + L + (s - 1)
        assertEquals(2 + 1 + 4 + 2, l.flitDelay[b.gp(1, PLUS)]);
        assertEquals(2 + 1 + 4 + 2, l.flitDelay[b.gp(1, MINUS)]);
        assertEquals(2 + 1 + 2 + 0, l.flitDelay[b.gp(1, TERMINAL)]);
        assertEquals(2 + 1 + 2 + 0, l.maxTerminalFlitDelay);
        // max(S,1) + L of the link the flit came in on + C
        assertEquals(2 + 4 + 3, l.creditReturn[b.gp(1, MINUS)]);
        assertEquals(2 + 2 + 3, l.creditReturn[b.gp(1, TERMINAL)]);
        assertEquals(1 + 2 + 3, l.ejectCreditReturn);
        assertEquals(2 + 1, l.injectDelay, "terminal L plus its serialisation");
        assertEquals(3, l.cyclesPerFlit[b.gp(2, PLUS)]);
        assertEquals(1, l.cyclesPerFlit[b.gp(2, TERMINAL)]);
        assertTrue(l.serialised);

        PartsBench zero = new PartsBench();
        zero.description = ring(0, 0, LinkTiming.of(1), LinkTiming.of(1), FlowControl.WORMHOLE);
        zero.build();
        assertEquals(1 + 1, zero.links.creditReturn[zero.gp(0, PLUS)], "a credit takes at least a cycle even when S = 0");
        assertFalse(zero.links.serialised);
    }

    /** Cycles, from 0 to 19, in which a flit left r0 through x+: r0's node and r3 each send 2 flits there. */
    private static List<Integer> crossingsOnASharedOutput(int s) {
        PartsBench b = new PartsBench();
        b.description = ring(1, 0, new LinkTiming(1, s), LinkTiming.of(1), FlowControl.WORMHOLE);
        b.build();
        int p = b.packet(0, 2, 2);
        int q = b.packet(3, 1, 2);
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.push(0, MINUS, 0, q, 2, 0);
        b.outputs.credits[b.niCredit(0, 0)] -= 2;
        b.outputs.credits[b.vc(3, PLUS, 0)] -= 2;
        b.own(0, TERMINAL, 0, PLUS, 0);
        b.own(0, MINUS, 0, PLUS, 1);
        int down0 = b.vc(1, MINUS, 0);
        int down1 = b.vc(1, MINUS, 1);
        List<Integer> crossed = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            int before = b.inputs.count(down0) + b.inputs.count(down1);
            b.progress.now = t;
            b.switchAllocation.step(0, t, t);
            int after = b.inputs.count(down0) + b.inputs.count(down1);
            assertTrue(after - before <= 1, "one flit per cycle on a link");
            if (after > before) {
                crossed.add(t);
                // whole downstream S + ST + L + s - 1 = 2 + s cycles later, not a cycle earlier
                assertEquals(after, b.inputs.visibleFlits(down0, t + 2 + s) + b.inputs.visibleFlits(down1, t + 2 + s));
                assertEquals(after - 1, b.inputs.visibleFlits(down0, t + 1 + s) + b.inputs.visibleFlits(down1, t + 1 + s));
            }
        }
        return crossed;
    }

    @Test
    void aSlowLinkTakesOneFlitEverySCycles() {
        assertEquals(List.of(0, 1, 2, 3), crossingsOnASharedOutput(1), "a full-rate link: one flit per cycle");
        assertEquals(List.of(0, 3, 6, 9), crossingsOnASharedOutput(3), "two input VCs share the link's slots");
        assertEquals(List.of(0, 4, 8, 12), crossingsOnASharedOutput(4));
    }

    @Test
    void aCreditIsAppliedInItsCycleAndPutsAnOwnerThatHadNoneBackIntoTheSwitchMask() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(0, 2, 2);
        b.push(0, TERMINAL, 0, p, 2, 0);
        int ov = b.vc(0, PLUS, 1);
        b.outputs.credits[ov] = 0;
        b.own(0, TERMINAL, 0, PLUS, 1);
        int l = b.local(TERMINAL, 0);
        assertFalse(b.routers.saBit(0, l), "no credit: off the switch mask");
        b.links.creditEvents.add(6, ov);
        b.returnCredits(4, 5);
        assertEquals(0, b.outputs.credits[ov]);
        assertFalse(b.routers.saBit(0, l));
        b.returnCredits(6, 6);
        assertEquals(1, b.outputs.credits[ov]);
        assertTrue(b.routers.saBit(0, l), "the first credit back puts the owner into the switch mask");
        assertEquals(0, b.links.creditEvents.count(6), "the bucket is cleared");
    }

    @Test
    void aCreditOfAFreeOutputVcOrOfAnEmptyOwnerTouchesNoMask() {
        PartsBench b = new PartsBench().build();
        int ov = b.vc(0, PLUS, 1);
        b.outputs.credits[ov] = 0;
        b.own(0, TERMINAL, 0, PLUS, 1); // owns it, but holds no flit
        b.outputs.credits[b.vc(0, PLUS, 0)] = 0; // unowned
        b.links.creditEvents.add(3, ov);
        b.links.creditEvents.add(3, b.vc(0, PLUS, 0));
        b.returnCredits(3, 3);
        assertEquals(1, b.outputs.credits[ov]);
        assertEquals(1, b.outputs.credits[b.vc(0, PLUS, 0)]);
        assertEquals(0L, b.routers.rt[b.routers.sa], "no switch request without a flit");
        assertEquals(0, b.routers.epoch(0), "wormhole: a credit is no epoch");
    }

    @Test
    void anInterfacesCreditWakesIt() {
        PartsBench b = new PartsBench().build();
        int ci = b.niCredit(2, 1);
        b.outputs.credits[ci] = 0;
        b.interfaces.niWaiting[2] = true;
        b.interfaces.niWaiting[1] = true;
        b.links.creditEvents.add(9, ci);
        b.returnCredits(8, 9);
        assertEquals(1, b.outputs.credits[ci]);
        assertFalse(b.interfaces.niWaiting[2]);
        assertTrue(b.interfaces.niWaiting[1], "only the interface the credit belongs to");
    }

    @Test
    void underCutThroughACreditOfAFreeOutputVcBumpsTheEpochOfTheRouterItReturnsTo() {
        PartsBench b = new PartsBench();
        b.description = ring(1, 0, LinkTiming.of(1), LinkTiming.of(1), FlowControl.VIRTUAL_CUT_THROUGH);
        b.build();
        b.packet(0, 2, 3); // the shortest packet so far: 3 flits
        int ov = b.vc(2, MINUS, 0);
        b.outputs.credits[ov] = 0;
        b.links.creditEvents.add(4, ov);
        b.links.creditEvents.add(4, ov);
        b.returnCredits(4, 4);
        assertEquals(2, b.outputs.credits[ov]);
        assertEquals(0, b.routers.epoch(2), "room for 2 flits fits no packet");
        b.links.creditEvents.add(5, ov);
        b.returnCredits(5, 5);
        assertEquals(1, b.routers.epoch(2), "room for 3 may fit a waiting head: it looks again");
        assertEquals(0, b.routers.epoch(1));
        // an owned output VC cannot be granted whatever its room: its credits wake no waiting head
        b.outputs.owner[ov] = b.vc(2, PLUS, 0);
        b.links.creditEvents.add(6, ov);
        b.returnCredits(6, 6);
        assertEquals(4, b.outputs.credits[ov]);
        assertEquals(1, b.routers.epoch(2), "no epoch for a credit of an owned VC");
        // a shorter packet appears: room for it wakes heads from then on
        b.outputs.owner[ov] = -1;
        b.outputs.credits[ov] = 0;
        b.packet(0, 2, 1);
        b.links.creditEvents.add(7, ov);
        b.returnCredits(7, 7);
        assertEquals(2, b.routers.epoch(2), "a 1-flit packet fits in one credit");
    }

    @Test
    void waitingForTheTailCreditFreesTheOutputVcWhenItsLastCreditIsBack() {
        PartsBench b = new PartsBench();
        b.waitForTailCredit = true;
        b.build();
        int ov = b.vc(1, PLUS, 0);
        int iv = b.vc(1, TERMINAL, 0);
        b.outputs.owner[ov] = iv;
        b.outputs.tailWait[ov] = true;
        b.outputs.credits[ov] = 2;
        b.links.creditEvents.add(5, ov);
        b.links.creditEvents.add(6, ov);
        b.returnCredits(5, 5);
        assertEquals(iv, b.outputs.owner[ov], "3 of 4 credits back: still held");
        assertEquals(0, b.routers.epoch(1));
        b.returnCredits(6, 6);
        assertEquals(-1, b.outputs.owner[ov]);
        assertFalse(b.outputs.tailWait[ov]);
        assertEquals(1, b.routers.epoch(1), "the release is an epoch");
    }

    @Test
    void aCreditBeyondTheBuffersCapacityIsAnInvariantViolationNamingTheCounter() {
        PartsBench b = new PartsBench().build();
        b.links.creditEvents.add(3, b.vc(0, PLUS, 1));
        SimulationException e = assertThrows(SimulationException.class, () -> b.returnCredits(3, 3));
        assertTrue(e.getMessage().startsWith("network invariant violated at cycle 3: credit counter above capacity (5 > 4)"
                + " at r0.x+ vc1"), e.getMessage());
        PartsBench c = new PartsBench().build();
        c.links.creditEvents.add(3, c.niCredit(1, 0));
        e = assertThrows(SimulationException.class, () -> c.returnCredits(3, 3));
        assertTrue(e.getMessage().contains("above capacity (5 > 4) at n1.inj vc0"), e.getMessage());
    }
}
