package org.fabrica.network.packet;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.Pipeline;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.network.NetworkSetup;
import org.fabrica.topology.Topology;

/**
 * The topology as flat port arrays, with each port's timing from the router description of its
 * router's kind. Global port {@code gp = portBase[r] + p}; global VC {@code gp * vcs + v} is the
 * input VC {@code v} of port {@code gp}, and also the output VC (credit counter) of output port
 * {@code gp} for the buffer it feeds. The network interfaces' counters follow the ports':
 * {@code interfaceCounter(n) + v}.
 *
 * <p>Timing is the flit model's (docs/model-reference.md, sections 4 to 6): a flit that leaves a
 * buffer in cycle y is visible downstream in {@code y + flitDelay[gp]} (S + ST + L + c - 1 of the
 * output's router and link); the credit of the slot it freed is usable upstream from
 * {@code y + creditReturn[gp]} (max(S,1) + L of the link it came in on + C of its router); an
 * interface's flit sent in t is visible at its router in {@code t + injectDelay}.
 */
final class Wiring {
    static final int UNUSED = -2;
    static final int TERMINAL = -1;
    final Topology topology;
    final int routers;
    final int nodes;
    final int vcs;
    final int totalPorts;
    final int[] portBase;
    final int maxPorts;
    final int[] portRouter;
    /** Per global port: the global input port at the other end of its link, or TERMINAL / UNUSED. */
    final int[] peerPort;
    /** Per global port: the node attached through it, or -1. */
    final int[] terminalNode;
    /** Per node: the global port it injects into. */
    final int[] nodeInPort;
    final int[] nodeRouter;
    final RouterDescription[] description;
    /** Per router and VC: the VC's priority for the allocators (its hardware description's). */
    final int[][] vcPriority;
    final int[] routingDelay;
    final int[] vcAllocDelay;
    final int[] flitDelay;
    final int[] cyclesPerFlit;
    final int[] creditReturn;
    /** Per global VC: its buffer in flits (the input VC's). */
    final int[] bufferFlits;
    final int injectDelay;
    final int injectCyclesPerFlit;
    final int ejectCreditReturn;
    final int maxCapacityPackets;

