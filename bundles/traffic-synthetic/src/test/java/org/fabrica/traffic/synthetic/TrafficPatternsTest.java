package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.fabrica.testing.GraphTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class TrafficPatternsTest {
    private static final KAryNCube T4 = new KAryNCube(4, 2, true);   // 16 nodes
    private static final KAryNCube T8 = new KAryNCube(8, 2, true);   // 64 nodes
    private static final SplittableRandom UNUSED = new SplittableRandom(1);

    /** A topology that is not a k-ary n-cube, with the given node count. */
    static Topology plain(int nodes) {
        return GraphTopology.crossbar(nodes);
    }

    static int[] table(TrafficPattern p, int nodes) {
        int[] t = new int[nodes];
        for (int s = 0; s < nodes; s++) {
            t[s] = p.destination(s, UNUSED);
        }
        return t;
    }

    static TrafficPattern transpose(Topology t) {
        return new TransposeFactory().create(t, UNUSED, Parameters.defaults(TransposeParameters.class));
    }

    static TrafficPattern shuffle(Topology t) {
        return new ShuffleFactory().create(t, UNUSED, Parameters.defaults(ShuffleParameters.class));
    }

    static TrafficPattern bitcomp(Topology t) {
        return new BitComplementFactory().create(t, UNUSED, Parameters.defaults(BitComplementParameters.class));
    }

    static TrafficPattern bitrev(Topology t) {
        return new BitReverseFactory().create(t, UNUSED, Parameters.defaults(BitReverseParameters.class));
    }

    static TrafficPattern bitrot(Topology t) {
        return new BitRotationFactory().create(t, UNUSED, Parameters.defaults(BitRotationParameters.class));
    }

    static TrafficPattern tornado(Topology t) {
        return new TornadoFactory().create(t, UNUSED, Parameters.defaults(TornadoParameters.class));
    }

    static TrafficPattern neighbor(Topology t) {
        return new NeighborFactory().create(t, UNUSED, Parameters.defaults(NeighborParameters.class));
    }

    static TrafficPattern randperm(Topology t, long seed) {
        return new RandomPairingFactory().create(t, new SplittableRandom(seed),
                Parameters.defaults(RandomPairingParameters.class));
    }

    @Test
    void transposeSwapsXAndY() {
        // (1, 2) on 8 x 8: W = 2*8 + 1 = 17 -> (2, 1) = 1*8 + 2 = 10
        assertEquals(T8.router(2, 1), transpose(T8).destination(T8.router(1, 2), UNUSED));
        assertEquals(10, transpose(T8).destination(17, UNUSED));
        // 16 nodes: row by row, the diagonal sends nothing
        assertEquals(List.of(-1, 4, 8, 12, 1, -1, 9, 13, 2, 6, -1, 14, 3, 7, 11, -1),
                Arrays.stream(table(transpose(T4), 16)).boxed().toList());
        assertEquals(List.of(-1, 4, 8, 12, 1, -1, 9, 13, 2, 6, -1, 14, 3, 7, 11, -1),
                Arrays.stream(table(transpose(plain(16)), 16)).boxed().toList(), "square without coordinates");
    }

    @Test
    void transposeSendToSelfKeepsTheDiagonal() {
        // BookSim2's transpose: the diagonal's nodes send to themselves
        TrafficPattern p = new TransposeFactory().create(T4, UNUSED,
                Parameters.bind(TransposeParameters.class, Map.of("sendToSelf", true)));
        assertEquals(List.of(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15),
                Arrays.stream(table(p, 16)).boxed().toList());
    }

    @Test
    void shuffleRotatesLeft() {
        // 16 nodes, 4 bits: 1001 -> 0011, 0101 -> 1010, 1000 -> 0001
        TrafficPattern p = shuffle(T4);
        assertEquals(3, p.destination(9, UNUSED));
        assertEquals(10, p.destination(5, UNUSED));
        assertEquals(1, p.destination(8, UNUSED));
        assertEquals(TrafficPattern.NONE, p.destination(15, UNUSED));
        assertEquals(TrafficPattern.NONE, p.destination(0, UNUSED));
        // 64 nodes, 6 bits: 100001 (33) -> 000011 (3)
        assertEquals(3, shuffle(T8).destination(33, UNUSED));
    }

    @Test
    void bitComplement() {
        assertEquals(58, bitcomp(T8).destination(5, UNUSED));
        assertEquals(0, bitcomp(T8).destination(63, UNUSED));
        assertEquals(10, bitcomp(T4).destination(5, UNUSED));
    }

    @Test
    void bitReverse() {
        TrafficPattern p = bitrev(T4);
        assertEquals(8, p.destination(1, UNUSED));
        assertEquals(TrafficPattern.NONE, p.destination(6, UNUSED), "0110 reversed is itself");
        assertEquals(12, p.destination(3, UNUSED));
        // 64 nodes: 000011 -> 110000
        assertEquals(48, bitrev(T8).destination(3, UNUSED));
        assertEquals(41, bitrev(T8).destination(37, UNUSED), "100101 -> 101001");
    }

    @Test
    void bitRotationRotatesRight() {
        TrafficPattern p = bitrot(T4);
        assertEquals(8, p.destination(1, UNUSED));
        assertEquals(3, p.destination(6, UNUSED));
        assertEquals(TrafficPattern.NONE, p.destination(15, UNUSED));
        assertEquals(34, bitrot(T8).destination(5, UNUSED), "000101 -> 100010");
    }

    @Test
    void tornadoAddsHalfASideToTheAddress() {
        TrafficPattern p = tornado(T8);
        assertEquals(4, p.destination(0, UNUSED));
        assertEquals(9, p.destination(5, UNUSED), "(5,0) -> (1,1): the offset carries into y");
        assertEquals(0, p.destination(60, UNUSED), "(W + N/2) mod N^2 wraps to 0");
        assertEquals(2, tornado(T4).destination(0, UNUSED));
        assertEquals(1, tornado(T4).destination(15, UNUSED));
        assertEquals(2, tornado(plain(9)).destination(1, UNUSED), "3 x 3 without coordinates: offset 1");
    }

    @Test
    void neighborStepsInXWrapping() {
        TrafficPattern p = neighbor(T4);
        assertEquals(T4.router(0, 1), p.destination(T4.router(3, 1), UNUSED));
        assertEquals(T4.router(2, 2), p.destination(T4.router(1, 2), UNUSED));
        KAryNCube mesh3d = new KAryNCube(3, 3, false);
        assertEquals(mesh3d.router(0, 2, 1), neighbor(mesh3d).destination(mesh3d.router(2, 2, 1), UNUSED));
        assertEquals(0, neighbor(plain(5)).destination(4, UNUSED));
    }

    @Test
    void fixedPatternsArePermutationsOf64Nodes() {
        for (TrafficPattern p : List.of(transpose(T8), shuffle(T8), bitcomp(T8), bitrev(T8), bitrot(T8), tornado(T8),
                neighbor(T8))) {
            int[] t = table(p, 64);
            boolean[] hit = new boolean[64];
            for (int s = 0; s < 64; s++) {
                int d = t[s] == TrafficPattern.NONE ? s : t[s];
                assertTrue(!hit[d], "destination " + d + " twice");
                hit[d] = true;
            }
        }
    }

    @Test
    void bitPatternsNeedAPowerOfTwo() {
        KAryNCube six = new KAryNCube(6, 2, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> bitcomp(six));
        assertTrue(e.getMessage().contains("power-of-two") && e.getMessage().contains("36"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> shuffle(six));
        assertThrows(IllegalArgumentException.class, () -> bitrev(plain(12)));
        assertThrows(IllegalArgumentException.class, () -> bitrot(plain(12)));
    }

    @Test
    void squarePatternsNeedASquareArrangement() {
        KAryNCube cube = new KAryNCube(4, 3, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> transpose(cube));
        assertTrue(e.getMessage().contains("4 x 4 x 4 torus"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tornado(cube));
        assertThrows(IllegalArgumentException.class, () -> transpose(plain(32)));
        assertThrows(IllegalArgumentException.class, () -> tornado(plain(32)));
    }

    @Test
    void randomPairingIsAnInvolutionWithoutFixedPoints() {
        for (int nodes : new int[] {16, 64, 7}) {
            Topology t = nodes == 7 ? plain(7) : nodes == 16 ? T4 : T8;
            int[] partner = table(randperm(t, 42), nodes);
            int none = 0;
            for (int s = 0; s < nodes; s++) {
                if (partner[s] == TrafficPattern.NONE) {
                    none++;
                    continue;
                }
                assertNotEquals(s, partner[s]);
                assertEquals(s, partner[partner[s]], "partner of the partner");
            }
            assertEquals(nodes % 2, none, "only an odd count leaves one node out");
        }
        assertEquals(Arrays.toString(table(randperm(T8, 42), 64)), Arrays.toString(table(randperm(T8, 42), 64)),
                "same random stream, same pairing");
        assertNotEquals(Arrays.toString(table(randperm(T8, 42), 64)), Arrays.toString(table(randperm(T8, 43), 64)));
    }

    static TrafficPattern permutation(Topology t, long seed) {
        return new RandomPermutationFactory().create(t, new SplittableRandom(seed),
                Parameters.defaults(RandomPermutationParameters.class));
    }

    @Test
    void randomPermutationSendsEachNodeToADistinctDestination() {
        int notInvolution = 0;
        int fixed = 0;
        for (long seed = 1; seed <= 20; seed++) {
            int[] d = table(permutation(T8, seed), 64);
            boolean[] hit = new boolean[64];
            for (int s = 0; s < 64; s++) {
                if (d[s] == TrafficPattern.NONE) {
                    fixed++;
                    continue;
                }
                assertNotEquals(s, d[s]);
                assertTrue(!hit[d[s]], "destination " + d[s] + " twice");
                hit[d[s]] = true;
                if (d[d[s]] != s) {
                    notInvolution++;
                }
            }
        }
        assertTrue(notInvolution > 0, "a general permutation, not a pairing");
        assertTrue(fixed < 20 * 64 / 8, "fixed points are rare (about one per permutation): " + fixed);
        assertEquals(Arrays.toString(table(permutation(T8, 42), 64)), Arrays.toString(table(permutation(T8, 42), 64)));
        assertNotEquals(Arrays.toString(table(permutation(T8, 42), 64)), Arrays.toString(table(permutation(T8, 43), 64)));
    }

    @Test
    void uniformNeverPicksTheSourceAndCoversTheOthersEvenly() {
        TrafficPattern p = new UniformFactory().create(T4, UNUSED, Parameters.defaults(UniformParameters.class));
        SplittableRandom r = new SplittableRandom(7);
        int[] count = new int[16];
        int draws = 150_000;
        for (int i = 0; i < draws; i++) {
            int d = p.destination(3, r);
            assertNotEquals(3, d);
            count[d]++;
        }
        double expected = draws / 15.0;
        for (int d = 0; d < 16; d++) {
            if (d != 3) {
                assertTrue(Math.abs(count[d] - expected) < 0.05 * expected, "node " + d + ": " + count[d]);
            }
        }
        TrafficPattern all = new UniformFactory().create(T4, UNUSED,
                Parameters.bind(UniformParameters.class, Map.of("includeSelf", true)));
        int none = 0;
        for (int i = 0; i < draws; i++) {
            if (all.destination(3, r) == TrafficPattern.NONE) {
                none++;
            }
        }
        assertTrue(Math.abs(none - draws / 16.0) < 0.05 * draws / 16.0, "self draws " + none);
        // sendToSelf: the same draws, but a packet drawn to its source is sent there (BookSim2's uniform)
        TrafficPattern sending = new UniformFactory().create(T4, UNUSED,
                Parameters.bind(UniformParameters.class, Map.of("includeSelf", true, "sendToSelf", true)));
        SplittableRandom same = new SplittableRandom(99);
        SplittableRandom again = new SplittableRandom(99);
        int self = 0;
        for (int i = 0; i < draws; i++) {
            int d = sending.destination(3, same);
            int dropped = all.destination(3, again);
            assertEquals(dropped == TrafficPattern.NONE ? 3 : dropped, d, "draw " + i);
            self += d == 3 ? 1 : 0;
        }
        assertTrue(Math.abs(self - draws / 16.0) < 0.05 * draws / 16.0, "self-addressed packets " + self);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new UniformFactory().create(T4,
                UNUSED, Parameters.bind(UniformParameters.class, Map.of("sendToSelf", true))));
        assertTrue(e.getMessage().contains("set includeSelf: true as well, or remove sendToSelf"), e.getMessage());
    }

    @Test
    void hotspotSendsTheChosenFractionOfSourcesToTheHotSpots() {
        HotspotPattern p = (HotspotPattern) new HotspotFactory().create(T8, new SplittableRandom(5),
                Parameters.bind(HotspotParameters.class, Map.of("hotspots", List.of(9, 27), "sourceFraction", 0.25)));
        int hotSources = 0;
        for (int s = 0; s < 64; s++) {
            if (p.hotSource(s)) {
                hotSources++;
            }
        }
        assertEquals(16, hotSources, "round(0.25 * 64) sources are hot");
        SplittableRandom r = new SplittableRandom(11);
        long toHot = 0;
        long sent = 0;
        int[] perHotspot = new int[64];
        for (int round = 0; round < 2000; round++) {
            for (int s = 0; s < 64; s++) {
                int d = p.destination(s, r);
                if (d == TrafficPattern.NONE) {
                    assertTrue(p.hotSource(s) && (s == 9 || s == 27), "only a hot spot drawing itself sends nothing");
                    continue;
                }
                assertNotEquals(s, d);
                if (p.hotSource(s)) {
                    assertTrue(d == 9 || d == 27, "hot source " + s + " sent to " + d);
                    perHotspot[d]++;
                }
                sent++;
                if (d == 9 || d == 27) {
                    toHot++;
                }
            }
        }
        // expected share of packets to the hot spots: 16 hot sources always, 48 others with 2/63
        double expected = (16.0 + 48.0 * 2 / 63) / 64;
        double share = (double) toHot / sent;
        assertTrue(Math.abs(share - expected) < 0.02, "share " + share + " expected about " + expected);
        assertTrue(Math.abs(perHotspot[9] - perHotspot[27]) < 0.1 * perHotspot[9], "hot spots drawn evenly");
        HotspotPattern again = (HotspotPattern) new HotspotFactory().create(T8, new SplittableRandom(5),
                Parameters.bind(HotspotParameters.class, Map.of("hotspots", List.of(9, 27))));
        for (int s = 0; s < 64; s++) {
            assertEquals(p.hotSource(s), again.hotSource(s), "same stream, same hot sources");
        }
    }

    @Test
    void hotspotsForegroundIsThePacketsOfItsUniformSources() {
        HotspotPattern p = (HotspotPattern) new HotspotFactory().create(T8, new SplittableRandom(5),
                Parameters.bind(HotspotParameters.class, Map.of("hotspots", List.of(9))));
        int foregroundSources = 0;
        for (int s = 0; s < 64; s++) {
            for (int d : new int[] {9, (s + 1) % 64}) {
                assertEquals(!p.hotSource(s), p.foreground(s, d), "source " + s + " to " + d
                        + ": foreground exactly when the source is not hot, whatever the destination");
            }
            foregroundSources += p.foreground(s, 9) ? 1 : 0;
        }
        assertEquals(48, foregroundSources, "75% of 64 sources");
        TrafficPattern uniform = new UniformFactory().create(T8, UNUSED, Parameters.defaults(UniformParameters.class));
        assertTrue(uniform.foreground(3, 9) && bitcomp(T8).foreground(0, 63), "without a hot part, all is foreground");
    }

    @Test
    void hotspotValidatesItsParameters() {
        assertThrows(IllegalArgumentException.class, () -> new HotspotFactory().create(T4, UNUSED,
                Parameters.bind(HotspotParameters.class, Map.of("hotspots", List.of(16)))));
        assertThrows(ParameterException.class,
                () -> Parameters.bind(HotspotParameters.class, Map.of("sourceFraction", 1.5)));
        assertThrows(ParameterException.class,
                () -> Parameters.bind(HotspotParameters.class, Map.of("hotspots", List.of(-1))));
        assertThrows(IllegalArgumentException.class, () -> new HotspotFactory().create(T4, UNUSED,
                Parameters.bind(HotspotParameters.class, Map.of("hotspots", List.of()))));
    }

    @Test
    void multicastEntersTheCollectiveGroupWithItsFractionAndSendsTheRestUniformly() {
        Topology t = plain(16);
        TrafficPattern p = new MulticastFactory().create(t, new SplittableRandom(1), Parameters.bind(
                MulticastParameters.class, Map.of("fraction", 0.25), "multicast"));
        SplittableRandom r = new SplittableRandom(3);
        int collective = 0;
        int[] hits = new int[16];
        int draws = 100_000;
        for (int i = 0; i < draws; i++) {
            int d = p.destination(5, r);
            if (d == TrafficPattern.COLLECTIVE) {
                collective++;
                assertEquals(0, p.collectiveGroup(5));
            } else {
                assertNotEquals(5, d, "never to itself");
                hits[d]++;
            }
        }
        assertEquals(0.25, (double) collective / draws, 0.005);
        for (int n = 0; n < 16; n++) {
            if (n != 5) {
                assertEquals((draws - collective) / 15.0, hits[n], 0.05 * (draws - collective) / 15.0, "node " + n);
            }
        }
        // fraction 1: every packet a multicast
        TrafficPattern all = new MulticastFactory().create(t, new SplittableRandom(1),
                Parameters.defaults(MulticastParameters.class));
        assertEquals(TrafficPattern.COLLECTIVE, all.destination(0, r));
        assertThrows(ParameterException.class, () -> Parameters.bind(MulticastParameters.class,
                Map.of("fraction", 1.5), "multicast"));
    }
}
