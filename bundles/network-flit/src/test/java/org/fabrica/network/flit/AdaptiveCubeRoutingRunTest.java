package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.kernel.SimulationException;
import org.fabrica.params.Parameters;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.routing.cube.MinAdaptiveFactory;
import org.fabrica.routing.cube.MinAdaptiveParameters;
import org.fabrica.routing.cube.RommFactory;
import org.fabrica.routing.cube.RommParameters;
import org.fabrica.routing.cube.ValiantFactory;
import org.fabrica.routing.cube.ValiantParameters;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.synthetic.TransposeFactory;
import org.fabrica.traffic.synthetic.TransposeParameters;
import org.junit.jupiter.api.Test;

/**
 * routing-cube's adaptive and two-phase algorithms run on the flit model (they live here because
 * this module already tests with routing-cube; the reverse dependency would be a cycle): on an 8x8
 * mesh and a 4x4 torus under uniform and transpose traffic, at a load that congests dimension order
 * on transpose, every packet generated in 1,500 cycles is delivered without the deadlock watch
 * firing, and the minimal algorithms' packets take exactly as many hops as the minimal distance.
 */
class AdaptiveCubeRoutingRunTest {

    /** Checks each delivery's hop count against the minimal distance (plus the ejection hop, measured on DOR). */
    static final class HopChecker extends Recorder {
        final CartesianTopology t;
        final boolean minimal;
        long nonMinimal;
        long longer;
        int ejectionHops = -1;

        HopChecker(CartesianTopology t, boolean minimal) {
            this.t = t;
            this.minimal = minimal;
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                long cycle, int hops) {
            super.packetDelivered(packet, source, destination, flits, created, inj, cycle, hops);
            int d = distance(t, t.nodeRouter(source), t.nodeRouter(destination)) + ejectionHops;
            if (hops != d) {
                nonMinimal++;
            }
            if (hops > d) {
                longer++;
            }
        }
    }

    static int distance(CartesianTopology t, int a, int b) {
        int h = 0;
        for (int d = 0; d < t.dimensions(); d++) {
            int delta = Math.abs(t.coordinate(a, d) - t.coordinate(b, d));
            h += t.wraps(d) ? Math.min(delta, t.radix(d) - delta) : delta;
        }
        return h;
    }

    interface Algorithm {
        RoutingAlgorithm create(Topology t);
    }

    static final Algorithm MIN_ADAPTIVE = t -> new MinAdaptiveFactory().create(t,
            Parameters.defaults(MinAdaptiveParameters.class));
    static final Algorithm ROMM = t -> new RommFactory().create(t, Parameters.defaults(RommParameters.class));
    static final Algorithm VALIANT = t -> new ValiantFactory().create(t, Parameters.defaults(ValiantParameters.class));

