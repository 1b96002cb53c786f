package org.fabrica.network.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The packet model against the flit model with whole packets on links, on the 8 x 8 torus (every
 * crossbar organisation: shared, vc-inputs, per-vc, voq) and on the OSHA/SASHA study's KNS: the
 * same packets (both draw generation from the nodes' streams) must see the same network. The
 * tolerances are the model's promise (accepted traffic within 1%, latency within 2% below
 * saturation; docs/model-reference.md, "The packet model"); on these configurations the two agree
 * to the cycle, which the latency sums pin. Its cases build their own networks and share nothing, so
 * they run on the machine's cores at once (src/test/resources/junit-platform.properties).
 */
@Execution(ExecutionMode.CONCURRENT)
class FlitAgreementTest {
    @ParameterizedTest(name = "{0} crossbar, {1} injection queues, {2}-flit packets, {3}-flit VCs x {4}, load {5}, seed {6}")
    @CsvSource({
        "shared, single, 8, 32, 2, 0.2, 1",
        "shared, single, 8, 32, 2, 0.4, 2",
        "vc-inputs, single, 8, 32, 2, 0.3, 3",
        "shared, per-vc, 8, 32, 4, 0.4, 1",
        "vc-inputs, per-vc, 64, 128, 4, 0.2, 2",
        "vc-inputs, per-vc, 64, 128, 4, 0.4, 3",
        "shared, single, 64, 96, 2, 0.3, 1",
        "per-vc, single, 8, 32, 2, 0.3, 2",
        "per-vc, per-vc, 64, 128, 4, 0.4, 1",
        "voq, single, 8, 32, 2, 0.3, 1",
        "voq, per-vc, 8, 48, 4, 0.4, 2",
        "voq, per-vc, 64, 256, 2, 0.4, 3",
    })
    void belowSaturationBothModelsGiveTheSameAcceptedTrafficAndLatency(String crossbar, String injection, int flits,
            int buffer, int vcs, double load, long seed) {
        ModelPair p = new ModelPair();
        p.crossbar = crossbar;
        p.injectionQueues = injection;
        p.packetFlits = flits;
        p.bufferFlits = buffer;
        p.vcs = vcs;
        p.load = load;
        p.seed = seed;
        p.linkLatency = 2;
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        assertEquals(flit.generated, packet.generated, "both models generate the same packets");
        assertTrue(flit.measured > 500, "too few packets measured: " + flit);
        assertEquals(flit.deliveredInWindow, packet.deliveredInWindow, flit.deliveredInWindow * 0.01,
                "accepted traffic: flit " + flit + ", packet " + packet);
        assertEquals(flit.latency(), packet.latency(), flit.latency() * 0.02,
                "latency: flit " + flit + ", packet " + packet);
        assertEquals(flit.hopsSum, packet.hopsSum, "hops");
        assertEquals(flit.flitHops, packet.flitHops, "flit hops");
        assertFalse(packet.twice, "a packet delivered twice");
        assertEquals(flit.latencySum, packet.latencySum, "to the cycle: flit " + flit + ", packet " + packet);
    }

    @ParameterizedTest(name = "{0} crossbar, load {1}")
    @CsvSource({"shared, 0.6", "vc-inputs, 0.8", "per-vc, 0.7", "voq, 0.8"})
    void pastSaturationBothModelsAcceptTheSameTraffic(String crossbar, double load) {
        ModelPair p = new ModelPair();
        p.crossbar = crossbar;
        p.load = load;
        p.maxCycles = 12_000;
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        assertTrue(flit.accepted(64) < load * 0.95, "not saturated: accepted " + flit.accepted(64));
        assertEquals(flit.accepted(64), packet.accepted(64), flit.accepted(64) * 0.03,
                "saturation throughput: flit " + flit + ", packet " + packet);
        assertEquals(flit.latencySum, packet.latencySum, "to the cycle: flit " + flit + ", packet " + packet);
    }

