package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.network.parts.AdmissionQueues;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * Admittance queues per destination in front of the per-VC injection queues
 * ({@link InjectionQueues#PER_VC_ADMITTANCE}): the ring keeps order and closes its holes; an
 * injection queue holds at most its VC's capacity, so the queuing scheme is asked for a packet's
 * virtual network when the packet is offered to it, not when generated; a packet whose injection
 * queue is full does not hold back packets to other destinations, and packets to one destination
 * leave in order.
 */
class AdmittanceTest {

    @Test
    void theRingKeepsGenerationOrderAcrossHolesGrowthAndCompaction() {
        AdmissionQueues a = new AdmissionQueues(2);
        for (int i = 0; i < 7; i++) {
            a.add(1, i, 10 + i, i % 3);
        }
        // admit 1, 2 and 4 from the middle; then 0 from the front drops the holes behind it
        assertEquals(0, a.remove(1, 1));
        assertEquals(0, a.remove(1, 2));
        assertEquals(0, a.remove(1, 4));
        assertEquals(3, a.remove(1, 0), "0, then the holes of 1 and 2");
        assertEquals(3, a.size(1));
        List<Long> left = new ArrayList<>();
        for (int k = 0; k < a.span(1); k++) {
            if (!a.isHole(1, k)) {
                left.add(a.id(1, k));
            }
        }
        assertEquals(List.of(3L, 5L, 6L), left);
        // fill past the ring's length: holes are closed before it grows, order kept
        for (int i = 7; i < 40; i++) {
            a.add(1, i, 10 + i, i % 3);
            if (i % 2 == 0) {
                a.remove(1, a.span(1) - 1); // admit the newest
            }
        }
        long previous = -1;
        int live = 0;
        for (int k = 0; k < a.span(1); k++) {
            if (!a.isHole(1, k)) {
                assertTrue(a.id(1, k) > previous, "generation order");
                previous = a.id(1, k);
                assertEquals(10 + a.id(1, k), a.created(1, k));
                live++;
            }
        }
        assertEquals(a.size(1), live);
        assertEquals(0, a.size(0));
    }

    /** Node 0 generates {@code count} packets, one per cycle from cycle 0; nobody else generates. */
    private static InjectionProcess burst(int count) {
        return new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return node != 0 || previous >= count - 1 ? NEVER : previous + 1;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
    }

    /** Virtual network = id mod 2, each on one injection VC; notes how far ahead of injection each choice is. */
    static final class Parity implements QueuingScheme {
        final Recorder recorder;
        int asked;
        int mostAhead;

        Parity(Recorder recorder) {
            this.recorder = recorder;
        }

        @Override
        public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
            return 1L << packet.virtualNetwork();
        }

        @Override
        public long injectionVcMask(int node, PacketView packet) {
            return 1L << packet.virtualNetwork();
        }

        @Override
        public int virtualNetwork(int node, PacketView packet) {
            asked++;
            mostAhead = Math.max(mostAhead, asked - (int) recorder.injected);
            return (int) (packet.id() % 2);
        }
    }

    private static Parity run(InjectionQueues injection) {
        Setup s = new Setup();
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH); // two 4-flit packets per VC
        s.describe = d -> d.withInjection(injection);
        s.routing = new Fixtures.RingRouting(8, false);
        s.pattern = Fixtures.to(4);
        s.injection = burst(24);
        Recorder rec = new Recorder();
        s.observer = rec;
        Parity queuing = new Parity(rec);
        s.queuing = context -> queuing;
        Fixtures.run(s.create(), 1);
        assertEquals(24, rec.delivered);
        assertEquals(24, queuing.asked, "asked once per packet");
        return queuing;
    }

    @Test
    void theNetworkIsChosenWhenThePacketIsOfferedToItsInjectionQueue() {
        // per-VC queues without admittance take every packet as it is generated: 24 packets in 24
        // cycles, while the link sends one 4-flit packet every 4 cycles
        assertTrue(run(InjectionQueues.PER_VC).mostAhead >= 12, "chosen at generation");
        // with admittance the two injection queues hold two packets each: at most 4 chosen and not
        // yet injected, plus the one being chosen
        int ahead = run(InjectionQueues.PER_VC_ADMITTANCE).mostAhead;
        assertTrue(ahead <= 5, "chosen " + ahead + " packets ahead of injection");
    }

    /**
     * 12 packets to node 2 (VC 0) generated first, then 12 to node 5 (VC 1), from node 0: the cycle
     * the first packet to node 5 left and the cycle the last one to node 2 left; asserts that
     * packets to one destination leave in order.
     */
    private static long[] twoDestinations(InjectionQueues injection) {
        Map<Long, Integer> destinationOf = new HashMap<>();
        Map<Integer, List<Long>> injectedTo = new HashMap<>();
        long[] firstTo5AndLastTo2 = {-1, -1};
        Setup s = new Setup();
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withInjection(injection);
        s.routing = new Fixtures.RingRouting(8, false);
        int[] made = {0};
        s.pattern = (TrafficPattern) (source, random) -> made[0]++ < 12 ? 2 : 5;
        s.injection = burst(24);
        s.observer = new Recorder() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
                super.packetGenerated(packet, source, destination, flits, cycle);
                destinationOf.put(packet, destination);
            }

            @Override
            public void packetInjected(long packet, int source, long cycle) {
                super.packetInjected(packet, source, cycle);
                int d = destinationOf.get(packet);
                injectedTo.computeIfAbsent(d, k -> new ArrayList<>()).add(packet);
                if (d == 5 && firstTo5AndLastTo2[0] < 0) {
                    firstTo5AndLastTo2[0] = cycle;
                }
                if (d == 2) {
                    firstTo5AndLastTo2[1] = cycle;
                }
            }
        };
        s.queuing = context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return packet.destination() == 2 ? 1L : 2L;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return packet.destination() == 2 ? 1L : 2L;
            }
        };
        Fixtures.run(s.create(), 1);
        for (List<Long> ids : injectedTo.values()) {
            List<Long> sorted = new ArrayList<>(ids);
            sorted.sort(null);
            assertEquals(sorted, ids, "packets to one destination leave in order");
        }
        assertEquals(12, injectedTo.get(2).size());
        assertEquals(12, injectedTo.get(5).size());
        return firstTo5AndLastTo2;
    }

    @Test
    void aFullInjectionQueueHoldsBackOnlyItsOwnDestinations() {
        long[] admitted = twoDestinations(InjectionQueues.PER_VC_ADMITTANCE);
        assertTrue(admitted[0] < admitted[1], "a packet to node 5 left at " + admitted[0]
                + ", before the last one to node 2 at " + admitted[1]);
        long[] fifo = twoDestinations(InjectionQueues.SINGLE);
        assertTrue(fifo[0] > fifo[1], "one FIFO: the packets to node 5 wait behind those to node 2 ("
                + fifo[0] + " against " + fifo[1] + ")");
    }
}