    /** Hops dimension order counts for a packet beyond the routers' distance (the ejection, if counted). */
    static int ejectionHops(boolean mesh, int k) {
        TorusRuns r = runs(mesh, k, false, 0.05);
        r.stopCycle = 200;
        CartesianTopology t = (CartesianTopology) r.topology();
        int[] extra = {Integer.MIN_VALUE};
        r.observer = new Recorder() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                    long cycle, int hops) {
                super.packetDelivered(packet, source, destination, flits, created, inj, cycle, hops);
                extra[0] = hops - distance(t, t.nodeRouter(source), t.nodeRouter(destination));
            }
        };
        Fixtures.run(r.create(), 256);
        return extra[0];
    }

    static TorusRuns runs(boolean mesh, int k, boolean transpose, double load) {
        TorusRuns r = new TorusRuns();
        r.mesh = mesh;
        r.k = k;
        r.vcs = 8;
        r.packetFlits = 4;
        r.load = load;
        r.stopCycle = 1_500;
        r.maxCycles = 200_000;
        r.deadlockCycles = 5_000;
        if (transpose) {
            r.patternOverride = new TransposeFactory().create(r.topology(), new SplittableRandom(1),
                    Parameters.defaults(TransposeParameters.class));
        }
        return r;
    }

    static HopChecker run(Algorithm algorithm, boolean mesh, int k, boolean transpose, boolean minimal) {
        TorusRuns r = runs(mesh, k, transpose, 0.35);
        CartesianTopology t = (CartesianTopology) r.topology();
        r.routingOverride = algorithm.create(t);
        HopChecker checker = new HopChecker(t, minimal);
        checker.ejectionHops = ejectionHops(mesh, k);
        r.observer = checker;
        FlitNetwork net = r.create();
        Fixtures.run(net, 256);
        String what = (mesh ? "mesh " : "torus ") + k + "x" + k + (transpose ? " transpose" : " uniform");
        assertFalse(net.truncated(), what);
        assertEquals(0, net.inFlight(), what);
        assertEquals(net.generated(), net.delivered(), what);
        assertEquals(checker.generated, checker.deliveredIds.cardinality(), what);
        assertTrue(net.generated() > 1_000, what + ": generated " + net.generated());
        net.checkConservation();
        if (minimal) {
            assertEquals(0, checker.nonMinimal, what + ": packets off a minimal path");
        }
        return checker;
    }

    @Test
    void minAdaptiveDeliversEveryPacketOnMinimalPathsOnAMeshAndATorus() {
        for (boolean transpose : new boolean[] {false, true}) {
            run(MIN_ADAPTIVE, true, 8, transpose, true);
            run(MIN_ADAPTIVE, false, 4, transpose, true);
        }
    }

    /**
     * Past saturation: an 8x8 mesh under uniform traffic (self-addressed packets included, through
     * the network) offered at 0.8, 2 VCs of 16 flits (escape VC 0, adaptive VC 1), 4-flit packets,
     * wormhole, {@code waitForTailCredit} false, new packets on any VC of the terminal input (the
     * BookSim2 comparison's configuration, model reference section 15e).
     */
    static TorusRuns saturatedMesh(long seed) {
        TorusRuns r = new TorusRuns();
        r.mesh = true;
        r.k = 8;
        r.vcs = 2;
        r.bufferFlits = 16;
        r.packetFlits = 4;
        r.load = 0.8;
        r.includeSelf = true;
        r.sendToSelf = true;
        r.injectionAny = true;
        r.seed = seed;
        r.maxCycles = 4_000;
        r.deadlockCycles = 1_000;
        return r;
    }

    /**
     * min-adaptive declares its adaptive class for atomic VC allocation and the flit model honours
     * it: past saturation the mesh keeps delivering to the end of the run without the deadlock
     * watch firing. Hiding the declaration (a wrapper that forwards everything else) gives the
     * deadlock the model had before: a packet granted the adaptive VC behind another packet waits on
     * that packet's escape channels, and the escape channels come to depend on each other.
     */
    @Test
    void minAdaptivePastSaturationKeepsDeliveringBecauseItsAdaptiveClassIsAllocatedAtomically() {
        for (long seed : new long[] {1, 2}) {
            TorusRuns r = saturatedMesh(seed);
            r.routingOverride = MIN_ADAPTIVE.create(r.topology());
            assertTrue(r.routingOverride.atomicVcAllocation(1), "the adaptive class of a mesh is class 1");
            assertFalse(r.routingOverride.atomicVcAllocation(0), "the escape class is allocated as usual");
            assertStillDelivers(r, seed);
        }
        TorusRuns r = saturatedMesh(1);
        r.routingOverride = withoutAtomicClasses(MIN_ADAPTIVE.create(r.topology()));
        FlitNetwork net = r.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 256));
        assertTrue(e.getMessage().startsWith("deadlock at cycle"), e.getMessage());
    }

    /**
     * Runs a {@link #saturatedMesh} to its cycle limit and checks that it still delivers at the end:
     * accepted over the last 1,000 cycles near saturation (about 0.3 flits/node/cycle), not draining
     * to 0, with every packet accounted for.
     */
    static void assertStillDelivers(TorusRuns r, long seed) {
        long[] late = new long[1];
        r.observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created,
                    long injected, long cycle, int hops) {
                if (cycle >= 3_000) {
                    late[0] += flits;
                }
            }
        };
        FlitNetwork net = r.create();
        Fixtures.run(net, 256);
        assertTrue(net.truncated(), "seed " + seed + ": the run reaches its cycle limit");
        double accepted = late[0] / (64.0 * 1_000);
        assertTrue(accepted > 0.2, "seed " + seed + ": accepted " + accepted + " in the last 1,000 cycles");
        net.checkConservation();
    }

    /** {@code a} with every class allocated as usual (the default of atomicVcAllocation). */
    static RoutingAlgorithm withoutAtomicClasses(RoutingAlgorithm a) {
        return new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                a.route(router, inPort, packet, out);
            }

            @Override
            public int vcClasses() {
                return a.vcClasses();
            }

            @Override
            public boolean deterministic() {
                return a.deterministic();
            }

            @Override
            public boolean readsOccupancy() {
                return a.readsOccupancy();
            }

            @Override
            public void occupancy(NetworkOccupancy view) {
                a.occupancy(view);
            }
        };
    }

    @Test
    void rommDeliversEveryPacketOnMinimalPaths() {
        for (boolean transpose : new boolean[] {false, true}) {
            run(ROMM, true, 8, transpose, true);
            run(ROMM, false, 4, transpose, true);
        }
    }

    @Test
    void valiantDeliversEveryPacketAndTakesLongerPaths() {
        for (boolean transpose : new boolean[] {false, true}) {
            HopChecker mesh = run(VALIANT, true, 8, transpose, false);
            assertTrue(mesh.longer > mesh.delivered / 2, "most Valiant packets detour on the mesh: " + mesh.longer
                    + " of " + mesh.delivered);
            run(VALIANT, false, 4, transpose, false);
        }
    }
}
