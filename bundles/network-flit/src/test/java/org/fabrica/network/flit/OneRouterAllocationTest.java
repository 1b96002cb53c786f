package org.fabrica.network.flit;

import static org.fabrica.network.flit.Fixtures.MINUS;
import static org.fabrica.network.flit.Fixtures.PLUS;
import static org.fabrica.network.flit.Fixtures.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.router.PartChoice;
import org.junit.jupiter.api.Test;

/**
 * {@link VcAllocation} and {@link SwitchAllocation} of one router (router 0 of a hand-wired 4-router
 * ring, {@link PartsBench}), stepped cycle by cycle without a network: flits are placed in its
 * input buffers by hand and only this router's stages run. Pinned: a head visible in A is routed
 * in A + R and granted a free VC in the same cycle, and may use the switch from A + R + VA; two
 * heads for one output VC get it one after the other, the loser skipped (blocked on the router's
 * epoch) until the tail's release and granted the cycle after it, counted as contention once;
 * under cut-through a VC without room for the whole packet is not requested until a credit
 * returns; the switch moves at most one flit per input port (shared crossbar) or per input VC
 * (VC-input crossbar) and one per output each cycle.
 */
class OneRouterAllocationTest {
    private static PartsBench bench(int rc, int va, FlowControl flow, CrossbarOrganisation crossbar) {
        PartsBench b = new PartsBench();
        b.description = RouterDescription.of(Fixtures.router(2, 4, flow, rc, va, 1, 1, 1, 0, false)).withCrossbar(crossbar);
        return b.build();
    }

    private static void step(PartsBench b, long t) {
        b.progress.now = t;
        b.vcAllocation.step(0, t, (int) t);
        b.switchAllocation.step(0, t, (int) t);
    }

    @Test
    void aHeadIsRoutedRCyclesAfterItIsVisibleGrantedAFreeVcAtOnceAndUsesTheSwitchVaCyclesLater() {
        PartsBench b = bench(2, 3, FlowControl.WORMHOLE, CrossbarOrganisation.SHARED);
        int p = b.packet(0, 2, 2);
        b.push(0, TERMINAL, 0, p, 2, 5);
        int iv = b.vc(0, TERMINAL, 0);
        int l = b.local(TERMINAL, 0);
        int ov = b.vc(0, PLUS, 0); // towards 2 by x+, class 0 (no dateline at r0) on VC 0
        step(b, 4);
        assertEquals(VcStates.IDLE, b.inputs.states.state(iv), "not visible yet");
        step(b, 5);
        assertEquals(VcStates.ROUTING, b.inputs.states.state(iv));
        step(b, 6);
        assertEquals(VcStates.ROUTING, b.inputs.states.state(iv));
        step(b, 7);
        assertEquals(VcStates.ACTIVE, b.inputs.states.state(iv), "routed in A + R and granted in the same cycle");
        assertEquals(ov, b.inputs.states.out(iv));
        assertEquals(PLUS, b.inputs.states.outPort(iv));
        assertEquals(iv, b.outputs.owner[ov]);
        assertFalse(b.routers.vaBit(0, l));
        assertTrue(b.routers.saBit(0, l));
        for (long t = 8; t <= 9; t++) {
            step(b, t);
            assertEquals(2, b.inputs.count(iv), "VC allocation delay: no switch in cycle " + t);
        }
        step(b, 10);
        assertEquals(1, b.inputs.count(iv), "the head crosses in A + R + VA");
        step(b, 11);
        assertEquals(0, b.inputs.count(iv), "a body flit needs no allocation but the switch");
        assertEquals(-1, b.outputs.owner[ov]);
    }