    /**
     * The OSHA/SASHA study's network with VOQ crossbars (and one shared case), scaled to k = 16 and
     * short windows: every packet is delivered at the same cycle by both models, below and past
     * saturation. A run cut off at its cycle limit (the hot spot's node never drains) counts the
     * flits of the packets still crossing links differently (the packet model counts a packet's
     * flits when it starts to cross), so flit-hops are compared on drained runs only.
     */
    @ParameterizedTest(name = "KNS k = {0}, {1}, {2} traffic, {3} crossbar, load {4}")
    @CsvSource({
        "16, 1vc, zipf, voq, 0.3",
        "16, sasha-4vc-dbbq, zipf, voq, 0.3",
        "16, 1vc, zipf, voq, 0.9",
        "16, sasha-4vc-dbbq, zipf, voq, 0.9",
        "16, sasha-4vc-dbbq, hotspot, voq, 0.3",
        "16, osha-2vc, hotspot, voq, 0.9",
        "16, sasha-4vc-dbbq, zipf, shared, 0.9",
    })
    void onTheStudysKnsBothModelsDeliverEveryPacketAtTheSameCycle(int k, String scheme, String pattern,
            String crossbar, double load) {
        ModelPair p = ModelPair.kns(k, scheme, pattern, crossbar);
        p.load = load;
        p.warmup = 1_000;
        p.measure = 4_000;
        p.maxCycles = 10_000;
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        assertEquals(flit.generated, packet.generated, "both models generate the same packets");
        assertTrue(flit.measured > 1_000, "too few packets measured: " + flit);
        assertEquals(flit.deliveredAll, packet.deliveredAll, "delivered: flit " + flit + ", packet " + packet);
        assertEquals(flit.deliveredInWindow, packet.deliveredInWindow, "accepted traffic: flit " + flit + ", packet " + packet);
        assertEquals(flit.latencySum, packet.latencySum, "latency: flit " + flit + ", packet " + packet);
        assertEquals(flit.hopsSum, packet.hopsSum, "hops");
        assertEquals(flit.truncated, packet.truncated, "cut off at the cycle limit");
        if (!flit.truncated) {
            assertEquals(flit.flitHops, packet.flitHops, "flit hops");
        }
        assertFalse(packet.twice, "a packet delivered twice");
    }

    /**
     * The Dawning study's fat tree at 64 nodes (extended 4-ary 3-tree, Dawning 5000 switches with
     * parallel per-VC crossbars and priority output arbiters, D-mod-k, 512-flit packets), its three
     * traffics below and near saturation, seeds 1 to 3, the three crossbar organisations: every packet delivered at the same cycle.
     */
    @ParameterizedTest(name = "extended 4-ary 3-tree, {0} traffic, {1} crossbar, load {2}, seed {3}")
    @CsvSource({
        "uniform, per-vc, 0.2, 1", "uniform, per-vc, 0.5, 2", "uniform, vc-inputs, 0.5, 3",
        "hot-region, per-vc, 0.2, 1", "hot-region, per-vc, 0.5, 2", "hot-region, shared, 0.5, 3",
        "sphere, per-vc, 0.2, 1", "sphere, per-vc, 0.5, 2", "sphere, vc-inputs, 0.5, 3",
    })
    void onTheDawningFatTreeBothModelsDeliverEveryPacketAtTheSameCycle(String pattern, String crossbar, double load,
            long seed) {
        ModelPair p = ModelPair.dawning(4, 3, pattern);
        p.crossbar = crossbar;
        p.load = load;
        p.seed = seed;
        p.warmup = 3_000;
        p.measure = 8_000;
        p.maxCycles = 30_000;
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        assertSamePacketsAtTheSameCycles(flit, packet, 300);
        assertEquals(flit.deliveredInWindow, packet.deliveredInWindow, "accepted traffic: flit " + flit + ", packet " + packet);
    }

    /**
     * What every "same cycle" case checks: the same packets generated, enough of them measured,
     * the same latency and hop sums, none delivered twice.
     */
    private static void assertSamePacketsAtTheSameCycles(ModelPair.Window flit, ModelPair.Window packet,
            int fewestMeasured) {
        assertEquals(flit.generated, packet.generated, "both models generate the same packets");
        assertTrue(flit.measured > fewestMeasured, "too few packets measured: " + flit);
        assertEquals(flit.latencySum, packet.latencySum, "latency: flit " + flit + ", packet " + packet);
        assertEquals(flit.hopsSum, packet.hopsSum, "hops");
        assertFalse(packet.twice, "a packet delivered twice");
    }

