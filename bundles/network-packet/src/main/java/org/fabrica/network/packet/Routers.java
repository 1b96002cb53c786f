package org.fabrica.network.packet;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.kernel.SimulationException;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;

/**
 * The routers: input VC buffers (FIFOs of whole packets), route computation, VC allocation and
 * switch allocation at packet granularity, and the sending of a whole packet.
 *
 * <p>A packet's head is at the front of its input VC at A (its arrival, or the cycle after the
 * previous packet's tail left the VC); it is routed at A + R and asks for a downstream VC from
 * then on, every cycle in which something it waits for may have changed; a VC is free when no
 * packet owns it and its credits hold the whole packet (virtual cut-through). Granted in x, it asks
 * for the switch from x + VA; granted in y, its flits leave one every c cycles of the output's
 * link, the tail at {@code max(y + (F-1) c, tail visible)}: the output is held to the tail (whole
 * packets on links), and with a shared crossbar the input port too. The allocators are the
 * hardware model's parts, asked with the flit model's requests, once per cycle in which heads ask
 * (a flit model asks them for every flit too, but a held output or input takes only its packet's
 * flits, so the pointers move alike).
 *
 * <p>Queues: one per input VC, or with VOQ crossbars one per input VC and output port of its
 * router, numbered as the flit model numbers them (router-local queue
 * {@code (port * vcs + vc) * ports + output}, the allocators' input): a head is routed when it
 * arrives ({@link RouteComputation#arrival}) and joins the queue of its output, so a blocked head
 * holds back only the packets of its VC bound to the same output. The VC's credits count all its
 * queues. Below, "queue" is an input VC when crossbars are not VOQ.
 */