    @Test
    void twoHeadsForOneOutputVcGetItOneAfterTheOtherAndTheLoserWaitsForTheRelease() {
        PartsBench b = bench(1, 1, FlowControl.WORMHOLE, CrossbarOrganisation.SHARED);
        int p = b.packet(0, 2, 2); // from r0's node
        int q = b.packet(3, 1, 2); // from r3, through r0 towards r1: x+, VC 0 as well
        b.push(0, TERMINAL, 0, p, 2, 0);
        b.push(0, MINUS, 0, q, 2, 0);
        int ivP = b.vc(0, TERMINAL, 0);
        int ivQ = b.vc(0, MINUS, 0);
        int ov = b.vc(0, PLUS, 0);
        step(b, 0);
        step(b, 1);
        int winner = b.outputs.owner[ov];
        int loser = winner == ivP ? ivQ : ivP;
        assertTrue(winner == ivP || winner == ivQ);
        assertEquals(VcStates.VC_ALLOC, b.inputs.states.state(loser));
        assertEquals(1, b.contention.events, "the loser lost to another flow");
        step(b, 2); // the winner's head crosses; the loser finds the VC taken and is parked on the epoch
        int epoch = b.routers.epoch(0);
        assertEquals(epoch, b.inputs.vc[(loser << InputBuffers.VC_SHIFT) + VcStates.BLOCKED_AT]);
        assertEquals(1, b.inputs.count(winner));
        step(b, 3); // the tail crosses and releases the VC, after this cycle's VC allocation
        assertEquals(-1, b.outputs.owner[ov]);
        assertEquals(epoch + 1, b.routers.epoch(0));
        assertEquals(VcStates.VC_ALLOC, b.inputs.states.state(loser));
        step(b, 4);
        assertEquals(loser, b.outputs.owner[ov], "granted the cycle after the release");
        assertEquals(VcStates.ACTIVE, b.inputs.states.state(loser));
        assertEquals(1, b.contention.events, "one packet, one event at this router");
        assertEquals(4 - 1, b.contention.waitCycles, "waited from its loss in 1 to its grant in 4");
    }

    @Test
    void underCutThroughAVcWithoutRoomForTheWholePacketIsNotRequestedUntilACreditReturns() {
        PartsBench b = bench(1, 1, FlowControl.VIRTUAL_CUT_THROUGH, CrossbarOrganisation.SHARED);
        int p = b.packet(0, 2, 4);
        b.push(0, TERMINAL, 0, p, 4, 0);
        int iv = b.vc(0, TERMINAL, 0);
        int ov = b.vc(0, PLUS, 0);
        b.outputs.credits[ov] = 3;
        step(b, 0);
        step(b, 1);
        assertEquals(VcStates.VC_ALLOC, b.inputs.states.state(iv), "3 credits for a 4-flit packet: no request");
        assertEquals(-1, b.outputs.owner[ov]);
        assertEquals(b.routers.epoch(0), b.inputs.vc[(iv << InputBuffers.VC_SHIFT) + VcStates.BLOCKED_AT]);
        assertEquals(0, b.contention.events, "short of credits is no contention");
        b.links.creditEvents.add(2, ov);
        b.returnCredits(2, 2);
        step(b, 2);
        assertEquals(iv, b.outputs.owner[ov], "the credit's epoch let it request again");
    }

