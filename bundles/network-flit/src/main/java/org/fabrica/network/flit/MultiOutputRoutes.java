package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.stats.NetworkObserver;

/**
 * The router's handling of multi-output routes (a multicast's branch points, a barrier's release),
 * gathered from the stages a unicast head goes through, which call it only for a head whose route
 * has branches (its record's {@link VcStates#CAND_COUNT} is negative):
 * <ul>
 * <li>VC allocation ({@link #claim}, from {@link VcAllocation#step}): the head takes a free VC on
 * every branch at once or none (the Global Resource Bulletin's rule), before the allocator's
 * requests of the cycle; or, with {@link #holdAndWait}, claims each branch's VC as soon as it is
 * free and holds it while it waits for the others;</li>
 * <li>switch allocation ({@link #crossFirst}, from {@link SwitchAllocation#step}): a flit whose
 * branches all have a free output with a credit crosses to all of them before the allocator runs,
 * which then sees only the requests whose input and output are still free;</li>
 * <li>crossing ({@link #traverse}): the flit is read once and sent to every branch; from the second
 * branch on, the head's crossing creates a copy of the packet, which a terminal branch delivers.</li>
 * </ul>
 */
final class MultiOutputRoutes {
    /**
     * A switch without the Global Resource Bulletin: a multi-output head claims each branch's VC as
     * soon as it is free and holds it while it waits for the others (hold and wait), instead of
     * taking all at once or none. Two multicasts can then deadlock inside one switch
     * (docs/collectives.md); for that comparison only.
     */
    boolean holdAndWait;
    /** The collective engine's side (link errors), or null. */
    CollectiveUnit collectives;
    /** Switch allocation: the local queues with a multi-output head that want the switch this cycle. */
    final int[] switchRequests;

    private final Crossbar crossbar;
    private final InputBuffers inputs;
    private final VcStates states;
    private final OutputUnits outputs;
    private final PacketPool pool;
    private final Progress progress;
    private final NetworkInterfaces interfaces;
    private final NetworkObserver observer;
    private final AllocationStage switchStage;
    private final int[] vc;
    private final int[] owner;
    private final int[] ownerFlow;
    private final int[] credits;
    private final long[] rt;
    private final int routerStride;
    private final int rSa;
    private final int vcs;
    private final int maxCandidates;
    private final boolean cutThrough;
    private final boolean waitForTailCredit;
    private final int[] vcAllocDelay;
    private final boolean vcInputs;
    private final boolean perVc;
    private final int[] localPort;
    private final int[] localVc;
    private final int[] localBase;
    private final int[] creditTarget;
    private final int[] flitTarget;
    private final int[] flitTargetRouter;
    private final int[] flitTargetLocal;
    private final int[] terminalNode;
    private final EventWheel creditEvents;
    private final int[] flitDelay;
    private final int[] creditReturn;
    private final int ejectCreditReturn;
    private final boolean serialised;
    private final int[] linkFree;
    private final int[] cyclesPerFlit;
    private final int[] outputLock;
    private final int[] inputLock;
    /** VC allocation: the VC each branch would take. */
    private final int[] chosen;
    /** Hold and wait: per input queue and branch, the output VC held (-1: none yet). */
    private int[] held;
    /** Switch allocation: the crossbar inputs and output ports taken this cycle (stamped). */
    private final int[] inputClaim;
    private final int[] outputClaim;
    private int claimStamp;
    /**
     * Per queue and branch k >= 1, the pool slot of the copy that branch carries (created when the
     * head crosses); allocated the first time a route has branches.
     */
    private int[] copies;

