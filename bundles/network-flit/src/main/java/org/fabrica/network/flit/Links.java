package org.fabrica.network.flit;

import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.Pipeline;
import org.fabrica.hardware.RouterDescription;

/**
 * The links between routers and to the network interfaces: their timing, and the credits that
 * travel back on them.
 *
 * <p>A flit that wins the switch in cycle y is visible downstream in {@code y + flitDelay[out]}
 * ({@code S + ST + L} with L the latency of the output's link); the credit of the buffer slot it
 * freed is usable upstream from {@code y + creditReturn[in]} ({@code max(S,1) + L + creditDelay}
 * with L the latency of the link the flit came in on). A flit sent by a network interface in cycle
 * t is visible at its router in {@code t + injectDelay} ({@code 1 + L} of the terminal link); the
 * credit of a flit that reached a network interface is usable at the router
 * {@code ejectCreditReturn} ({@code 1 + L + creditDelay}) cycles after the flit arrived.
 * Router-to-router links and terminal links have their own latency (the router description's
 * {@code link} and {@code terminalLink}) and serialisation: a link of s cycles per flit takes a
 * new flit every s cycles, and a flit is whole downstream s - 1 cycles after its first cycle on
 * the link (both delays above include it).
 *
 * <p>Credit returns go through a timing wheel and are applied at the start of their cycle, where
 * they wake what waited for them: a network interface without credits, the owner of an output VC
 * that had none (back into the switch-allocation mask), and, under virtual cut-through, heads
 * waiting for room for a whole packet (the router's epoch).
 */
final class Links {
    /** Per global output port: switch grant to visible downstream. */
    final int[] flitDelay;
    /** Per global input port: switch grant to the freed slot's credit usable upstream. */
    final int[] creditReturn;
    /** Flit arrival at an NI to credit usable at the router. */
    final int ejectCreditReturn;
    /** NI send to visible at the router. */
    final int injectDelay;
    /** Per global output port: cycles a flit occupies the link (serialisation, 1 for a full-rate link). */
    final int[] cyclesPerFlit;
    /** Per global output port: low 32 bits of the first cycle its link can take the next flit. */
    final int[] linkFree;
    /** Some link takes more than one cycle per flit: outputs must check {@link #linkFree}. */
    final boolean serialised;
    /** Cycles a flit of a network interface occupies the terminal link into the router. */
    final int injectCyclesPerFlit;
    /** The largest flit delay of a terminal output (arrival at an NI). */
    final int maxTerminalFlitDelay;
    final EventWheel creditEvents;
    private final boolean cutThrough;
    /** Under cut-through: the shortest packet so far, below which room wakes no head. */
    private final PacketPool pool;
    private final OutputUnits outputs;
    private final int[] vc;
    private final ActiveRouters routers;
    private final Wiring wiring;
    private final boolean[] niWaiting;
    /** With VOQ access, the heads parked for an output port (else null). */
    PortWaiters waiters;
    private InvariantChecks checks;

    /**
     * The router description whose terminal link and credit delay the network interfaces use: that
     * of node 0's router (kinds attaching nodes agree on both, {@link RouterKinds}).
     */
    static RouterDescription interfaceSide(RouterKinds kinds, Wiring wiring) {
        return kinds.of(wiring.nodeRouter[0]);
    }

    /** NI send to visible at the router: {@code 1 + L} of the terminal link, plus its serialisation. */
    static int injectDelay(RouterDescription d) {
        return d.terminalLink().latencyCycles() + d.terminalLink().cyclesPerFlit();
    }

    /**
     * The most cycles from sending a flit to its being visible in a buffer, over every kind's router
     * and terminal links ({@link #flitDelay}, {@link #injectDelay}, and a router's own sends, 1):
     * how many arrival cycles {@link InputBuffers} keeps per VC.
     */
    static int maxArrivalDelay(RouterKinds kinds) {
        int max = 1;
        for (RouterDescription d : kinds.kinds.values()) {
            Pipeline p = d.pipeline();
            for (LinkTiming l : new LinkTiming[] {d.link(), d.terminalLink()}) {
                max = Math.max(max, p.switchAllocDelay() + p.switchTraversalDelay() + l.latencyCycles() + l.cyclesPerFlit() - 1);
            }
            max = Math.max(max, injectDelay(d));
        }
        return max;
    }