    /**
     * Per cycle, the flits each of r0's given inputs ({port, vc, output port, output VC}, 2 flits
     * each, owning their output VCs) moved, e.g. "10" for the first input alone.
     */
    private static List<String> moves(CrossbarOrganisation crossbar, int[][] inputs) {
        PartsBench b = bench(1, 1, FlowControl.WORMHOLE, crossbar);
        for (int[] in : inputs) {
            b.push(0, in[0], in[1], b.packet(0, 2, 2), 2, 0);
            b.own(0, in[0], in[1], in[2], in[3]);
        }
        List<String> moved = new ArrayList<>();
        for (long t = 0; t < 6; t++) {
            int[] before = new int[inputs.length];
            for (int i = 0; i < inputs.length; i++) {
                before[i] = b.inputs.count(b.vc(0, inputs[i][0], inputs[i][1]));
            }
            b.progress.now = t;
            b.switchAllocation.step(0, t, (int) t);
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < inputs.length; i++) {
                s.append(before[i] - b.inputs.count(b.vc(0, inputs[i][0], inputs[i][1])));
            }
            moved.add(s.toString());
        }
        return moved;
    }

    @Test
    void aSharedCrossbarMovesOneFlitPerInputPortAndAVcInputCrossbarOnePerInputVc() {
        int[][] twoVcsOfOnePort = {{TERMINAL, 0, PLUS, 0}, {TERMINAL, 1, MINUS, 1}};
        assertEquals(List.of("10", "01", "10", "01", "00", "00"), moves(CrossbarOrganisation.SHARED, twoVcsOfOnePort),
                "one crossbar input per port: its VCs take turns");
        assertEquals(List.of("11", "11", "00", "00", "00", "00"), moves(CrossbarOrganisation.VC_INPUTS, twoVcsOfOnePort),
                "one crossbar input per VC: both move in the same cycle");
    }

    @Test
    void anOutputTakesOneFlitPerCycleWhateverTheCrossbar() {
        int[][] twoPortsToOneOutput = {{TERMINAL, 0, PLUS, 0}, {MINUS, 0, PLUS, 1}};
        for (CrossbarOrganisation c : List.of(CrossbarOrganisation.SHARED, CrossbarOrganisation.VC_INPUTS)) {
            List<String> m = moves(c, twoPortsToOneOutput);
            assertEquals(4, m.stream().filter(s -> s.equals("10") || s.equals("01")).count(), c + ": " + m);
            assertEquals(2, m.stream().filter(s -> s.equals("00")).count(), c + ": " + m);
        }
    }

    /**
     * Per cycle, the flits a data packet (VC 0, priority 1, from the terminal port) and a barrier
     * packet (VC 1, priority 0, from the minus port) moved, 4 flits each, both owning a VC of output
     * plus: parallel per-VC crossbars with the given output arbiter.
     */
    private static List<String> dataAndBarrier(PartChoice arbiter) {
        PartsBench b = new PartsBench();
        b.description = RouterDescription.of(Fixtures.router(2, 4, FlowControl.WORMHOLE, 1, 1, 1, 1, 1, 0, false))
                .withCrossbar(CrossbarOrganisation.PER_VC)
                .withChannels(List.of(new VirtualChannel("unicast", 4, 1), new VirtualChannel("barrier", 4, 0)))
                .withAllocators(RouterDescription.ROUND_ROBIN, RouterDescription.ROUND_ROBIN, arbiter);
        b.build();
        int[][] inputs = {{TERMINAL, 0, PLUS, 0}, {MINUS, 1, PLUS, 1}};
        for (int[] in : inputs) {
            b.push(0, in[0], in[1], b.packet(0, 2, 4), 4, 0);
            b.own(0, in[0], in[1], in[2], in[3]);
        }
        List<String> moved = new ArrayList<>();
        for (long t = 0; t < 8; t++) {
            StringBuilder s = new StringBuilder();
            int[] before = new int[2];
            for (int i = 0; i < 2; i++) {
                before[i] = b.inputs.count(b.vc(0, inputs[i][0], inputs[i][1]));
            }
            b.progress.now = t;
            b.switchAllocation.step(0, t, (int) t);
            for (int i = 0; i < 2; i++) {
                s.append(before[i] - b.inputs.count(b.vc(0, inputs[i][0], inputs[i][1])));
            }
            moved.add(s.toString());
        }
        return moved;
    }

    @Test
    void theBarrierVcWinsEveryOutputConflictUnderThePriorityArbiter() {
        assertEquals(List.of("01", "01", "01", "01", "10", "10", "10", "10"), dataAndBarrier(PartChoice.of("priority")),
                "the barrier packet's four flits first, then the data packet's");
        List<String> roundRobin = dataAndBarrier(RouterDescription.ROUND_ROBIN);
        assertTrue(roundRobin.subList(0, 4).contains("10"), "round robin lets data win a conflict: " + roundRobin);
    }
}