final class Routers {
    static final byte IDLE = 0;
    static final byte ROUTING = 1;
    static final byte WAIT_VC = 2;
    static final byte ACTIVE = 3;
    private final Wiring w;
    private final PacketPool pool;
    private final CreditCounters credits;
    private final RouteComputation route;
    private final EventQueue events;
    private final Progress progress;
    private final int vcs;
    private final boolean shared;
    /** One crossbar per VC ({@code per-vc}): each output's arbiter chooses among the crossbars' winners. */
    private final boolean perVc;
    /** With per-VC crossbars, the output arbiters; else null. */
    private final OutputArbiters arbiters;
    private final int queueCapacity;
    private final int maxCandidates;
    /** VOQ crossbars: one queue per input VC and output port; else one per input VC. */
    private final boolean voq;
    /** How queues and masks are numbered; the arrays below are its own, kept here for the hot path. */
    final QueueLayout layout;
    private final int[] queuesPerVc;
    private final int[] queueBase;
    private final int[] queueRouter;
    /** Candidates kept per queue beyond the first (in its record): none with VOQ, else the routing's most - 1. */
    private final int candStride;
    // per queue: its packets (a ring of pool slots), and its record
    private final int[] fifo;
    /**
     * Per queue, one record of {@code 1 << REC_SHIFT} longs (64 bytes: one cache line, the array's
     * first {@link #REC_LEAD} longs skipped so that with a 16-byte header and a 64-byte aligned
     * array each record fills one line), so that looking at a head is one memory read:
     * {@code rec[(q << REC_SHIFT) + REC_LEAD + field]}. Fields: the cycle its stage may proceed
     * ({@link #AT}), the cycle its next packet may come to the front ({@link #FROM}), its pending
     * wake-up ({@link #WAKE}, -1: none), the output VC it holds ({@link #OUT}), its first
     * candidate's port and VC mask ({@link #PORT0}, {@link #MASK0}), state and candidate count
     * ({@link #INFO}: bits 0-7 and 8-39), and the ring's head and size ({@link #RING}: low and high
     * 32 bits).
     */
    private final long[] rec;
    static final int REC_SHIFT = 3;
    static final int REC_LEAD = 6;
    private static final int AT = 0;
    private static final int FROM = 1;
    private static final int WAKE = 2;
    private static final int OUT = 3;
    private static final int PORT0 = 4;
    private static final int MASK0 = 5;
    private static final int INFO = 6;
    private static final int RING = 7;
    /**
     * Per output VC: the heads of its router that may take it (bits over the router's local input
     * VCs; with VOQ, bit v stands for VC v's queue to the output VC's port). When the VC becomes
     * free (released, and room for a packet back) they look again, all in one visit; a head that
     * waits long costs nothing in between.
     */
    private final long[] waitOn;
    private final int[] waitOnBase;
    private final int[] vcWordBase;
    /** Per output VC: the cycle of its pending "free" event, to send each one once. */
    private final long[] vcEventAt;
    private final int packetFlits;
    /** Candidates 1.. of each queue's head ({@link #candStride} per queue); the first is in its record. */
    private final int[] candPort;
    private final long[] candMask;
    /** Route computation's answer, before it is kept. */
    private final int[] routePort;
    private final long[] routeMask;
    // per router: the heads to look at in its next visit, as bit words over its local queues
    private final int[] wordBase;
    private final long[] due;
    /**
     * Per router: which of its {@link #due} words have a bit set, so that a visit reads only those
     * (a 48-port switch with VOQ has 144 words of queues, few of them due at once).
     */
    private final long[] dueWords;
    private final int[] summaryBase;
    /** The due words of the router being visited. */
    private final int[] dueList;
    private final long[] visitedAt;
    private final long[] scheduledAt;
    // per global port
    private final long[] outFreeAt;
    private final long[] inFreeAt;
    // per output VC
    final int[] owner;
    final long[] ownerFreeAt;
    private final int[][] vcPriority;
    // the allocator parts
    private final CheckedAllocator vaAllocator;
    private final CheckedAllocator saAllocator;
    private final AllocationRequests vaRequests;
    private final AllocationRequests saRequests;
    private final int[] grants;
    private final int[] vaRequestOv;
    private final int[] saRequestIv;
    private final long livelockHops;
    /** Receives packets whose tails reach a network interface, and returned interface credits. */
    Interfaces interfaces;
    /** The transmit-wait counters, told of every change of an output VC once a scheme reads them. */
    TransmitWait waits;
    /** Whether {@link #waits} counts (a scheme read one): read on the hot path without a second load. */
    boolean countWaits;
    /** Link errors and retransmission (null: lossless links). */
    UnicastRetransmission losses;
    private final int receiveOverhead;

