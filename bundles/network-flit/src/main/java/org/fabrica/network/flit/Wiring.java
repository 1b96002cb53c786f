package org.fabrica.network.flit;

import org.fabrica.topology.Topology;

/**
 * The topology as flat arrays, checked once: global port numbers ({@code portBase[r] + local
 * port}), what every output port feeds (a downstream input port, a network interface, nothing),
 * where every input port returns its credits, where every node injects, and the index spaces of
 * input VCs ({@code globalPort * vcs + vc}) and of the credit counters (output VCs in the same
 * space, then the network interfaces' counters from {@link #niCreditBase}).
 */
final class Wiring {
    /** {@link #flitTarget} of a terminal output port (feeds a network interface). */
    static final int TERMINAL = -1;
    /** {@link #flitTarget} of an unconnected port. */
    static final int UNUSED = -2;

    final Topology topology;
    final int routers;
    final int nodes;
    final int vcs;
    final int maxPorts;
    final int totalPorts;
    final int[] portBase;
    final int[] portRouter;
    final int[] portLocal;
    /** The global input port at the other end of an output port's link, -1 for terminal or unused ports. */
    final int[] peerPort;
    /** The node attached to a port, or -1. */
    final int[] terminalNode;
    /** Input-VC base (peer global port * vcs) that an output port feeds, or TERMINAL / UNUSED. */
    final int[] flitTarget;
    final int[] flitTargetRouter;
    /** Local VC index base (peer local port * vcs) in the downstream router. */
    final int[] flitTargetLocal;
    /** Credit index base that an input port returns its credits to (upstream output VCs or NI), or -1. */
    final int[] creditTarget;
    final int[] nodeRouter;
    /** Global input port through which a node injects. */
    final int[] nodeInPort;
    /** First NI credit counter: NI credits are {@code niCreditBase + node * vcs + vc}. */
    final int niCreditBase;
    /** One queue per input VC and output port (VOQ crossbar access), else one queue per input VC. */
    final boolean voq;
    /**
     * Per router: queues per input VC, its own port count with VOQ crossbar access (a 3-port network
     * interface gets 3 per VC, a 48-port switch 48), else 1. A router's local queue index is
     * {@code (port * vcs + vc) * queuesPerVc[r] + output}.
     */
    final int[] queuesPerVc;
    /** The largest of {@link #queuesPerVc}. */
    final int maxQueuesPerVc;
    /** Per router, and one past the last: the global index of its local queue 0. */
    final int[] queueBase;
    /** Per global input VC: its queue to output 0 (with VOQ; the VC itself otherwise). */
    final int[] firstQueue;
    /**
     * Port, VC and output port (0 for FIFO queues) of a router-local queue index {@code l}:
     * {@code localPort[localBase[r] + l]}. Routers with the same queues per VC share one section.
     */
    final int[] localPort;
    final int[] localVc;
    final int[] localOut;
    /** Per router: its section of {@link #localPort}, {@link #localVc} and {@link #localOut}. */
    final int[] localBase;
    /** Router and local VC index ({@code port * vcs + vc}) of every global input VC. */
    final int[] vcRouter;
    final int[] vcLocal;
    /** Router and local queue index of every global queue (the VC arrays when a VC is one queue). */
    final int[] queueRouter;
    final int[] queueLocal;
    /** Per router: words of a bit mask over its local queues. */
    final int[] maskWords;

    Wiring(Topology topology, int vcs) {
        this(topology, vcs, false);
    }