    /**
     * @param crossbar the crossbar whose parts the branches cross with (its output and input locks set)
     * @param switchStage the switch allocation whose requests a multi-output flit's crossing removes
     * @param vcAllocDelay per router, cycles of VC allocation
     */
    MultiOutputRoutes(Crossbar crossbar, CrossbarOrganisation organisation, AllocationStage switchStage,
            int[] vcAllocDelay, boolean cutThrough) {
        Wiring wiring = crossbar.wiring;
        Links links = crossbar.links;
        ActiveRouters routers = crossbar.routers;
        this.crossbar = crossbar;
        this.inputs = crossbar.inputs;
        this.states = inputs.states;
        this.outputs = crossbar.outputs;
        this.pool = crossbar.pool;
        this.progress = crossbar.progress;
        this.interfaces = crossbar.interfaces;
        this.observer = crossbar.observer;
        this.switchStage = switchStage;
        this.vc = inputs.vc;
        this.owner = outputs.owner;
        this.ownerFlow = outputs.ownerFlow;
        this.credits = outputs.credits;
        this.rt = routers.rt;
        this.routerStride = routers.stride;
        this.rSa = routers.sa;
        this.vcs = wiring.vcs;
        this.maxCandidates = states.maxCandidates;
        this.cutThrough = cutThrough;
        this.waitForTailCredit = crossbar.waitForTailCredit;
        this.vcAllocDelay = vcAllocDelay.clone();
        this.vcInputs = organisation != CrossbarOrganisation.SHARED;
        this.perVc = organisation == CrossbarOrganisation.PER_VC;
        this.localPort = wiring.localPort;
        this.localVc = wiring.localVc;
        this.localBase = wiring.localBase;
        this.creditTarget = wiring.creditTarget;
        this.flitTarget = wiring.flitTarget;
        this.flitTargetRouter = wiring.flitTargetRouter;
        this.flitTargetLocal = wiring.flitTargetLocal;
        this.terminalNode = wiring.terminalNode;
        this.creditEvents = links.creditEvents;
        this.flitDelay = links.flitDelay;
        this.creditReturn = links.creditReturn;
        this.ejectCreditReturn = links.ejectCreditReturn;
        this.serialised = links.serialised;
        this.linkFree = links.linkFree;
        this.cyclesPerFlit = links.cyclesPerFlit;
        this.outputLock = crossbar.outputLock;
        this.inputLock = crossbar.inputLock;
        this.chosen = new int[maxCandidates];
        this.switchRequests = new int[wiring.maxPorts * vcs];
        this.inputClaim = new int[wiring.maxPorts * vcs];
        this.outputClaim = new int[wiring.maxPorts];
    }

    // ---- VC allocation

    /**
     * The multi-output head of queue {@code iv} (local {@code l} at router {@code r}, ports from
     * {@code base}, router record {@code w0}) takes a free VC (the lowest its mask allows) on every
     * branch at once, or none and waits for a release here (marked blocked at {@code epoch}).
     * Granted before the allocator's requests of the cycle (a request for a VC claimed here is
     * dropped at the grant).
     */
    void claim(int r, int base, int w0, int iv, int l, int epoch, int tl) {
        final int[] v = vc;
        int x = iv << InputBuffers.VC_SHIFT;
        int n = -v[x + VcStates.CAND_COUNT];
        int cb = iv * (maxCandidates - 1);
        int slot = v[x + InputBuffers.FRONT_SLOT];
        int length = pool.length[slot];
        int replication = pool.replication[slot];
        if (replication != 0) {
            // a collective engine's replication time: the head waits before it claims its outputs,
            // which stay free for other packets meanwhile (latency, not output time)
            if (replication > 0) {
                pool.replication[slot] = -(tl + replication); // ready at that cycle
                return;
            }
            if (tl < -replication) {
                return;
            }
            pool.replication[slot] = 0;
        }
        if (holdAndWait) {
            if (!claimEach(iv, n, base, slot, length)) {
                v[x + VcStates.BLOCKED_AT] = epoch;
                return;
            }
        } else {
            if (!claimNone(iv, n, base, length)) {
                v[x + VcStates.BLOCKED_AT] = epoch;
                return;
            }
        }
        finishClaim(r, base, w0, iv, l, x, n, cb, slot, tl);
    }