    Routers(Wiring w, PacketPool pool, CreditCounters credits, RouteComputation route, EventQueue events,
            Progress progress, CrossbarOrganisation organisation, Allocator va, String vaName,
            Allocator sa, String saName, Allocator arbiter, String arbiterName, long livelockHops, int receiveOverhead,
            int packetFlits) {
        this.packetFlits = packetFlits;
        this.perVc = organisation == CrossbarOrganisation.PER_VC;
        this.w = w;
        this.pool = pool;
        this.credits = credits;
        this.route = route;
        this.events = events;
        this.progress = progress;
        this.vcs = w.vcs;
        this.shared = organisation == CrossbarOrganisation.SHARED;
        this.queueCapacity = w.maxCapacityPackets + 1;
        this.maxCandidates = route.maxCandidates;
        this.voq = organisation == CrossbarOrganisation.VOQ;
        this.layout = new QueueLayout(w, voq);
        this.queuesPerVc = layout.queuesPerVc;
        this.queueBase = layout.queueBase;
        this.queueRouter = layout.queueRouter;
        int vcTotal = queueBase[w.routers];
        this.candStride = voq ? 0 : maxCandidates - 1;
        this.fifo = new int[Math.multiplyExact(vcTotal, queueCapacity)];
        this.rec = new long[Math.addExact(Math.multiplyExact(vcTotal, 1 << REC_SHIFT), REC_LEAD)];
        for (int q = 0; q < vcTotal; q++) {
            rec[rx(q) + WAKE] = -1;
        }
        this.candPort = new int[Math.multiplyExact(vcTotal, candStride)];
        this.candMask = new long[Math.multiplyExact(vcTotal, candStride)];
        this.routePort = new int[maxCandidates];
        this.routeMask = new long[maxCandidates];
        this.wordBase = layout.wordBase;
        this.vcWordBase = layout.vcWordBase;
        this.due = new long[wordBase[w.routers]];
        this.summaryBase = layout.summaryBase;
        this.dueWords = new long[summaryBase[w.routers]];
        this.dueList = new int[layout.mostWords];
        this.waitOnBase = layout.waitOnBase;
        this.waitOn = new long[waitOnBase[w.routers]];
        int ovTotal = w.totalPorts * vcs;
        this.vcEventAt = new long[ovTotal];
        java.util.Arrays.fill(vcEventAt, -1);
        this.visitedAt = new long[w.routers];
        this.visits = new int[w.routers];
        this.scheduledAt = new long[w.routers];
        java.util.Arrays.fill(visitedAt, -1);
        java.util.Arrays.fill(scheduledAt, -1);
        this.outFreeAt = new long[w.totalPorts];
        this.inFreeAt = new long[w.totalPorts];
        this.owner = new int[ovTotal];
        java.util.Arrays.fill(owner, -1);
        this.ownerFreeAt = new long[ovTotal];
        this.vcPriority = w.vcPriority;
        int localVcs = w.maxPorts * vcs;
        int localQueues = localVcs * (voq ? w.maxPorts : 1);
        this.vaAllocator = new CheckedAllocator(va, vaName, "VC allocation", localQueues);
        this.saAllocator = new CheckedAllocator(sa, saName, "switch allocation", localQueues);
        this.arbiters = perVc ? new OutputArbiters(arbiter, arbiterName, localQueues, vcs, w.vcPriority, pool) : null;
        this.vaRequests = AllocationRequests.withCapacity(Math.max(1, Math.max(localVcs * maxCandidates, localQueues) * vcs));
        this.saRequests = AllocationRequests.withCapacity(localQueues);
        this.vaRequestOv = new int[vaRequests.capacity()];
        this.saRequestIv = new int[localQueues];
        this.grants = new int[Math.max(vaRequests.capacity(), localQueues)];
        this.livelockHops = livelockHops;
        this.receiveOverhead = receiveOverhead;
    }

    /** The packet at the front of queue {@code q} (only when it holds one). */
    int front(int q) {
        return fifo[q * queueCapacity + (int) rec[rx(q) + RING]];
    }

    /** Where queue {@code q}'s record starts. */
    private static int rx(int q) {
        return (q << REC_SHIFT) + REC_LEAD;
    }

    int state(int q) {
        return (int) rec[rx(q) + INFO] & 0xFF;
    }

    int candidates(int q) {
        return (int) (rec[rx(q) + INFO] >>> 8);
    }

    int outVc(int q) {
        return (int) rec[rx(q) + OUT];
    }

    /** Candidate {@code k}'s output port of the head of queue {@code q}. */
    int candPort(int q, int k) {
        return k == 0 ? (int) rec[rx(q) + PORT0] : candPort[q * candStride + k - 1];
    }

    long candMask(int q, int k) {
        return k == 0 ? rec[rx(q) + MASK0] : candMask[q * candStride + k - 1];
    }

    /** The router of queue {@code q}. */
    int routerOf(int q) {
        return voq ? queueRouter[q] : w.portRouter[q / vcs];
    }

    /** The input VC of queue {@code q} of router {@code r}. */
    int vcOf(int q, int r) {
        return voq ? w.portBase[r] * vcs + (q - queueBase[r]) / queuesPerVc[r] : q;
    }

    /**
     * Packets that arrived in a queue and have not left it: counted as they come and go, since
     * summing the queues at every safe point (a million of them at k = 48 with VOQ) cost 4% of a run.
     */
    private long buffered;

    /** Routers with heads due in the current cycle, in the order the first came due. */
    private final int[] visits;
    private int visitCount;

