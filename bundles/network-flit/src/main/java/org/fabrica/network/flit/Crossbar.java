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
 * {@code waitForTailCredit}).
 *
 * <p>Counting: every flit crossing a link adds one flit-hop (terminal links too); a packet's
 * hops are the router-to-router links its head crossed, bounded by the livelock limit.
 */
final class Crossbar {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final VcStates states;
    private final OutputUnits outputs;
    private final ActiveRouters routers;
    private final Links links;
    private final ContentionCounter contention;
    private final NetworkInterfaces interfaces;
    private final PacketPool pool;
    private final Progress progress;
    private final RouteStage route;
    private final NetworkObserver observer;
    private final int[] vc;
    private final int[] credits;
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
    private final boolean waitForTailCredit;
    private final long hopLimit;
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
        this.states = inputs.states;
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
            if (waitForTailCredit) {
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

    /**
     * Moves the front flit of local input VC {@code l}, whose packet has a multi-output route, to
     * every branch at once: read once from the buffer (one credit back upstream), one credit of
     * each branch's output VC, one flit-hop per branch. When the head crosses, every branch after
     * the first gets a copy of the packet (a new id, reported as replicated), which its flits carry
     * from then on; a copy or the packet itself that leaves through a terminal port is delivered to
     * that port's node. When the tail has crossed, every branch's output VC is released.
     */
    void traverseBranches(int r, int base, int ivBase, int l, long t, int tl) {
        int iv = ivBase + l;
        int lb = localBase[r];
        int v = localVc[lb + l];
        int gpIn = base + localPort[lb + l];
        final int[] state = vc;
        int x = iv << InputBuffers.VC_SHIFT;
        int slot = state[x + InputBuffers.FRONT_SLOT];
        int remaining = inputs.pop(iv, r);
        creditEvents.add(t + creditReturn[gpIn], creditTarget[gpIn] + v);
        int sent = ++state[x + VcStates.SENT];
        int length = pool.length[slot];
        int n = -state[x + VcStates.CAND_COUNT];
        int cb = iv * (states.maxCandidates - 1);
        int[] copies = states.branchSlot;
        int copyBase = iv * states.maxBranches;
        for (int k = 0; k < n; k++) {
            int ov = k == 0 ? state[x + VcStates.OUT] : states.candPort[cb + k - 1];
            int gpOut = ov / vcs;
            int o = gpOut - base;
            int left = --credits[ov];
            if (left < 0) {
                throw creditBelowZero(ov, slot, t);
            }
            int flit = slot;
            if (k > 0) {
                if (sent == 1) {
                    copies[copyBase + k] = replicate(slot, r, t);
                }
                flit = copies[copyBase + k];
            }
            if (serialised) {
                linkFree[gpOut] = tl + cyclesPerFlit[gpOut];
            }
            if (sent == 1 && pool.packetClass[flit] == CollectiveUnit.HIDDEN) {
                collectives.crossLink(flit);
            }
            int target = flitTarget[gpOut];
            if (target >= 0) {
                int ovc = ov - gpOut * vcs;
                inputs.arrive(target + ovc, flitTargetRouter[gpOut], flitTargetLocal[gpOut] + ovc, flit,
                        tl + flitDelay[gpOut], sent == 1);
                if (sent == 1 && ++pool.hops[flit] > hopLimit) {
                    throw livelock(flit, r, o, t);
                }
            } else {
                if (sent == 1) {
                    // a branch to a terminal port delivers there
                    pool.destination[flit] = terminalNode[gpOut];
                }
                if (++pool.ejected[flit] > length) {
                    throw tooManyFlits(flit, t);
                }
                long arrival = t + flitDelay[gpOut];
                creditEvents.add(arrival + ejectCreditReturn, ov);
                if (sent == length) {
                    interfaces.deliverAt(arrival, flit);
                }
            }
            progress.flitHops++;
            if (sent == length) {
                if (waitForTailCredit) {
                    outputs.tailWait[ov] = true;
                } else {
                    outputs.owner[ov] = -1;
                }
            }
        }
        progress.lastMove = t;
        int rb = r * routerStride;
        int word = rb + (l >>> 6);
        if (sent == length) {
            state[x + VcStates.STATE] = VcStates.IDLE;
            state[x + VcStates.SENT] = 0;
            state[x + VcStates.CONTENTION] = 0;
            state[x + VcStates.CAND_COUNT] = 0;
            rt[word + rSa] &= ~(1L << l);
            if (remaining > 0) {
                rt[word + ActiveRouters.VA] |= 1L << l;
            }
            rt[rb + ActiveRouters.EPOCH]++;
        } else if (remaining == 0) {
            rt[word + rSa] &= ~(1L << l);
        }
    }

    /** A copy of the packet in {@code slot} for another branch, already in the network. */
    private int replicate(int slot, int r, long t) {
        PacketPool p = pool;
        long id = progress.nextPacketId++;
        int copy = p.allocate(id, p.source[slot], p.destination[slot], p.length[slot], p.created[slot]);
        p.injected[copy] = p.injected[slot];
        p.routingState[copy] = p.routingState[slot];
        p.hops[copy] = p.hops[slot];
        p.state[copy] = PacketPool.IN_NETWORK;
        p.packetClass[copy] = p.packetClass[slot];
        p.header[copy] = p.header[slot];
        p.branched[slot] = true;
        p.branched[copy] = true;
        progress.inNetwork++;
        interfaces.replicated++;
        if (p.packetClass[slot] != CollectiveUnit.HIDDEN) {
            observer.packetReplicated(p.id[slot], id, p.source[slot], p.destination[slot], r, t);
        } else {
            interfaces.collectiveCopies++;
        }
        return copy;
    }

    // Messages of the checks, built off the hot path (keeps traverse small enough for the JIT).

    private SimulationException creditBelowZero(int ov, int slot, long t) {
        return checks.invariant("credit counter below zero at " + wiring.creditName(ov) + " after " + pool.name(slot)
                + " left", t);
    }

    private SimulationException livelock(int slot, int r, int o, long t) {
        return new SimulationException("livelock: " + pool.name(slot) + " has crossed " + pool.hops[slot]
                + " router-to-router links (limit " + hopLimit + ") and is at router " + r + " leaving through "
                + wiring.portLabel(r, o) + " at cycle " + t + "; routing '" + route.routingName
                + "' does not bring it to its destination");
    }

    private SimulationException ejectedElsewhere(int slot, int node, int r, int o, long t) {
        return checks.invariant(pool.name(slot) + " ejected at node " + node + " (router " + r + " port " + o
                + "), not its destination; routing '" + route.routingName + "'", t);
    }

    private SimulationException tooManyFlits(int slot, long t) {
        return checks.invariant("more flits than the packet has reached the destination of " + pool.name(slot), t);
    }
}