    /**
     * SASHA on the transmit-wait counters (dbbq, {@code selection: least-waiting}): before every
     * network choice the test's scheme reads every output VC's counter at the source's router, and
     * both models must give the same readings, in the same order, and then deliver every packet at
     * the same cycle (the choices follow the readings).
     */
    @ParameterizedTest(name = "KNS k = {0}, {1} traffic, {2} crossbar, load {3}")
    @CsvSource({
        "16, hotspot, voq, 0.9",
        "16, zipf, voq, 0.9",
        "16, hotspot, voq, 0.5",
        "16, zipf, shared, 0.9",
        "8, hotspot, shared, 0.6",
    })
    void leastWaitingSelectionReadsTheFlitModelsTransmitWait(int k, String pattern, String crossbar, double load) {
        ModelPair p = ModelPair.kns(k, "sasha-4vc-dbbq", pattern, crossbar);
        p.selection = "least-waiting";
        p.load = load;
        p.warmup = 1_000;
        p.measure = 4_000;
        p.maxCycles = 10_000;
        p.waitReadings = new java.util.ArrayList<>();
        ModelPair.Window flit = p.flit();
        java.util.List<Long> flitReadings = p.waitReadings;
        p.waitReadings = new java.util.ArrayList<>();
        ModelPair.Window packet = p.packet();
        java.util.List<Long> packetReadings = p.waitReadings;
        assertTrue(flitReadings.stream().anyMatch(v -> v > 0), "no transmit wait counted: the test pins nothing");
        int n = Math.min(flitReadings.size(), packetReadings.size());
        for (int i = 0; i < n; i++) {
            assertEquals(flitReadings.get(i), packetReadings.get(i), "transmit-wait reading " + i + " of " + n);
        }
        assertEquals(flitReadings.size(), packetReadings.size(), "network choices");
        assertEquals(flit.generated, packet.generated, "both models generate the same packets");
        assertEquals(flit.deliveredAll, packet.deliveredAll, "delivered: flit " + flit + ", packet " + packet);
        assertEquals(flit.latencySum, packet.latencySum, "latency: flit " + flit + ", packet " + packet);
        assertEquals(flit.hopsSum, packet.hopsSum, "hops");
        assertEquals(flit.truncated, packet.truncated, "cut off at the cycle limit");
        assertFalse(packet.twice, "a packet delivered twice");
    }

    /**
     * An SL-to-VL table (InfiniBand {@code slToVl}): the scheme chooses service levels, mapped to
     * VCs at every output and at injection, and its reads of occupancy and transmit wait name
     * levels. A permutation, and four levels sharing two VLs.
     */
    @ParameterizedTest(name = "KNS k = 16, slToVl {0}, {1} selection, {2} crossbar, load {3}")
    @CsvSource({
        "3;2;1;0, least-occupied, voq, 0.9",
        "0;0;1;1, least-occupied, shared, 0.6",
        "1;1;0;0, least-waiting, shared, 0.9",
        "2;3;0;1, round-robin, voq, 0.5",
    })
    void aServiceLevelTableMapsTheSchemesLevelsAsInTheFlitModel(String table, String selection, String crossbar,
            double load) {
        ModelPair p = ModelPair.kns(16, "sasha-4vc-dbbq", "hotspot", crossbar);
        p.selection = selection;
        p.slToVl = java.util.Arrays.stream(table.split(";")).map(Integer::valueOf).toList();
        assertEquals(p.slToVl, p.setup(null).router().serviceLevels(), "the hardware's table");
        p.load = load;
        p.warmup = 1_000;
        p.measure = 4_000;
        p.maxCycles = 10_000;
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        assertSamePacketsAtTheSameCycles(flit, packet, 1_000);
        assertEquals(flit.deliveredAll, packet.deliveredAll, "delivered: flit " + flit + ", packet " + packet);
        assertEquals(flit.truncated, packet.truncated, "cut off at the cycle limit");
    }