    /**
     * The packet in {@code slot} arrives in input VC {@code iv} of router {@code r}: its head
     * visible at headVisible[slot]. With VOQ it is routed now and joins the queue of its output.
     */
    void arrive(int r, int iv, int slot) {
        if (voq) {
            int local = iv - w.portBase[r] * vcs;
            int port = route.arrival(r, local / vcs, slot, progress.now);
            iv = queueBase[r] + local * queuesPerVc[r] + port;
        }
        int x = rx(iv);
        long ring = rec[x + RING];
        int size = (int) (ring >>> 32);
        if (size == queueCapacity) {
            int vc = vcOf(iv, r);
            throw new SimulationException("input VC " + (vc % vcs) + " of " + w.portName(vc / vcs) + " overflowed: "
                    + size + " packets buffered (credit accounting violated)");
        }
        int i = (int) ring + size;
        if (i >= queueCapacity) {
            i -= queueCapacity;
        }
        fifo[iv * queueCapacity + i] = slot;
        rec[x + RING] = ring + (1L << 32);
        buffered++;
        if (size == 0) {
            becomeFront(r, iv, slot);
        }
    }

    private void becomeFront(int r, int iv, int slot) {
        int x = rx(iv);
        long a = Math.max(pool.headVisible(slot), rec[x + FROM]) + w.routingDelay[r];
        rec[x + INFO] = (rec[x + INFO] & ~0xFFL) | ROUTING;
        rec[x + AT] = a;
        wakeHead(iv, a);
    }

    /** Head of queue {@code iv} looks again in cycle {@code t} (a later cycle than the routers' turn now). */
    void wakeHead(int iv, long t) {
        int x = rx(iv) + WAKE;
        if (rec[x] == t) {
            return;
        }
        rec[x] = t;
        events.add(t, EventQueue.HEAD, iv);
    }

    /** A head's wake-up is due: its router looks at it in this cycle's routers' turn. */
    void headDue(int iv, long t) {
        int r = routerOf(iv);
        int local = iv - queueBase[r];
        int i = local >>> 6;
        due[wordBase[r] + i] |= 1L << local;
        dueWords[summaryBase[r] + (i >>> 6)] |= 1L << i;
        if (scheduledAt[r] != t) {
            scheduledAt[r] = t;
            visits[visitCount++] = r;
        }
    }

    /**
     * Visits the routers whose heads are due in cycle {@code t}, in the order their first head came
     * due (routers do not interact within a cycle: every effect of a visit lands in a later cycle).
     */
    void visitDue(long t) {
        for (int i = 0; i < visitCount; i++) {
            step(visits[i], t);
        }
        visitCount = 0;
    }

    /**
     * Output VC {@code ov} changed in cycle {@code t} (released, or room on its way back): when it
     * will be free for a packet, its waiting heads look again (one event for them all).
     */
    private void vcChanged(int ov, long t) {
        if (countWaits) {
            waits.changed(ov, t);
        }
        if (owner[ov] >= 0) {
            return; // its owner's sending will tell
        }
        if (!waitedFor(ov)) {
            return; // the first head to wait for it asks for the event (wakeWhenFree)
        }
        wakeWhenFree(ov, t);
    }

