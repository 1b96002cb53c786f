package org.fabrica.collective.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * The software multicast's binomial tree, driven by a scripted network in which every packet
 * takes 10 cycles: who sends to whom and when, and what the collector is shown (one packet
 * generated at the start, a copy per other member, each copy's latency from the start).
 */
class SoftwareMulticastTest {
    private static final int LATENCY = 10;

    /** A node's scripted origins: node -> (posting cycle -> destination, or COLLECTIVE). */
    private final TreeMap<Integer, TreeMap<Long, Integer>> script = new TreeMap<>();
    private final List<String> sent = new ArrayList<>();
    private final List<String> seen = new ArrayList<>();

    private final TrafficPattern file = (source, random) -> script.get(source).firstEntry().getValue();
    private final InjectionProcess origins = new InjectionProcess() {
        @Override
        public long next(int node, long previous, SplittableRandom random) {
            TreeMap<Long, Integer> mine = script.get(node);
            if (mine == null) {
                return NEVER;
            }
            if (previous >= 0) {
                mine.remove(mine.firstKey()); // the origin just taken
            }
            return mine.isEmpty() ? NEVER : mine.firstKey();
        }

        @Override
        public double offeredLoad(long now) {
            return 0;
        }
    };

    private final NetworkObserver collector = new NetworkObserver() {
        @Override
        public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
            seen.add("generated " + id(packet) + " at " + cycle);
        }

        @Override
        public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
            seen.add("copy " + id(copy));
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long cycle, int hops) {
            seen.add("delivered " + id(packet) + " to " + destination + " latency " + (cycle - created));
        }
    };

    private static String id(long packet) {
        return packet >= SoftwareMulticast.LOGICAL_BASE ? "m" + (packet - SoftwareMulticast.LOGICAL_BASE) : "u" + packet;
    }

    /** Runs the network: nodes asked at their posting cycles, packets delivered LATENCY cycles later. */
    private SoftwareMulticast run(int[] members, int nodes, long cycles) {
        SoftwareMulticast sm = new SoftwareMulticast(file, origins, members, nodes);
        NetworkObserver observer = sm.observer(collector);
        SplittableRandom random = new SplittableRandom(1);
        long[] due = new long[nodes];
        for (int n = 0; n < nodes; n++) {
            due[n] = sm.injection().next(n, -1, random);
        }
        TreeMap<Long, List<long[]>> deliveries = new TreeMap<>(); // cycle -> {id, source, destination, created}
        long id = 0;
        for (long c = 0; c < cycles; c++) {
            for (long[] d : deliveries.getOrDefault(c, List.of())) {
                observer.packetDelivered(d[0], (int) d[1], (int) d[2], 1, d[3], d[3], c, 1);
            }
            for (int n = 0; n < nodes; n++) {
                while (due[n] == c) {
                    int d = sm.pattern().destination(n, random);
                    if (d >= 0) {
                        observer.packetGenerated(id, n, d, 1, c);
                        sent.add(n + "->" + d + "@" + c);
                        deliveries.computeIfAbsent(c + LATENCY, k -> new ArrayList<>()).add(new long[] {id, n, d, c});
                        id++;
                    }
                    due[n] = sm.injection().next(n, c, random);
                }
            }
        }
        return sm;
    }

    private void origin(int node, long cycle, int destination) {
        script.computeIfAbsent(node, k -> new TreeMap<>()).put(cycle, destination);
    }

    @Test
    void theRootSendsToItsBinomialChildrenLargestFirstAndEachMemberForwardsOnDelivery() {
        origin(0, 5, TrafficPattern.COLLECTIVE);
        SoftwareMulticast sm = run(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 8, 100);
        assertEquals(List.of("0->4@5", "0->2@5", "0->1@5", "2->3@15", "4->6@15", "4->5@15", "6->7@25"), sent);
        assertEquals(1, sm.multicasts());
        assertEquals(7, sm.messages());
        assertEquals(7, sm.copies());
        // the collector: one packet at the start, its six copies, seven deliveries timed from the start
        assertEquals(List.of("generated m0 at 5", "copy m2", "copy m3", "copy m4", "copy m5", "copy m6", "copy m7",
                "delivered m4 to 4 latency 10", "delivered m2 to 2 latency 10", "delivered m0 to 1 latency 10",
                "delivered m3 to 3 latency 20", "delivered m6 to 6 latency 20", "delivered m5 to 5 latency 20",
                "delivered m7 to 7 latency 30"), seen);
    }

    @Test
    void theTreeIsRelativeToTheRootAndUnicastPacketsPassUnchanged() {
        // group of 5 on nodes 10..14; root node 13 is relative rank 0, so relative v is node 10 + (3 + v) mod 5
        origin(13, 0, TrafficPattern.COLLECTIVE);
        origin(10, 3, 12); // a unicast packet from node 10 to 12
        run(new int[] {10, 11, 12, 13, 14}, 15, 100);
        assertEquals(List.of("13->12@0", "13->10@0", "13->14@0", "10->12@3", "10->11@10"), sent);
        assertTrue(seen.contains("generated u3 at 3"), seen.toString());
        assertTrue(seen.contains("delivered u3 to 12 latency 10"), seen.toString());
        assertEquals(4, seen.stream().filter(s -> s.startsWith("delivered m")).count());
    }

    @Test
    void aRootsOwnSendsGoBeforeAForwardPostedInTheSameCycle() {
        // node 2 receives multicast 0's copy at 10 and starts its own multicast at 10: its own sends are
        // queued in front (posted at its start), then the forward
        origin(0, 0, TrafficPattern.COLLECTIVE);
        origin(2, 10, TrafficPattern.COLLECTIVE);
        run(new int[] {0, 1, 2, 3}, 4, 100);
        assertEquals(List.of("0->2@0", "0->1@0", "2->0@10", "2->3@10", "2->3@10"), sent.subList(0, 5));
    }

    @Test
    void aMulticastFromANodeOutsideTheGroupIsRefused() {
        origin(5, 0, TrafficPattern.COLLECTIVE);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(new int[] {0, 1, 2}, 6, 10));
        assertTrue(e.getMessage().contains("node 5 started a multicast, but it is not a member"), e.getMessage());
    }
}
