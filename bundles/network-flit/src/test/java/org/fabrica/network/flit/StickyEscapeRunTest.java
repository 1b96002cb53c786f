package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.kernel.SimulationException;
import org.fabrica.params.Parameters;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.cube.MinAdaptiveFactory;
import org.fabrica.routing.cube.MinAdaptiveParameters;
import org.junit.jupiter.api.Test;

/**
 * The class of the VC a packet arrived on ({@code PacketView.arrivalClass}, routing API 1.8) as the
 * flit model records it at each VC grant, and min-adaptive's {@code escape: sticky}, which reads it:
 * a packet on the escape network stays there, as in BookSim2's {@code min_adapt}, and the adaptive
 * class is allocated as every other. That is not deadlock-free under wormhole (a packet granted an
 * adaptive VC behind another packet is committed to it: docs/model-reference.md, section 13a; the
 * saturated mesh of {@link AdaptiveCubeRoutingRunTest} deadlocks within 20,000 cycles), but it holds
 * far longer than an escape a packet may leave, which deadlocks within about 1,300 cycles.
 */
class StickyEscapeRunTest {
    static RoutingAlgorithm minAdaptive(TorusRuns r, String escape) {
        return new MinAdaptiveFactory().create(r.topology(),
                Parameters.bind(MinAdaptiveParameters.class, Map.of("escape", escape), "routing"));
    }

    /**
     * Offers one candidate per hop, min-adaptive's first, in a class that alternates with the hops
     * taken (0, 1, 0, ...), and checks at every router that the packet arrived in the class offered
     * at the router before: -1 at its source router.
     */
    static final class ClassProbe implements RoutingAlgorithm {
        final RoutingAlgorithm ports;
        final Map<Long, Integer> offered = new HashMap<>();
        final int[] port = new int[1];
        long checked;
        String wrong;

        ClassProbe(RoutingAlgorithm ports) {
            this.ports = ports;
        }

        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            port[0] = -1;
            ports.route(router, inPort, packet, (p, c) -> {
                if (port[0] < 0) {
                    port[0] = p;
                }
            });
            Integer before = offered.get(packet.id());
            int expected = before == null ? -1 : before;
            if (packet.arrivalClass() != expected && wrong == null) {
                wrong = "packet " + packet.id() + " at router " + router + " arrived in class " + packet.arrivalClass()
                        + ", offered " + expected;
            }
            checked++;
            int cls = before == null ? 0 : 1 - before;
            offered.put(packet.id(), cls);
            out.add(port[0], cls);
        }

        @Override
        public int vcClasses() {
            return 2;
        }

        @Override
        public boolean readsArrivalClass() {
            return true;
        }

        @Override
        public boolean readsOccupancy() {
            return true;
        }

        @Override
        public void occupancy(NetworkOccupancy view) {
            ports.occupancy(view);
        }
    }

    @Test
    void aPacketArrivesInTheClassOfTheCandidateItWasGranted() {
        TorusRuns r = AdaptiveCubeRoutingRunTest.runs(true, 4, false, 0.1);
        r.vcs = 2;
        ClassProbe probe = new ClassProbe(minAdaptive(r, "atomic"));
        r.routingOverride = probe;
        FlitNetwork net = r.create();
        Fixtures.run(net, 256);
        assertEquals(null, probe.wrong);
        assertEquals(net.generated(), net.delivered());
        assertTrue(probe.checked > 1_000, "route computations checked: " + probe.checked);
    }

    /**
     * Classes are recorded only while the routing in use reads them: swapped to one that does not,
     * the model records none; swapped back, the VCs granted meanwhile read as unknown (-1), and the
     * probe again sees every later hop in the class it was granted.
     */
    @Test
    void arrivalClassesAreRecordedOnlyWhileTheRoutingInUseReadsThem() {
        TorusRuns r = AdaptiveCubeRoutingRunTest.runs(true, 4, false, 0.1);
        ClassProbe probe = new ClassProbe(minAdaptive(r, "atomic"));
        r.routingOverride = probe;
        FlitNetwork net = r.create();
        assertTrue(net.inputs.states.candClass != null, "recorded for a routing that reads them");
        net.replaceRouting(minAdaptive(r, "atomic"), "min-adaptive");
        assertEquals(null, net.inputs.states.candClass, "none recorded for one that does not");
        Fixtures.run(net, 256);
        assertEquals(net.generated(), net.delivered());
        net.replaceRouting(probe, "probe");
        assertTrue(net.inputs.states.candClass != null);
        for (int slot = 0; slot < net.pool.arrivalClass.length; slot++) {
            assertEquals(-1, net.pool.arrivalClass[slot], "slot " + slot + ": granted while none was recorded");
        }
    }

    @Test
    void withTheStickyEscapeTheAdaptiveClassIsNotAtomicAndTheSaturatedMeshStillDeliversAfter4000Cycles() {
        for (long seed : new long[] {1, 2}) {
            TorusRuns r = AdaptiveCubeRoutingRunTest.saturatedMesh(seed);
            r.routingOverride = minAdaptive(r, "sticky");
            assertFalse(r.routingOverride.atomicVcAllocation(1), "sticky: the adaptive class is allocated as usual");
            assertTrue(r.routingOverride.readsArrivalClass());
            AdaptiveCubeRoutingRunTest.assertStillDelivers(r, seed);
        }
    }

    /**
     * The same routing with its reading of arrival classes hidden: the model records none, every
     * packet may leave the escape, and without atomic allocation the mesh deadlocks.
     */
    @Test
    void withoutTheArrivalClassTheStickyEscapeCannotHoldAndTheMeshDeadlocks() {
        TorusRuns r = AdaptiveCubeRoutingRunTest.saturatedMesh(1);
        RoutingAlgorithm sticky = minAdaptive(r, "sticky");
        // the wrapper forwards route and occupancy and leaves readsArrivalClass (and atomicVcAllocation) at their defaults
        r.routingOverride = AdaptiveCubeRoutingRunTest.withoutAtomicClasses(sticky);
        FlitNetwork net = r.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 256));
        assertTrue(e.getMessage().startsWith("deadlock at cycle"), e.getMessage());
    }
}