    /**
     * @param kinds the router of every router: timing per output port from its own router and the
     *        link leaving it, per input port from the upstream link and its own credit delay
     */
    Links(RouterKinds kinds, Wiring wiring, OutputUnits outputs, InputBuffers inputs,
            ActiveRouters routers, boolean[] niWaiting, PacketPool pool, PortWaiters waiters) {
        this.pool = pool;
        this.waiters = waiters;
        RouterDescription ni = interfaceSide(kinds, wiring);
        this.flitDelay = new int[wiring.totalPorts];
        this.cyclesPerFlit = new int[wiring.totalPorts];
        this.linkFree = new int[wiring.totalPorts];
        this.injectCyclesPerFlit = ni.terminalLink().cyclesPerFlit();
        boolean slow = false;
        this.creditReturn = new int[wiring.totalPorts];
        int maxCredit = 0;
        int maxFlit = 0;
        int maxTerminal = 0;
        for (int gp = 0; gp < wiring.totalPorts; gp++) {
            int r = wiring.portRouter[gp];
            Pipeline p = kinds.pipeline(r);
            boolean terminalOut = wiring.flitTarget[gp] == Wiring.TERMINAL;
            boolean terminalIn = wiring.terminalNode[gp] >= 0;
            LinkTiming out = kinds.link(r, terminalOut);
            cyclesPerFlit[gp] = out.cyclesPerFlit();
            slow |= out.cyclesPerFlit() > 1;
            // a flit is whole downstream once its last cycle on the link is over
            flitDelay[gp] = p.switchAllocDelay() + p.switchTraversalDelay() + out.latencyCycles() + cyclesPerFlit[gp] - 1;
            // the freed slot's credit crosses the link the flit came in on: the upstream router's
            int peer = wiring.peerPort[gp];
            int in = terminalIn ? ni.terminalLink().latencyCycles()
                    : peer >= 0 ? kinds.link(wiring.portRouter[peer], false).latencyCycles()
                    : kinds.link(r, false).latencyCycles();
            creditReturn[gp] = Math.max(p.switchAllocDelay(), 1) + in + p.creditDelay();
            maxCredit = Math.max(maxCredit, creditReturn[gp]);
            maxFlit = Math.max(maxFlit, flitDelay[gp]);
            if (terminalOut) {
                maxTerminal = Math.max(maxTerminal, flitDelay[gp]);
            }
        }
        this.serialised = slow || injectCyclesPerFlit > 1;
        this.maxTerminalFlitDelay = maxTerminal;
        this.ejectCreditReturn = 1 + ni.terminalLink().latencyCycles() + ni.pipeline().creditDelay();
        this.injectDelay = injectDelay(ni);
        this.creditEvents = new EventWheel(Math.max(maxCredit, maxFlit + ejectCreditReturn) + 1);
        this.cutThrough = kinds.first().flowControl() == FlowControl.VIRTUAL_CUT_THROUGH;
        this.wiring = wiring;
        this.outputs = outputs;
        this.vc = inputs.vc;
        this.routers = routers;
        this.niWaiting = niWaiting;
    }

    void checks(InvariantChecks c) {
        this.checks = c;
    }

    /** Applies the credit returns due at cycle {@code t}. */
    void returnCredits(long t) {
        EventWheel wheel = creditEvents;
        int count = wheel.count(t);
        if (count == 0) {
            return;
        }
        // processing a bucket adds no event (every delay is >= 1), so the array stays valid
        int[] events = wheel.events();
        int offset = wheel.offset(t);
        OutputUnits out = outputs;
        int[] cr = out.credits;
        int[] owner = out.owner;
        int niBase = out.niCreditBase;
        int vcs = wiring.vcs;
        int[] vcRouter = wiring.vcRouter;
        long[] rt = routers.rt;
        int stride = routers.stride;
        boolean tailWaits = out.tailWaits;
        for (int i = 0; i < count; i++) {
            int ci = events[offset + i];
            int c = ++cr[ci];
            int cap = out.capacityOf(ci);
            if (c > cap) {
                throw checks.invariant("credit counter above capacity (" + c + " > " + cap + ") at "
                        + wiring.creditName(ci), t);
            }
            if (ci >= niBase) {
                // an NI's credit: it may have been waiting for it
                niWaiting[(ci - niBase) / vcs] = false;
                continue;
            }
            if (cutThrough && owner[ci] < 0 && c >= pool.shortest()) {
                // a head waiting for room for its whole packet may now fit (an owned VC is taken whatever
                // its room, and no packet fits in fewer credits than the shortest packet has flits)
                rt[vcRouter[ci] * stride + ActiveRouters.EPOCH]++;
                if (waiters != null && c <= pool.longest()) {
                    // a head parked for want of room was woken when the count reached its length:
                    // above the longest packet's, this credit completes no parked head's room
                    wake(ci);
                }
            }
            if (c == 1) {
                // the owner (an input queue) of this output VC may have been waiting for exactly this credit
                int iv = owner[ci];
                if (iv >= 0) {
                    int x = iv << InputBuffers.VC_SHIFT;
                    if (vc[x + VcStates.STATE] == VcStates.ACTIVE && vc[x + VcStates.OUT] == ci
                            && vc[x + InputBuffers.COUNT] > 0) {
                        int local = wiring.queueLocal[iv];
                        rt[wiring.queueRouter[iv] * stride + routers.sa + (local >>> 6)] |= 1L << local;
                    }
                }
            }
            if (tailWaits && c == cap && out.tailWait[ci]) {
                // the tail's credit is back (waitForTailCredit, or a VC of a class that needs atomic allocation)
                out.tailWait[ci] = false;
                owner[ci] = -1;
                rt[vcRouter[ci] * stride + ActiveRouters.EPOCH]++;
                if (waiters != null) {
                    wake(ci);
                }
            }
        }
        wheel.clear(t);
    }

    /** Output VC {@code ov} may have become free: the heads parked for its port go back to VC allocation. */
    private void wake(int ov) {
        int r = wiring.vcRouter[ov];
        waiters.wake(r, ov / wiring.vcs - wiring.portBase[r]);
    }
}
