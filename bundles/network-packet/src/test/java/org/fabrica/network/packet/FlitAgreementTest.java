package org.fabrica.network.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The packet model against the flit model with whole packets on links, on the 8 x 8 torus (every crossbar organisation the packet model has): the
 * same packets (both draw generation from the nodes' streams) must see the same network. The
 * tolerances are the model's promise (accepted traffic within 1%, latency within 2% below
 * saturation; docs/model-reference.md, "The packet model"); on these configurations the two agree
 * to the cycle.
 */
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
    }

    @ParameterizedTest(name = "{0} crossbar, load {1}")
    @CsvSource({"shared, 0.6", "vc-inputs, 0.8", "per-vc, 0.7"})
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
    }
}
