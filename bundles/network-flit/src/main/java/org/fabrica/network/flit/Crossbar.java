package org.fabrica.network.flit;

import org.fabrica.kernel.SimulationException;
import org.fabrica.stats.NetworkObserver;

/**
 * Moves a granted flit from its input buffer through the crossbar onto its output link.
 *
 * <p>The flit that wins the switch in cycle y leaves its buffer, whose freed slot's credit is
 * usable upstream from {@code y + creditReturn} ({@link Links}); it spends S-1 more allocation
 * cycles, ST in the crossbar and L on the link and is visible downstream in {@code y + flitDelay}. It consumes one
 * credit of its output VC. On a terminal port it reaches the destination's network interface,
 * whose buffer drains at once: its credit is usable at the router {@code ejectCreditReturn}
 * cycles after it arrived, and the packet is delivered when its tail arrives (plus the end node's
 * receive overhead). When the tail leaves, the input VC's next packet (if any) starts route
 * computation and the output VC is released (at once, or when the tail's credit returns with
 * {@code waitForTailCredit} or when it was granted on a class that needs atomic allocation,
 * {@link OutputUnits#drainRelease}).
 *
 * <p>A flit of a multi-output route crosses to all its branches in {@link MultiOutputRoutes#traverse}.
 *
 * <p>Counting: every flit crossing a link adds one flit-hop (terminal links too); a packet's
 * hops are the router-to-router links its head crossed, bounded by the livelock limit.
 */
final class Crossbar {
    final Wiring wiring;
    final InputBuffers inputs;
    final OutputUnits outputs;
    final ActiveRouters routers;
    final Links links;
    private final ContentionCounter contention;
    final NetworkInterfaces interfaces;
    final PacketPool pool;
    final Progress progress;
    private final RouteStage route;
    final NetworkObserver observer;
    private final int[] vc;
    private final int[] credits;
    private final boolean[] drainRelease;
    private final EventWheel creditEvents;
    private final int[] localPort;
    private final int[] localVc;
    private final int[] localBase;
    private final int[] creditTarget;
    private final int[] flitTarget;
    private final int[] flitTargetRouter;
    private final int[] flitTargetLocal;
    private final int[] terminalNode;
    private final long[] rt;
    private final int routerStride;
    private final int rSa;
    private final int vcs;
    private final int[] flitDelay;
    private final int[] creditReturn;
    private final int ejectCreditReturn;
    final boolean waitForTailCredit;
    final long hopLimit;
    private final boolean serialised;
    private final int[] linkFree;
    private final int[] cyclesPerFlit;
    /** With VOQ access, the heads parked for an output port (else null). */
    PortWaiters waiters;
    private InvariantChecks checks;
    /** The collective engine's side (link errors), or null. */
    CollectiveUnit collectives;
    /**
     * Outputs that send whole packets ({@code OutputInterleaving.PACKETS}): per global output port,
     * 1 + the input queue whose packet has the output from its head to its tail, 0 when free; null
     * when outputs interleave flits. Set before switch allocation is built.
     */
    int[] outputLock;
    /**
     * With whole packets and one crossbar input per port (a shared crossbar): per global input port,
     * 1 + the input queue whose packet holds the port's crossbar input until its tail, 0 when free;
     * null otherwise.
     */
    int[] inputLock;

    Crossbar(Wiring wiring, InputBuffers inputs, OutputUnits outputs, ActiveRouters routers, Links links,
            ContentionCounter contention, NetworkInterfaces interfaces, PacketPool pool, Progress progress,
            RouteStage route, NetworkObserver observer, boolean waitForTailCredit, long hopLimit, PortWaiters waiters) {
        this.observer = observer;
        this.waiters = waiters;
        this.wiring = wiring;
        this.inputs = inputs;
        this.outputs = outputs;
        this.routers = routers;
        this.links = links;
        this.contention = contention;
        this.interfaces = interfaces;
        this.pool = pool;
        this.progress = progress;
        this.route = route;
        this.vc = inputs.vc;
        this.credits = outputs.credits;
        this.drainRelease = outputs.drainRelease;
        this.creditEvents = links.creditEvents;
        this.localPort = wiring.localPort;
        this.localVc = wiring.localVc;
        this.localBase = wiring.localBase;
        this.creditTarget = wiring.creditTarget;
        this.flitTarget = wiring.flitTarget;
        this.flitTargetRouter = wiring.flitTargetRouter;
        this.flitTargetLocal = wiring.flitTargetLocal;
        this.terminalNode = wiring.terminalNode;
        this.rt = routers.rt;
        this.routerStride = routers.stride;
        this.rSa = routers.sa;
        this.vcs = wiring.vcs;
        this.flitDelay = links.flitDelay;
        this.creditReturn = links.creditReturn;
        this.ejectCreditReturn = links.ejectCreditReturn;
        this.waitForTailCredit = waitForTailCredit;
        this.hopLimit = hopLimit;
        this.serialised = links.serialised;
        this.linkFree = links.linkFree;
        this.cyclesPerFlit = links.cyclesPerFlit;
    }