    /** Whether a head of its router waits for output VC {@code ov}. */
    private boolean waitedFor(int ov) {
        int r = w.portRouter[ov / vcs];
        int b = waitMask(r, ov);
        for (int i = 0, words = vcWordBase[r + 1] - vcWordBase[r]; i < words; i++) {
            if (waitOn[b + i] != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The event that wakes the heads waiting for output VC {@code ov} (without an owner) when it is
     * next free for a packet, as its state stands in cycle {@code t}.
     */
    private void wakeWhenFree(int ov, long t) {
        long fit = credits.fitTime(ov, packetFlits, t);
        if (fit == Long.MAX_VALUE) {
            return; // the packet that leaves downstream will tell
        }
        long when = Math.max(t + 1, Math.max(fit, ownerFreeAt[ov]));
        if (vcEventAt[ov] == when) {
            return;
        }
        vcEventAt[ov] = when;
        events.add(when, EventQueue.VC_FREE, ov);
    }

    /** Output VC {@code ov} may be free now: the heads that may take it are due in this cycle's routers' turn. */
    void vcFree(int ov, long t) {
        if (owner[ov] >= 0) {
            return;
        }
        int r = w.portRouter[ov / vcs];
        int b = waitMask(r, ov);
        int w0 = wordBase[r];
        int words = vcWordBase[r + 1] - vcWordBase[r];
        long any = 0;
        if (!voq) {
            for (int i = 0; i < words; i++) {
                long bits = waitOn[b + i];
                if (bits != 0) {
                    due[w0 + i] |= bits;
                    dueWords[summaryBase[r] + (i >>> 6)] |= 1L << i;
                    any |= bits;
                }
            }
        } else {
            // bit v: VC v's queue to this port
            int port = ov / vcs - w.portBase[r];
            int queues = queuesPerVc[r];
            for (int i = 0; i < words; i++) {
                long bits = waitOn[b + i];
                any |= bits;
                while (bits != 0) {
                    int l = (((i << 6) + Long.numberOfTrailingZeros(bits)) * queues) + port;
                    bits &= bits - 1;
                    due[w0 + (l >>> 6)] |= 1L << l;
                    dueWords[summaryBase[r] + (l >>> 12)] |= 1L << (l >>> 6);
                }
            }
        }
        if (any != 0 && scheduledAt[r] != t) {
            scheduledAt[r] = t;
            visits[visitCount++] = r;
        }
    }

    /** The first word of output VC {@code ov}'s wait mask ({@code ov} of router {@code r}). */
    private int waitMask(int r, int ov) {
        return waitOnBase[r] + (ov - w.portBase[r] * vcs) * (vcWordBase[r + 1] - vcWordBase[r]);
    }

    private void waitFor(int r, int iv, boolean on) {
        int local = (iv - queueBase[r]) / queuesPerVc[r]; // the queue's input VC
        int base = w.portBase[r];
        int words = vcWordBase[r + 1] - vcWordBase[r];
        int first = waitOnBase[r] - w.portBase[r] * vcs * words + (local >>> 6);
        long bit = 1L << local;
        for (int k = 0, n = candidates(iv); k < n; k++) {
            int ovBase = (base + candPort(iv, k)) * vcs;
            for (long m = candMask(iv, k); m != 0; m &= m - 1) {
                int i = first + (ovBase + Long.numberOfTrailingZeros(m)) * words;
                if (on) {
                    waitOn[i] |= bit;
                } else {
                    waitOn[i] &= ~bit;
                }
            }
        }
        if (countWaits) {
            for (int k = 0, n = candidates(iv); k < n; k++) {
                int ovBase = (base + candPort(iv, k)) * vcs;
                for (long m = candMask(iv, k); m != 0; m &= m - 1) {
                    waits.changed(ovBase + Long.numberOfTrailingZeros(m), progress.now);
                }
            }
        }
    }

    /**
     * Router {@code r}'s cycle {@code t}: the heads due now are routed, ask for a VC, ask for the
     * switch; those that did not move name the cycle they look again, or wait for their ports.
     */
    void step(int r, long t) {
        if (visitedAt[r] == t) {
            return;
        }
        visitedAt[r] = t;
        int qBase = queueBase[r];
        int queues = queuesPerVc[r];
        int w0 = wordBase[r];
        int nw = 0;
        for (int sw = summaryBase[r], s0 = sw; sw < summaryBase[r + 1]; sw++) {
            for (long sb = dueWords[sw]; sb != 0; sb &= sb - 1) {
                dueList[nw++] = w0 + ((sw - s0) << 6) + Long.numberOfTrailingZeros(sb);
            }
            dueWords[sw] = 0;
        }
        int[] words = dueList;
        // route computation and the VC allocator's requests
        int count = 0;
        for (int j = 0; j < nw; j++) {
            int wd = words[j];
            long bits = due[wd];
            while (bits != 0) {
                int l = ((wd - w0) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = qBase + l;
                int x = rx(iv);
                int st = (int) rec[x + INFO] & 0xFF;
                if (st == ROUTING && rec[x + AT] <= t) {
                    int slot = front(iv);
                    int n;
                    if (voq) {
                        // routed on arrival: the VCs of its queue's output
                        int port = l % queues;
                        n = 1;
                        rec[x + PORT0] = port;
                        rec[x + MASK0] = route.queueMask(r, port, slot);
                    } else {
                        n = route.route(r, l / vcs, slot, routePort, routeMask, 0, t);
                        rec[x + PORT0] = routePort[0];
                        rec[x + MASK0] = routeMask[0];
                        for (int k = 1; k < n; k++) {
                            candPort[iv * candStride + k - 1] = routePort[k];
                            candMask[iv * candStride + k - 1] = routeMask[k];
                        }
                    }
                    st = WAIT_VC;
                    rec[x + INFO] = ((long) n << 8) | WAIT_VC;
                    waitFor(r, iv, true);
                }
                if (st == WAIT_VC) {
                    count = request(r, iv, l, count, t);
                }
            }
        }
        if (count > 0) {
            grantVcs(r, qBase, count, t);
        }
        // switch allocation: one request per input VC whose packet may start now
        AllocationRequests sq = saRequests;
        count = 0;
        for (int j = 0; j < nw; j++) {
            int wd = words[j];
            long bits = due[wd];
            while (bits != 0) {
                int l = ((wd - w0) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = qBase + l;
                int x = rx(iv);
                if (((int) rec[x + INFO] & 0xFF) != ACTIVE || rec[x + AT] > t) {
                    continue;
                }
                int ov = (int) rec[x + OUT];
                int o = ov / vcs;
                if (outFreeAt[o] > t || (shared && inFreeAt[iv / vcs] > t)) {
                    continue;
                }
                int slot = front(iv);
                if (shared) {
                    sq.input()[count] = l / vcs;
                    sq.sub()[count] = l % vcs;
                } else {
                    sq.input()[count] = l;
                    sq.sub()[count] = 0;
                }
                // per-VC crossbars: the crossbar of the input's VC, its output slot (port, VC)
                sq.output()[count] = perVc ? (o - w.portBase[r]) * vcs + l % vcs : o - w.portBase[r];
                sq.rank()[count] = 0;
                if (saAllocator.usesPriority) {
                    sq.priority()[count] = vcPriority[r][l / queues % vcs];
                }
                if (saAllocator.usesAge) {
                    sq.age()[count] = pool.created(slot);
                }
                if (saAllocator.usesOutputVc) {
                    sq.outputVc()[count] = ov % vcs;
                }
                saRequestIv[count] = iv;
                count++;
            }
        }
        if (count > 0) {
            int n = saAllocator.allocate(r, count, sq, grants, t);
            if (perVc) {
                n = arbiters.arbitrate(r, w.ports(r), n, sq, grants, saRequestIv, this, t);
            }
            for (int k = 0; k < n; k++) {
                int iv = saRequestIv[grants[k]];
                int local = iv - qBase;
                due[w0 + (local >>> 6)] &= ~(1L << local);
                send(r, iv, t);
            }
        }
        // the heads that did not move: when to look again
        for (int j = 0; j < nw; j++) {
            int wd = words[j];
            long bits = due[wd];
            due[wd] = 0;
            while (bits != 0) {
                int l = ((wd - w0) << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = qBase + l;
                int x = rx(iv);
                long when;
                switch ((int) rec[x + INFO] & 0xFF) {
                    case ACTIVE -> {
                        int o = (int) rec[x + OUT] / vcs;
                        when = Math.max(rec[x + AT], outFreeAt[o]);
                        if (shared) {
                            when = Math.max(when, inFreeAt[iv / vcs]);
                        }
                    }
                    case WAIT_VC -> when = freeNext(r, iv, t) ? t + 1 : waitForEvents(r, iv, t);
                    case ROUTING -> when = rec[x + AT];
                    default -> when = Long.MAX_VALUE;
                }
                if (when != Long.MAX_VALUE) {
                    wakeHead(iv, Math.max(when, t + 1));
                }
            }
        }
    }

    /** Adds the VC requests of the head in input VC {@code iv}: every free candidate VC that holds the whole packet. */
    private int request(int r, int iv, int l, int count, long t) {
        int slot = front(iv);
        int length = pool.length(slot);
        int base = w.portBase[r];
        AllocationRequests q = vaRequests;
        for (int k = 0, n = candidates(iv); k < n; k++) {
            int port = candPort(iv, k);
            long mask = candMask(iv, k);
            int ovBase = (base + port) * vcs;
            while (mask != 0) {
                int c = Long.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                int ov = ovBase + c;
                if (owner[ov] >= 0 || ownerFreeAt[ov] > t || credits.credits(ov, t) < length) {
                    continue;
                }
                q.input()[count] = l;
                q.output()[count] = port * vcs + c;
                q.sub()[count] = 0;
                q.rank()[count] = k;
                if (vaAllocator.usesPriority) {
                    q.priority()[count] = vcPriority[r][l / queuesPerVc[r] % vcs];
                }
                if (vaAllocator.usesAge) {
                    q.age()[count] = pool.created(slot);
                }
                vaRequestOv[count] = ov;
                count++;
            }
        }
        return count;
    }

    private void grantVcs(int r, int qBase, int count, long t) {
        int n = vaAllocator.allocate(r, count, vaRequests, grants, t);
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            int iv = qBase + vaRequests.input()[i];
            int ov = vaRequestOv[i];
            owner[ov] = iv;
            int x = rx(iv);
            rec[x + OUT] = ov;
            rec[x + INFO] = (rec[x + INFO] & ~0xFFL) | ACTIVE;
            rec[x + AT] = t + w.vcAllocDelay[r];
            waitFor(r, iv, false);
        }
    }

    /** The whole packet at the front of queue {@code iv} of router {@code r} leaves from cycle {@code t}. */
    private void send(int r, int iv, long t) {
        int slot = front(iv);
        int f = pool.length(slot);
        int x = rx(iv);
        int ov = (int) rec[x + OUT];
        int o = ov / vcs;
        int c = w.cyclesPerFlit[o];
        long tail = Math.max(t + (long) (f - 1) * c, pool.tailVisible(slot));
        outFreeAt[o] = tail + c;
        int vc = vcOf(iv, r);
        int in = vc / vcs;
        if (shared) {
            inFreeAt[in] = tail + 1;
        }
        owner[ov] = -1;
        ownerFreeAt[ov] = tail + 1;
        // a flit sent in cycle y is counted from y + 1: what a reader sees before the routers' turn of y
        credits.ramp(ov, true, f, t + 1, c, tail + 1, t);
        // the credits of the slots it frees go back to whoever fed this buffer
        int cr = w.creditReturn[in];
        int node = w.terminalNode[in];
        int upstream = node >= 0 ? w.interfaceCounter(node) + vc % vcs : w.peerPort[in] * vcs + vc % vcs;
        credits.ramp(upstream, false, f, t + cr, c, tail + cr, t);
        if (node >= 0) {
            interfaces.creditsReturned(node, upstream, f, t);
        } else {
            vcChanged(upstream, t);
        }
        // the next packet of this queue comes to the front after the tail
        rec[x + FROM] = tail + 1;
        long ring = rec[x + RING];
        int head = (int) ring + 1;
        int left = (int) (ring >>> 32) - 1;
        rec[x + RING] = ((long) left << 32) | (head == queueCapacity ? 0 : head);
        buffered--;
        if (left > 0) {
            becomeFront(r, iv, front(iv));
        } else {
            rec[x + INFO] &= ~0xFFL; // IDLE
        }
        Progress pr = progress;
        pr.flitHops += f;
        pr.lastMove = t;
        int fd = w.flitDelay[o];
        int peer = w.peerPort[o];
        if (peer == Wiring.TERMINAL) {
            int dst = w.terminalNode[o];
            if (dst != pool.destination(slot)) {
                throw new SimulationException("routing '" + route.routingName + "' delivered " + pool.name(slot)
                        + " to node " + dst + " through " + w.portName(o));
            }
            // the ejection buffer drains at once: its credits come back as the flits arrive
            int ecr = fd + w.ejectCreditReturn;
            credits.ramp(ov, false, f, t + ecr, c, tail + ecr, t);
            if (losses == null) {
                events.add(tail + fd + receiveOverhead, EventQueue.DELIVER, slot);
            } else {
                // the CRC check when the tail arrives: delivered after the receive overhead, or dropped then
                losses.tailSent(tail, r, o, slot);
                events.add(tail + fd, EventQueue.DELIVER, slot);
            }
            pr.ejecting++;
            vcChanged(ov, t);
            return;
        }
        int hops = pool.hop(slot);
        if (hops > livelockHops) {
            throw new SimulationException("livelock: " + pool.name(slot) + " crossed " + hops + " links; routing '"
                    + route.routingName + "' keeps it in the network (limit livelockHopsPerRouter x routers = "
                    + livelockHops + ")");
        }
        pool.visible(slot, t + fd, tail + fd);
        int dr = w.portRouter[peer];
        arrive(dr, peer * vcs + ov % vcs, slot);
        vcChanged(ov, t);
    }

    /**
     * True when a candidate VC of the head in {@code iv} is free in cycle {@code t + 1}: a head that
     * lost the allocation to another asks again then; otherwise the events of its VCs wake it.
     */
    private boolean freeNext(int r, int iv, long t) {
        int length = pool.length(front(iv));
        int base = w.portBase[r];
        for (int k = 0, n = candidates(iv); k < n; k++) {
            int ovBase = (base + candPort(iv, k)) * vcs;
            for (long m = candMask(iv, k); m != 0; m &= m - 1) {
                int ov = ovBase + Long.numberOfTrailingZeros(m);
                if (owner[ov] < 0 && ownerFreeAt[ov] <= t + 1 && credits.creditsAt(ov, t + 1) >= length) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The head of {@code iv}, none of whose candidate VCs is free next cycle, waits for their
     * events: a VC changes without an event while no head waits for it, so each of them without an
     * owner gets the event of its next free cycle now (an owned one's sending will tell).
     * Returns {@link Long#MAX_VALUE}: the head names no cycle of its own.
     */
    private long waitForEvents(int r, int iv, long t) {
        int base = w.portBase[r];
        for (int k = 0, n = candidates(iv); k < n; k++) {
            int ovBase = (base + candPort(iv, k)) * vcs;
            for (long m = candMask(iv, k); m != 0; m &= m - 1) {
                int ov = ovBase + Long.numberOfTrailingZeros(m);
                if (owner[ov] < 0) {
                    wakeWhenFree(ov, t);
                }
            }
        }
        return Long.MAX_VALUE;
    }

    /** The most flits of the packets whose heads wait for output VC {@code ov} (0: none waits). */
    int longestWaitingFor(int ov) {
        int r = w.portRouter[ov / vcs];
        int b = waitMask(r, ov);
        int qBase = queueBase[r];
        int queues = queuesPerVc[r];
        int port = ov / vcs - w.portBase[r];
        int longest = 0;
        for (int i = 0, words = vcWordBase[r + 1] - vcWordBase[r]; i < words; i++) {
            for (long bits = waitOn[b + i]; bits != 0; bits &= bits - 1) {
                int local = (i << 6) + Long.numberOfTrailingZeros(bits);
                // bit: the input VC of the head; with VOQ, its queue to this output
                int q = qBase + (voq ? local * queues + port : local);
                longest = Math.max(longest, pool.length(front(q)));
            }
        }
        return longest;
    }

    /** Packets in router buffers. */
    long bufferedPackets() {
        return buffered;
    }

    /** Whether queue {@code q} holds a packet. */
    boolean holdsPacket(int q) {
        return (int) (rec[rx(q) + RING] >>> 32) != 0;
    }

}
