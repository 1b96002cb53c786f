package org.fabrica.network.flit;

import org.fabrica.kernel.SimulationException;

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
 * {@code waitForTailCredit}).
 *
 * <p>Counting: every flit crossing a link adds one flit-hop (terminal links too); a packet's
 * hops are the router-to-router links its head crossed, bounded by the livelock limit.
 */
final class Crossbar {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final OutputUnits outputs;
    private final ActiveRouters routers;
    private final Links links;
    private final ContentionCounter contention;
    private final NetworkInterfaces interfaces;
    private final PacketPool pool;
    private final Progress progress;
    private final RouteStage route;
    private final int[] vc;
    private final int[] credits;
    private final EventWheel creditEvents;
    private final int[] localPort;
    private final int[] localVc;
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
    private final boolean waitForTailCredit;
    private final long hopLimit;
    private final boolean serialised;
    private final int[] linkFree;
    private final int[] cyclesPerFlit;
    private InvariantChecks checks;

    Crossbar(Wiring wiring, InputBuffers inputs, OutputUnits outputs, ActiveRouters routers, Links links,
            ContentionCounter contention, NetworkInterfaces interfaces, PacketPool pool, Progress progress,
            RouteStage route, boolean waitForTailCredit, long hopLimit) {
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
        this.creditEvents = links.creditEvents;
        this.localPort = wiring.localPort;
        this.localVc = wiring.localVc;
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

    /** Moves the front flit of local input VC {@code l} of router {@code r} through output port {@code o}. */
    void traverse(int r, int base, int ivBase, int l, int o, long t, int tl) {
        int iv = ivBase + l;
        int p = localPort[l];
        int v = localVc[l];
        int gpIn = base + p;
        final int[] state = vc;
        int x = iv << InputBuffers.VC_SHIFT;
        int slot = state[x + InputBuffers.FRONT_SLOT];
        if (state[x + InputBuffers.CONTENTION] == ContentionCounter.WAITING) {
            // the end of a switch-allocation loss to another flow
            contention.end(iv, t);
        }
        int remaining = inputs.pop(iv, r);
        int ov = state[x + InputBuffers.OUT];
        int left = --credits[ov];
        if (left < 0) {
            throw checks.invariant("credit counter below zero at " + wiring.creditName(ov) + " after " + pool.name(slot)
                    + " left", t);
        }
        creditEvents.add(t + creditReturn[gpIn], creditTarget[gpIn] + v);
        int sent = ++state[x + InputBuffers.SENT];
        if (serialised) {
            linkFree[base + o] = tl + cyclesPerFlit[base + o];
        }
        int length = pool.length[slot];
        int gpOut = base + o;
        int target = flitTarget[gpOut];
        if (target >= 0) {
            int ovc = ov - gpOut * vcs;
            inputs.push(target + ovc, flitTargetRouter[gpOut], flitTargetLocal[gpOut] + ovc, slot,
                    tl + flitDelay[gpOut]);
            if (sent == 1 && ++pool.hops[slot] > hopLimit) {
                throw new SimulationException("livelock: " + pool.name(slot) + " has crossed " + pool.hops[slot]
                        + " router-to-router links (limit " + hopLimit + ") and is at router " + r + " leaving through "
                        + wiring.portLabel(r, o) + " at cycle " + t + "; routing '" + route.routingName
                        + "' does not bring it to its destination");
            }
        } else {
            int node = terminalNode[gpOut];
            if (pool.destination[slot] != node) {
                throw checks.invariant(pool.name(slot) + " ejected at node " + node + " (router " + r + " port " + o
                        + "), not its destination; routing '" + route.routingName + "'", t);
            }
            if (++pool.ejected[slot] > length) {
                throw checks.invariant("more flits than the packet has reached the destination of " + pool.name(slot), t);
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
        int rb = r * routerStride;
        int word = rb + (l >>> 6);
        if (sent == length) {
            state[x + InputBuffers.STATE] = InputBuffers.IDLE;
            state[x + InputBuffers.SENT] = 0;
            state[x + InputBuffers.CONTENTION] = 0;
            rt[word + rSa] &= ~(1L << l);
            if (remaining > 0) {
                rt[word + ActiveRouters.VA] |= 1L << l;
            }
            if (waitForTailCredit) {
                outputs.tailWait[ov] = true;
            } else {
                outputs.owner[ov] = -1;
                rt[rb + ActiveRouters.EPOCH]++;
            }
        } else if (remaining == 0 || left == 0) {
            rt[word + rSa] &= ~(1L << l);
        }
    }
}