    void checks(InvariantChecks c) {
        this.checks = c;
    }

    /** Moves the front flit of local input queue {@code l} of router {@code r} (queues from {@code ivBase}) through output port {@code o}. */
    void traverse(int r, int base, int ivBase, int l, int o, long t, int tl) {
        int iv = ivBase + l;
        int lb = localBase[r];
        int p = localPort[lb + l];
        int v = localVc[lb + l];
        int gpIn = base + p;
        final int[] state = vc;
        int x = iv << InputBuffers.VC_SHIFT;
        int slot = state[x + InputBuffers.FRONT_SLOT];
        if (state[x + VcStates.CONTENTION] == ContentionCounter.WAITING) {
            // the end of a switch-allocation loss to another flow
            contention.end(iv, t);
        }
        int remaining = inputs.pop(iv, r);
        int ov = state[x + VcStates.OUT];
        int left = --credits[ov];
        if (left < 0) {
            throw creditBelowZero(ov, slot, t);
        }
        creditEvents.add(t + creditReturn[gpIn], creditTarget[gpIn] + v);
        int sent = ++state[x + VcStates.SENT];
        if (serialised) {
            linkFree[base + o] = tl + cyclesPerFlit[base + o];
        }
        int length = pool.length[slot];
        int gpOut = base + o;
        int target = flitTarget[gpOut];
        if (sent == 1 && pool.packetClass[slot] == CollectiveUnit.HIDDEN) {
            collectives.crossLink(slot);
        }
        if (target >= 0) {
            int ovc = ov - gpOut * vcs;
            inputs.arrive(target + ovc, flitTargetRouter[gpOut], flitTargetLocal[gpOut] + ovc, slot,
                    tl + flitDelay[gpOut], sent == 1);
            if (sent == 1 && ++pool.hops[slot] > hopLimit) {
                throw livelock(slot, r, o, t);
            }
        } else {
            int node = terminalNode[gpOut];
            if (pool.destination[slot] != node) {
                throw ejectedElsewhere(slot, node, r, o, t);
            }
            if (++pool.ejected[slot] > length) {
                throw tooManyFlits(slot, t);
            }
            long arrival = t + flitDelay[gpOut];
            creditEvents.add(arrival + ejectCreditReturn, ov);
            if (sent == length) {
                interfaces.deliverAt(arrival, slot);
            }
        }
        Progress pr = progress;
        pr.flitHops++;
        pr.lastMove = t;
        int[] lock = outputLock;
        if (lock != null && length > 1) {
            int holder = sent == length ? 0 : iv + 1;
            lock[gpOut] = holder;
            if (inputLock != null) {
                inputLock[gpIn] = holder;
            }
        }
        int rb = r * routerStride;
        int word = rb + (l >>> 6);
        if (sent == length) {
            state[x + VcStates.STATE] = VcStates.IDLE;
            state[x + VcStates.SENT] = 0;
            state[x + VcStates.CONTENTION] = 0;
            rt[word + rSa] &= ~(1L << l);
            if (remaining > 0) {
                rt[word + ActiveRouters.VA] |= 1L << l;
            }
            if (outputs.tailWaits && (waitForTailCredit || drainRelease[ov])) {
                outputs.tailWait[ov] = true;
            } else {
                outputs.owner[ov] = -1;
                rt[rb + ActiveRouters.EPOCH]++;
                if (waiters != null) {
                    waiters.wake(r, o);
                }
            }
        } else if (remaining == 0 || left == 0) {
            rt[word + rSa] &= ~(1L << l);
        }
    }

    // Messages of the checks, built off the hot path (keeps traverse small enough for the JIT); MultiOutputRoutes
    // uses them too.

    SimulationException creditBelowZero(int ov, int slot, long t) {
        return checks.invariant("credit counter below zero at " + wiring.creditName(ov) + " after " + pool.name(slot)
                + " left", t);
    }

    SimulationException livelock(int slot, int r, int o, long t) {
        return new SimulationException("livelock: " + pool.name(slot) + " has crossed " + pool.hops[slot]
                + " router-to-router links (limit " + hopLimit + ") and is at router " + r + " leaving through "
                + wiring.portLabel(r, o) + " at cycle " + t + "; routing '" + route.routingName
                + "' does not bring it to its destination");
    }

    private SimulationException ejectedElsewhere(int slot, int node, int r, int o, long t) {
        return checks.invariant(pool.name(slot) + " ejected at node " + node + " (router " + r + " port " + o
                + "), not its destination; routing '" + route.routingName + "'", t);
    }

    SimulationException tooManyFlits(int slot, long t) {
        return checks.invariant("more flits than the packet has reached the destination of " + pool.name(slot), t);
    }
}