    /**
     * Injection queues per VC behind admittance queues per destination ({@code per-vc-admittance}):
     * a packet waits in its destination's queue until an injection queue of its VCs has room, and
     * its virtual network is chosen then. On the torus (two injection VCs of DOR's first class) and
     * on the study's KNS (dbbq), below and past saturation: every packet at the same cycle.
     */
    @ParameterizedTest(name = "{0}, {1} crossbar, {2}, load {3}")
    @CsvSource({
        "torus, shared, dateline, 0.4",
        "torus, vc-inputs, dateline, 0.7",
        "torus, voq, dateline, 0.8",
        "kns, voq, sasha-4vc-dbbq, 0.9",
        "kns, shared, osha-2vc, 0.9",
        "kns, voq, sasha-4vc-dbbq least-waiting, 0.6",
    })
    void admittanceQueuesPerDestinationAsInTheFlitModel(String network, String crossbar, String scheme, double load) {
        ModelPair p;
        if (network.equals("kns")) {
            String[] s = scheme.split(" ");
            p = ModelPair.kns(16, s[0], "hotspot", crossbar);
            p.selection = s.length > 1 ? s[1] : null;
            p.knsInjection = "per-vc-admittance";
            p.warmup = 1_000;
            p.measure = 4_000;
            p.maxCycles = 10_000;
        } else {
            p = new ModelPair();
            p.crossbar = crossbar;
            p.vcs = 4;
            p.bufferFlits = 32;
            p.linkLatency = 2;
            p.injectionQueues = "per-vc-admittance";
            p.maxCycles = 12_000;
        }
        p.load = load;
        assertEquals(org.fabrica.hardware.InjectionQueues.PER_VC_ADMITTANCE, p.setup(null).router().injection());
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        assertSamePacketsAtTheSameCycles(flit, packet, 1_000);
        assertEquals(flit.deliveredAll, packet.deliveredAll, "delivered: flit " + flit + ", packet " + packet);
        assertEquals(flit.truncated, packet.truncated, "cut off at the cycle limit");
    }

    /**
     * Lossy links ({@code bitErrorRate}, {@code retransmitTimeoutCycles}): unicast packets corrupted
     * with the flit model's draws (one per packet from the stream {@code unicast-errors}, in the
     * order their tails leave for their interfaces), dropped by their destinations and sent again by
     * their sources. The same packets are lost, each is delivered once, at the same cycle.
     */
    @ParameterizedTest(name = "{0}, {1} crossbar, {2} injection, rate {3}, timeout {4}, load {5}, receive overhead {6}")
    @CsvSource({
        "torus, shared, single, 1e-5, 300, 0.3, 0",
        "torus, vc-inputs, per-vc, 2e-5, 50, 0.5, 0",
        "torus, per-vc, single, 1e-5, 200, 0.4, 9",
        "torus, voq, per-vc-admittance, 1e-5, 1, 0.7, 0",
        "kns, voq, per-vc, 1e-6, 500, 0.5, 0",
        "kns, shared, per-vc-admittance, 2e-6, 100, 0.9, 5",
    })
    void lossyLinksDropAndResendTheSamePacketsAsTheFlitModel(String network, String crossbar, String injection,
            double rate, int timeout, double load, int receiveOverhead) {
        ModelPair p;
        if (network.equals("kns")) {
            p = ModelPair.kns(16, "sasha-4vc-dbbq", "zipf", crossbar);
            p.knsInjection = injection;
            p.warmup = 1_000;
            p.measure = 4_000;
            p.maxCycles = 20_000;
        } else {
            p = new ModelPair();
            p.crossbar = crossbar;
            p.vcs = 4;
            p.linkLatency = 2;
            p.injectionQueues = injection;
            p.maxCycles = 30_000;
        }
        p.load = load;
        p.bitErrorRate = rate;
        p.retransmitTimeoutCycles = timeout;
        if (receiveOverhead > 0) {
            p.endpoint = new org.fabrica.hardware.EndpointTiming(3, receiveOverhead);
        }
        ModelPair.Window flit = p.flit();
        ModelPair.Window packet = p.packet();
        long dropped = flit.losses.getOrDefault("unicastDropped", 0L);
        assertTrue(dropped > 20, "too few packets lost to pin anything: " + flit.losses);
        assertEquals(flit.losses, packet.losses, "packets dropped and sent again");
        assertEquals(flit.generated, packet.generated, "both models generate the same packets");
        assertEquals(flit.deliveredAll, packet.deliveredAll, "delivered: flit " + flit + ", packet " + packet);
        assertEquals(flit.latencySum, packet.latencySum, "latency: flit " + flit + ", packet " + packet);
        assertEquals(flit.hopsSum, packet.hopsSum, "hops");
        assertEquals(flit.truncated, packet.truncated, "cut off at the cycle limit");
        assertFalse(flit.truncated, "a lossy run must drain: " + flit);
        assertFalse(packet.twice, "a packet delivered twice");
        assertEquals(packet.generated, packet.measured, "every measured packet delivered once");
    }
}