    /** All or none (the GRB's rule): the free VC of every branch into {@link #chosen}, or false and nothing claimed. */
    private boolean claimNone(int iv, int n, int base, int length) {
        for (int k = 0; k < n; k++) {
            chosen[k] = freeVc(iv, k, base, length);
            if (chosen[k] < 0) {
                return false;
            }
        }
        return true;
    }

    /** The lowest output VC branch {@code k} of queue {@code iv} may take that is free with room for the packet, or -1. */
    private int freeVc(int iv, int k, int base, int length) {
        int ovBase = (base + states.candidatePort(iv, k)) * vcs;
        for (long mask = states.candidateMask(iv, k); mask != 0; mask &= mask - 1) {
            int ov = ovBase + Long.numberOfTrailingZeros(mask);
            if (owner[ov] < 0 && !(cutThrough && credits[ov] < length)) {
                return ov;
            }
        }
        return -1;
    }

    /** Hold and wait: claims every branch's VC that is free now and keeps the claims; true when all are held. */
    private boolean claimEach(int iv, int n, int base, int slot, int length) {
        if (held == null) {
            held = new int[Math.multiplyExact(vc.length >> InputBuffers.VC_SHIFT, maxCandidates)];
            Arrays.fill(held, -1);
        }
        int hb = iv * maxCandidates;
        boolean all = true;
        for (int k = 0; k < n; k++) {
            if (held[hb + k] >= 0) {
                chosen[k] = held[hb + k];
                continue;
            }
            int ov = freeVc(iv, k, base, length);
            chosen[k] = ov;
            if (ov >= 0) {
                owner[ov] = iv; // held from now on, whatever the other branches do
                ownerFlow[ov << 1] = pool.source[slot];
                ownerFlow[(ov << 1) + 1] = pool.destination[slot];
                held[hb + k] = ov;
            }
            all &= ov >= 0;
        }
        if (all) {
            for (int k = 0; k < n; k++) {
                held[hb + k] = -1;
            }
        }
        return all;
    }

    private void finishClaim(int r, int base, int w0, int iv, int l, int x, int n, int cb, int slot, int tl) {
        final int[] v = vc;
        for (int k = 0; k < n; k++) {
            int ov = chosen[k];
            owner[ov] = iv;
            ownerFlow[ov << 1] = pool.source[slot];
            ownerFlow[(ov << 1) + 1] = pool.destination[slot];
            if (states.candAtomic != null) {
                outputs.drainRelease[ov] = states.candAtomic[iv * states.candidateStride + k];
            }
            if (k == 0) {
                v[x + VcStates.OUT] = ov;
                v[x + VcStates.OUT_PORT] = ov / vcs - base;
            } else {
                states.candPort[cb + k - 1] = ov;
            }
        }
        v[x + VcStates.STATE] = VcStates.ACTIVE;
        v[x + VcStates.READY] = tl + vcAllocDelay[r];
        int word = w0 + (l >>> 6);
        rt[word + ActiveRouters.VA] &= ~(1L << l);
        // a multi-output VC stays in the switch mask while it holds flits: the switch stage checks
        // the credits of every branch
        rt[word + rSa] |= 1L << l;
    }

    // ---- switch allocation

