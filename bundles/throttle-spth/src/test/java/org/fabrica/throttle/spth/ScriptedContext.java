package org.fabrica.throttle.spth;

import java.util.Arrays;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.MeshFactory;
import org.fabrica.topology.cube.MeshParameters;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;

/**
 * A throttle context whose buffer states the test scripts: free flits of every input buffer
 * (router, input port, VC) and of every credit counter (router, output port, VC).
 */
final class ScriptedContext implements ThrottleContext {
    static final int CAPACITY = 16;

    final Topology topology;
    final int vcs;
    final int ports;
    final int[] inputFree;
    final int[] credits;

    ScriptedContext(Topology topology, int vcs) {
        this.topology = topology;
        this.vcs = vcs;
        this.ports = topology.ports(0);
        inputFree = new int[topology.routers() * ports * vcs];
        credits = new int[inputFree.length];
        Arrays.fill(inputFree, CAPACITY);
        Arrays.fill(credits, CAPACITY);
    }

    static CartesianTopology torus(int k, int n) {
        return (CartesianTopology) new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", n)));
    }

    static CartesianTopology mesh(int k, int n) {
        return (CartesianTopology) new MeshFactory().create(Parameters.bind(MeshParameters.class, Map.of("k", k, "n", n)));
    }

    int slot(int router, int port, int vc) {
        return (router * ports + port) * vcs + vc;
    }

    /** Sets the free flits of input buffer (router, inPort, vc). */
    void input(int router, int inPort, int vc, int free) {
        inputFree[slot(router, inPort, vc)] = free;
    }

    /**
     * Sets the free flits of the input buffer that output {@code outPort} of {@code router} feeds
     * (the buffer at the neighbour on the port it arrives on).
     */
    void fedBy(int router, int outPort, int vc, int free) {
        input(topology.neighbor(router, outPort), topology.neighborPort(router, outPort), vc, free);
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int vcs() {
        return vcs;
    }

    @Override
    public int bufferFlits() {
        return CAPACITY;
    }

    @Override
    public int freeFlits(int router, int outPort, int vc) {
        return credits[slot(router, outPort, vc)];
    }

    @Override
    public int inputFreeFlits(int router, int inPort, int vc) {
        return inputFree[slot(router, inPort, vc)];
    }
}
