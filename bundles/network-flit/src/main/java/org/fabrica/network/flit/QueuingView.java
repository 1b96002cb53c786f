package org.fabrica.network.flit;

import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;

/**
 * What the queuing scheme sees of the network: its size, look-ahead routes, the occupancy of
 * the buffers each output feeds as its credits count it, the outputs' transmit-wait counters
 * ({@link TransmitWait}) and the function of each VC (the router description's, the same for every
 * router kind). Adaptive routing algorithms read the same occupancy through {@link NetworkOccupancy}.
 */
final class QueuingView implements QueuingContext, NetworkOccupancy {
    private final Wiring wiring;
    private final RouteStage route;
    private final OutputUnits outputs;
    private final TransmitWait transmitWait;
    private final String[] functions;
    private final ServiceLevels levels;

    QueuingView(Wiring wiring, RouteStage route, OutputUnits outputs, TransmitWait transmitWait, String[] functions,
            ServiceLevels levels) {
        this.wiring = wiring;
        this.route = route;
        this.outputs = outputs;
        this.transmitWait = transmitWait;
        this.functions = functions.clone();
        this.levels = levels;
    }

    @Override
    public String vcFunction(int vc) {
        if (vc < 0 || vc >= levels.count) {
            throw new IllegalArgumentException("vcFunction: VC " + vc + " does not exist; the scheme chooses among "
                    + levels.describe());
        }
        return functions[levels.vc(vc)];
    }

    @Override
    public int downstreamFlits(int router, int outPort, int vc) {
        checkOutputVc("downstreamFlits", router, outPort, vc);
        int ov = (wiring.portBase[router] + outPort) * wiring.vcs + levels.vc(vc);
        if (wiring.flitTarget[wiring.portBase[router] + outPort] == Wiring.UNUSED) {
            return 0;
        }
        return outputs.capacityOf(ov) - outputs.credits[ov];
    }

    @Override
    public int downstreamFlits(int router, int outPort) {
        checkOutput("downstreamFlits", router, outPort);
        int port = wiring.portBase[router] + outPort;
        if (wiring.flitTarget[port] == Wiring.UNUSED) {
            return 0;
        }
        int first = port * wiring.vcs;
        int held = 0;
        for (int ov = first; ov < first + wiring.vcs; ov++) {
            held += outputs.capacityOf(ov) - outputs.credits[ov];
        }
        return held;
    }

    @Override
    public int downstreamCapacity(int router, int outPort) {
        checkOutput("downstreamCapacity", router, outPort);
        int port = wiring.portBase[router] + outPort;
        if (wiring.flitTarget[port] == Wiring.UNUSED) {
            return 0;
        }
        int first = port * wiring.vcs;
        int capacity = 0;
        for (int ov = first; ov < first + wiring.vcs; ov++) {
            capacity += outputs.capacityOf(ov);
        }
        return capacity;
    }

    private void checkOutput(String method, int router, int outPort) {
        if (router < 0 || router >= wiring.routers || outPort < 0 || outPort >= wiring.ports(router)) {
            throw new IllegalArgumentException(method + ": router " + router + " port " + outPort
                    + " does not exist in " + wiring.topology.describe());
        }
    }

    @Override
    public long transmitWait(int router, int outPort, int vc) {
        checkOutputVc("transmitWait", router, outPort, vc);
        return transmitWait.read(router, outPort, levels.vc(vc));
    }

    /** A scheme named an output VC: refuse one that does not exist, naming the method it called. */
    private void checkOutputVc(String method, int router, int outPort, int vc) {
        if (router < 0 || router >= wiring.routers || outPort < 0 || outPort >= wiring.ports(router) || vc < 0
                || vc >= levels.count) {
            throw new IllegalArgumentException(method + ": router " + router + " port " + outPort + " VC " + vc
                    + " does not exist in " + wiring.topology.describe() + " with " + levels.describe());
        }
    }

    @Override
    public Topology topology() {
        return wiring.topology;
    }

    @Override
    public int vcs() {
        return levels.count;
    }

    @Override
    public int vcClasses() {
        return route.vcClasses;
    }

    @Override
    public int nextHopPort(int router, int outPort, PacketView packet) {
        if (router < 0 || router >= wiring.routers || outPort < 0 || outPort >= wiring.ports(router)) {
            throw new IllegalArgumentException("nextHopPort: router " + router + " port " + outPort
                    + " does not exist in " + wiring.topology.describe());
        }
        int peer = wiring.peerPort[wiring.portBase[router] + outPort];
        if (peer < 0) {
            return -1;
        }
        return route.lookAhead(wiring.portRouter[peer], wiring.portLocal[peer], packet);
    }

    @Override
    public int firstHopPort(int node, PacketView packet) {
        if (node < 0 || node >= wiring.nodes) {
            throw new IllegalArgumentException("firstHopPort: node " + node + " does not exist in "
                    + wiring.topology.describe());
        }
        return route.lookAhead(wiring.nodeRouter[node], wiring.portLocal[wiring.nodeInPort[node]], packet);
    }
}