    Wiring(NetworkSetup setup, int packetFlits) {
        Topology t = setup.topology();
        this.topology = t;
        this.routers = t.routers();
        this.nodes = t.nodes();
        Map<String, RouterDescription> kinds = new HashMap<>();
        this.description = new RouterDescription[routers];
        this.portBase = new int[routers + 1];
        int m = 1;
        for (int r = 0; r < routers; r++) {
            String kind = t.routerKind(r);
            description[r] = kinds.computeIfAbsent(kind, setup::router);
            portBase[r + 1] = portBase[r] + t.ports(r);
            m = Math.max(m, t.ports(r));
        }
        this.maxPorts = m;
        this.totalPorts = portBase[routers];
        this.vcs = description.length == 0 ? 1 : description[0].vcs();
        for (RouterDescription d : kinds.values()) {
            if (d.vcs() != vcs || d.flitBytes() != description[0].flitBytes()) {
                throw new IllegalArgumentException("router kinds must agree on the VC count and the flit size to exchange"
                        + " packets; they have " + vcs + " and " + d.vcs() + " VCs, " + description[0].flitBytes()
                        + " and " + d.flitBytes() + " bytes per flit");
            }
        }
        this.vcPriority = new int[routers][vcs];
        for (int r = 0; r < routers; r++) {
            for (int v = 0; v < vcs; v++) {
                vcPriority[r][v] = description[r].channels().get(v).priority();
            }
        }
        this.portRouter = new int[totalPorts];
        this.peerPort = new int[totalPorts];
        this.terminalNode = new int[totalPorts];
        this.routingDelay = new int[routers];
        this.vcAllocDelay = new int[routers];
        for (int r = 0; r < routers; r++) {
            routingDelay[r] = description[r].pipeline().routingDelay();
            vcAllocDelay[r] = description[r].pipeline().vcAllocDelay();
            for (int p = 0; p < t.ports(r); p++) {
                int gp = portBase[r] + p;
                portRouter[gp] = r;
                int node = t.terminal(r, p);
                int nb = t.neighbor(r, p);
                terminalNode[gp] = node;
                if (node >= 0) {
                    peerPort[gp] = TERMINAL;
                } else if (nb >= 0) {
                    int np = t.neighborPort(r, p);
                    if (nb >= routers || np < 0 || np >= t.ports(nb) || t.neighbor(nb, np) != r
                            || t.neighborPort(nb, np) != p) {
                        throw new IllegalArgumentException("topology " + t.describe() + ": the link from router " + r
                                + " port " + p + " to router " + nb + " port " + np + " has no matching link back");
                    }
                    peerPort[gp] = portBase[nb] + np;
                } else {
                    peerPort[gp] = UNUSED;
                }
            }
        }
        this.nodeInPort = new int[nodes];
        this.nodeRouter = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            int r = t.nodeRouter(n);
            int p = t.nodePort(n);
            if (r < 0 || r >= routers || p < 0 || p >= t.ports(r) || t.terminal(r, p) != n) {
                throw new IllegalArgumentException("topology " + t.describe() + ": node " + n + " names router " + r
                        + " port " + p + ", which is not its terminal port");
            }
            nodeRouter[n] = r;
            nodeInPort[n] = portBase[r] + p;
        }
        // the interfaces' side: that of node 0's router, as in the flit model (kinds attaching nodes agree on it)
        RouterDescription ni = description[nodeRouter[0]];
        LinkTiming term = ni.terminalLink();
        this.injectCyclesPerFlit = term.cyclesPerFlit();
        this.injectDelay = term.latencyCycles() + term.cyclesPerFlit();
        this.ejectCreditReturn = 1 + term.latencyCycles() + ni.pipeline().creditDelay();
        this.flitDelay = new int[totalPorts];
        this.cyclesPerFlit = new int[totalPorts];
        this.creditReturn = new int[totalPorts];
        this.bufferFlits = new int[totalPorts * vcs];
        int largestPackets = 1;
        for (int gp = 0; gp < totalPorts; gp++) {
            int r = portRouter[gp];
            RouterDescription d = description[r];
            Pipeline pl = d.pipeline();
            LinkTiming out = peerPort[gp] == TERMINAL ? d.terminalLink() : d.link();
            cyclesPerFlit[gp] = out.cyclesPerFlit();
            flitDelay[gp] = pl.switchAllocDelay() + pl.switchTraversalDelay() + out.latencyCycles() + out.cyclesPerFlit()
                    - 1;
            int peer = peerPort[gp];
            int in = terminalNode[gp] >= 0 ? term.latencyCycles()
                    : peer >= 0 ? description[portRouter[peer]].link().latencyCycles() : d.link().latencyCycles();
            creditReturn[gp] = Math.max(pl.switchAllocDelay(), 1) + in + pl.creditDelay();
            for (int v = 0; v < vcs; v++) {
                int b = d.channels().get(v).bufferFlits();
                bufferFlits[gp * vcs + v] = b;
                largestPackets = Math.max(largestPackets, b / packetFlits);
            }
        }
        this.maxCapacityPackets = largestPackets;
    }

    int ports(int r) {
        return portBase[r + 1] - portBase[r];
    }

    /** The first counter of node {@code n}'s interface (its injection VCs). */
    int interfaceCounter(int n) {
        return (totalPorts + n) * vcs;
    }

    /** Capacities of every credit counter: the output VCs', then the interfaces'. */
    int[] counterCapacities() {
        int[] c = new int[(totalPorts + nodes) * vcs];
        for (int gp = 0; gp < totalPorts; gp++) {
            int peer = peerPort[gp];
            for (int v = 0; v < vcs; v++) {
                // a router output counts the buffer it feeds; a terminal output its own kind's (the ejection buffer)
                c[gp * vcs + v] = peer >= 0 ? bufferFlits[peer * vcs + v] : bufferFlits[gp * vcs + v];
            }
        }
        for (int n = 0; n < nodes; n++) {
            for (int v = 0; v < vcs; v++) {
                c[interfaceCounter(n) + v] = bufferFlits[nodeInPort[n] * vcs + v];
            }
        }
        return c;
    }

    String portName(int gp) {
        int r = portRouter[gp];
        return "router " + r + " port " + (gp - portBase[r]) + " (" + topology.portLabel(r, gp - portBase[r]) + ")";
    }
}