    /** @param voq one queue per input VC and output port (VOQ crossbar access) */
    Wiring(Topology topology, int vcs, boolean voq) {
        this.topology = topology;
        this.vcs = vcs;
        this.voq = voq;
        this.routers = topology.routers();
        this.nodes = topology.nodes();
        if (routers < 1 || nodes < 1) {
            throw new IllegalArgumentException("topology " + topology.describe() + " has " + routers
                    + " routers and " + nodes + " nodes; a network needs at least one of each");
        }
        portBase = new int[routers + 1];
        int mp = 0;
        for (int r = 0; r < routers; r++) {
            int p = topology.ports(r);
            if (p < 1) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": router " + r + " has " + p + " ports");
            }
            mp = Math.max(mp, p);
            portBase[r + 1] = portBase[r] + p;
        }
        this.maxPorts = mp;
        this.totalPorts = portBase[routers];
        portRouter = new int[totalPorts];
        portLocal = new int[totalPorts];
        peerPort = new int[totalPorts];
        terminalNode = new int[totalPorts];
        flitTarget = new int[totalPorts];
        flitTargetRouter = new int[totalPorts];
        flitTargetLocal = new int[totalPorts];
        creditTarget = new int[totalPorts];
        this.niCreditBase = totalPorts * vcs;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < portBase[r + 1] - portBase[r]; p++) {
                connect(r, p);
            }
        }
        nodeRouter = new int[nodes];
        nodeInPort = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            int r = topology.nodeRouter(n);
            int p = topology.nodePort(n);
            if (r < 0 || r >= routers || p < 0 || p >= topology.ports(r) || topology.terminal(r, p) != n) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": node " + n
                        + " attaches to router " + r + " port " + p + ", which is not its terminal port");
            }
            nodeRouter[n] = r;
            nodeInPort[n] = portBase[r] + p;
        }
        queuesPerVc = new int[routers];
        int maxQ = 1;
        for (int r = 0; r < routers; r++) {
            queuesPerVc[r] = voq ? ports(r) : 1;
            maxQ = Math.max(maxQ, queuesPerVc[r]);
        }
        this.maxQueuesPerVc = maxQ;
        // one decoding section per distinct queues-per-VC value q, as large as a router with it has
        // local queues: with VOQ q is its port count (q * vcs * q queues), without q = 1 everywhere
        int[] sectionAt = new int[maxQ + 1];
        java.util.Arrays.fill(sectionAt, -1);
        int decoded = 0;
        for (int r = 0; r < routers; r++) {
            int q = queuesPerVc[r];
            if (sectionAt[q] < 0) {
                sectionAt[q] = decoded;
                decoded = Math.addExact(decoded, sectionSize(q));
            }
        }
        localBase = new int[routers];
        for (int r = 0; r < routers; r++) {
            localBase[r] = sectionAt[queuesPerVc[r]];
        }
        localPort = new int[decoded];
        localVc = new int[decoded];
        localOut = new int[decoded];
        for (int q = 1; q <= maxQ; q++) {
            int b = sectionAt[q];
            for (int l = 0, n = b < 0 ? 0 : sectionSize(q); l < n; l++) {
                localPort[b + l] = localQueueVc(l, q) / vcs;
                localVc[b + l] = localQueueVc(l, q) % vcs;
                localOut[b + l] = localQueueOut(l, q);
            }
        }
        int totalVcs = totalPorts * vcs;
        vcRouter = new int[totalVcs];
        vcLocal = new int[totalVcs];
        for (int iv = 0; iv < totalVcs; iv++) {
            int gp = iv / vcs;
            vcRouter[iv] = portRouter[gp];
            vcLocal[iv] = portLocal[gp] * vcs + iv % vcs;
        }
        queueBase = new int[routers + 1];
        for (int r = 0; r < routers; r++) {
            queueBase[r + 1] = Math.addExact(queueBase[r], Math.multiplyExact(ports(r) * vcs, queuesPerVc[r]));
        }
        if (!voq) {
            firstQueue = new int[totalVcs];
            for (int iv = 0; iv < totalVcs; iv++) {
                firstQueue[iv] = iv;
            }
            queueRouter = vcRouter;
            queueLocal = vcLocal;
        } else {
            firstQueue = new int[totalVcs];
            for (int iv = 0; iv < totalVcs; iv++) {
                int r = vcRouter[iv];
                firstQueue[iv] = queueBase[r] + localQueue(vcLocal[iv], 0, queuesPerVc[r]);
            }
            int totalQueues = queueBase[routers];
            queueRouter = new int[totalQueues];
            queueLocal = new int[totalQueues];
            for (int r = 0; r < routers; r++) {
                for (int x = queueBase[r]; x < queueBase[r + 1]; x++) {
                    queueRouter[x] = r;
                    queueLocal[x] = x - queueBase[r];
                }
            }
        }
        maskWords = new int[routers];
        for (int r = 0; r < routers; r++) {
            maskWords[r] = (ports(r) * vcs * queuesPerVc[r] + 63) >>> 6;
        }
    }

    /** Local queues of a router with {@code q} queues per VC (its port count with VOQ, else the largest router's). */
    private int sectionSize(int q) {
        return Math.multiplyExact((voq ? q : maxPorts) * vcs, q);
    }

    /**
     * The numbering of a router's local queues, the one place it is written: the queue of local
     * input VC {@code vcLocal} ({@code port * vcs + vc}) for output port {@code out}, at a router
     * with {@code queuesPerVc} queues per VC ({@link #queuesPerVc}; 1 and out 0 for FIFO queues).
     */
    static int localQueue(int vcLocal, int out, int queuesPerVc) {
        return vcLocal * queuesPerVc + out;
    }

    /** The local input VC of local queue {@code l} ({@link #localQueue} inverted). */
    static int localQueueVc(int l, int queuesPerVc) {
        return l / queuesPerVc;
    }

    /** The output port of local queue {@code l} ({@link #localQueue} inverted; 0 for FIFO queues). */
    static int localQueueOut(int l, int queuesPerVc) {
        return l % queuesPerVc;
    }

    /** The input VC that queue {@code q} belongs to. */
    int queueVc(int q) {
        return queueVc(q, queueRouter[q]);
    }

    /** The input VC that queue {@code q} of router {@code r} belongs to (hot path: the router is known). */
    int queueVc(int q, int r) {
        return portBase[r] * vcs + localQueueVc(q - queueBase[r], queuesPerVc[r]);
    }

    /** The output port queue {@code q} holds packets for (0 for FIFO queues). */
    int queueOut(int q) {
        int r = queueRouter[q];
        return localQueueOut(q - queueBase[r], queuesPerVc[r]);
    }

    /** Input queues of the whole network. */
    int totalQueues() {
        return queueBase[routers];
    }

    /** Local queues of the router with the most ports (the size of per-router queue arrays). */
    int maxLocalQueues() {
        return maxPorts * vcs * maxQueuesPerVc;
    }

    /** The queue {@code q} for messages: its VC, and the output it holds packets for when queues are per output. */
    String queueName(int q) {
        if (!voq) {
            return vcName(q);
        }
        int iv = queueVc(q);
        int r = vcRouter[iv];
        int o = queueOut(q);
        return vcName(iv) + " (queue to " + (o < ports(r) ? topology.portLabel(r, o) : "p" + o) + ")";
    }

    private void connect(int r, int p) {
        int gp = portBase[r] + p;
        portRouter[gp] = r;
        portLocal[gp] = p;
        int s = topology.neighbor(r, p);
        int node = topology.terminal(r, p);
        terminalNode[gp] = node;
        if (s >= 0) {
            int q = topology.neighborPort(r, p);
            if (s >= routers || q < 0 || q >= topology.ports(s) || topology.neighbor(s, q) != r
                    || topology.neighborPort(s, q) != p) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": link r" + r + " port " + p
                        + " -> r" + s + " port " + q + " is not matched by a link back");
            }
            if (node >= 0) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": router " + r + " port " + p
                        + " is both a link and the terminal of node " + node);
            }
            int peer = portBase[s] + q;
            peerPort[gp] = peer;
            flitTarget[gp] = peer * vcs;
            flitTargetRouter[gp] = s;
            flitTargetLocal[gp] = q * vcs;
            creditTarget[gp] = peer * vcs;
        } else if (node >= 0) {
            // a node may attach through several ports (KNS): it injects through nodePort(node)
            // and may be delivered to through any of them
            if (node >= nodes) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": router " + r + " port " + p
                        + " attaches node " + node + ", but nodes are 0.." + (nodes - 1));
            }
            peerPort[gp] = -1;
            flitTarget[gp] = TERMINAL;
            creditTarget[gp] = niCreditBase + node * vcs;
        } else {
            peerPort[gp] = -1;
            flitTarget[gp] = UNUSED;
            creditTarget[gp] = -1;
        }
    }

    int ports(int router) {
        return portBase[router + 1] - portBase[router];
    }

    int totalVcs() {
        return totalPorts * vcs;
    }

    String portLabel(int router, int port) {
        return topology.portLabel(router, port);
    }

    /** The channel feeding input VC {@code iv}, e.g. {@code r3.x+ vc0} or {@code n5.inj vc1}. */
    String vcName(int iv) {
        int gp = iv / vcs;
        int v = iv % vcs;
        int node = terminalNode[gp];
        if (node >= 0) {
            return "n" + node + ".inj vc" + v;
        }
        int peer = peerPort[gp];
        if (peer < 0) {
            return "r" + portRouter[gp] + ".p" + portLocal[gp] + " vc" + v;
        }
        return "r" + portRouter[peer] + "." + topology.portLabel(portRouter[peer], portLocal[peer]) + " vc" + v;
    }

    /** The output VC or NI credit counter {@code ci}, e.g. {@code r3.x+ vc0}. */
    String creditName(int ci) {
        if (ci >= niCreditBase) {
            int n = (ci - niCreditBase) / vcs;
            return "n" + n + ".inj vc" + ((ci - niCreditBase) % vcs);
        }
        int gp = ci / vcs;
        return "r" + portRouter[gp] + "." + topology.portLabel(portRouter[gp], portLocal[gp]) + " vc" + (ci % vcs);
    }

    /** Per global input VC ({@code globalPort * vcs + vc}): {@code perVc[vc]}, the same at every port. */
    int[] everyInputVc(int[] perVc) {
        int[] c = new int[totalVcs()];
        for (int i = 0; i < c.length; i++) {
            c[i] = perVc[i % vcs];
        }
        return c;
    }

    /** Per credit counter (output VCs, then the network interfaces'): {@code perVc[vc]}. */
    int[] everyCredit(int[] perVc) {
        int[] c = new int[niCreditBase + nodes * vcs];
        for (int i = 0; i < c.length; i++) {
            c[i] = perVc[i % vcs];
        }
        return c;
    }
}