    /**
     * The {@code multis} queues of {@link #switchRequests} first: a flit whose branches all have a
     * free output (not taken this cycle, link free) with a credit crosses to all of them at once
     * ({@link #traverse}); of the switch stage's {@code count} requests, it then keeps only those
     * whose crossbar input and output are still free. Returns the number kept.
     */
    int crossFirst(int r, int base, int ivBase, int count, int multis, long t, int tl) {
        int stamp = ++claimStamp;
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(inputClaim, 0);
            Arrays.fill(outputClaim, 0);
            stamp = claimStamp = 1;
        }
        for (int m = 0; m < multis; m++) {
            int l = switchRequests[m];
            int iv = ivBase + l;
            int x = iv << InputBuffers.VC_SHIFT;
            int input = vcInputs ? l : localPort[localBase[r] + l];
            if (inputClaim[input] == stamp) {
                continue;
            }
            if (inputLock != null) {
                int lockOwner = inputLock[base + localPort[localBase[r] + l]];
                if (lockOwner != 0 && lockOwner != iv + 1) {
                    continue; // another VC's packet holds the port's crossbar input to its tail
                }
            }
            int n = -vc[x + VcStates.CAND_COUNT];
            int cb = iv * (maxCandidates - 1);
            boolean free = true;
            for (int k = 0; k < n && free; k++) {
                int ov = k == 0 ? vc[x + VcStates.OUT] : states.candPort[cb + k - 1];
                int o = ov / vcs - base;
                free = outputClaim[o] != stamp && credits[ov] > 0 && !(serialised && tl - linkFree[base + o] < 0)
                        && (outputLock == null || outputLock[base + o] == 0); // not sending another packet to its tail
            }
            if (!free) {
                continue;
            }
            inputClaim[input] = stamp;
            for (int k = 0; k < n; k++) {
                int ov = k == 0 ? vc[x + VcStates.OUT] : states.candPort[cb + k - 1];
                outputClaim[ov / vcs - base] = stamp;
            }
            traverse(r, base, ivBase, l, t, tl);
        }
        AllocationStage s = switchStage;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int port = perVc ? s.output[i] / vcs : s.output[i];
            if (inputClaim[s.input[i]] == stamp || outputClaim[port] == stamp) {
                continue;
            }
            s.input[kept] = s.input[i];
            s.output[kept] = s.output[i];
            s.sub[kept] = s.sub[i];
            s.priority[kept] = s.priority[i];
            s.age[kept] = s.age[i];
            s.outputVc[kept] = s.outputVc[i];
            kept++;
        }
        return kept;
    }

    // ---- crossing

    /**
     * Moves the front flit of local input VC {@code l}, whose packet has a multi-output route, to
     * every branch at once: read once from the buffer (one credit back upstream), one credit of
     * each branch's output VC, one flit-hop per branch. When the head crosses, every branch after
     * the first gets a copy of the packet (a new id, reported as replicated), which its flits carry
     * from then on; a copy or the packet itself that leaves through a terminal port is delivered to
     * that port's node. When the tail has crossed, every branch's output VC is released.
     */
    void traverse(int r, int base, int ivBase, int l, long t, int tl) {
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
        int cb = iv * (maxCandidates - 1);
        if (copies == null) {
            copies = new int[Math.multiplyExact(vc.length >> InputBuffers.VC_SHIFT, maxCandidates)];
        }
        int copyBase = iv * maxCandidates;
        for (int k = 0; k < n; k++) {
            int ov = k == 0 ? state[x + VcStates.OUT] : states.candPort[cb + k - 1];
            int gpOut = ov / vcs;
            int o = gpOut - base;
            int left = --credits[ov];
            if (left < 0) {
                throw crossbar.creditBelowZero(ov, slot, t);
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
                if (sent == 1 && ++pool.hops[flit] > crossbar.hopLimit) {
                    throw crossbar.livelock(flit, r, o, t);
                }
            } else {
                if (sent == 1) {
                    // a branch to a terminal port delivers there
                    pool.destination[flit] = terminalNode[gpOut];
                }
                if (++pool.ejected[flit] > length) {
                    throw crossbar.tooManyFlits(flit, t);
                }
                long arrival = t + flitDelay[gpOut];
                creditEvents.add(arrival + ejectCreditReturn, ov);
                if (sent == length) {
                    interfaces.deliverAt(arrival, flit);
                }
            }
            progress.flitHops++;
            if (sent == length) {
                if (outputs.tailWaits && (waitForTailCredit || outputs.drainRelease[ov])) {
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
        p.arrivalClass[copy] = p.arrivalClass[slot];
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
}
