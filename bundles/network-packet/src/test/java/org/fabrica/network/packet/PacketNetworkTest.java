package org.fabrica.network.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.network.NetworkModel;
import org.junit.jupiter.api.Test;

/** The packet model's own behaviour: timing of a lone packet, idle cycles, accounting, determinism, refusals. */
class PacketNetworkTest {
    @Test
    void aLonePacketTakesTheFlitModelsZeroLoadLatencyAndTheKernelSkipsTheIdleCycles() {
        // node 0 = (0,0) to node 19 = (3,2) on the 8 x 8 torus: 5 links under DOR; generic delays all 1:
        // latency = L + (h + 1)(R + VA + S + ST + L) + F = 1 + 6 x 5 + 8 (docs/model-reference.md, section 8)
        ModelPair p = new ModelPair();
        p.linkLatency = 1;
        p.injectionOverride = ModelPair.single(0);
        p.patternOverride = (source, random) -> 19;
        p.warmup = 0;
        p.measure = 1;
        ModelPair.Window w = p.packet();
        assertEquals(1, w.measured);
        assertEquals(39, w.latencySum);
        assertEquals(5, w.hopsSum);
        assertEquals(8 * (5 + 2), w.flitHops);
        assertEquals(40, w.cycles, "cycles counts the skipped ones");
        // at most three cycles per router (routing, the VC, the switch), the injection and the delivery
        assertTrue(w.calls <= 3 * 6 + 2, "the model simulated " + w.calls + " of 40 cycles; it should skip the idle ones");
        assertEquals(w.latencySum, p.flit().latencySum, "the flit model's latency");
    }

    @Test
    void pastSaturationEveryPacketIsDeliveredOnceAndTheRestAreAccountedFor() {
        ModelPair p = new ModelPair();
        p.load = 0.9;
        p.maxCycles = 6_000;
        ModelPair.Window w = new ModelPair.Window(0, 6_000);
        NetworkModel net = p.packetModel(w);
        ModelPair.run(net);
        assertTrue(net.truncated());
        assertFalse(w.twice);
        assertEquals(net.generated(), net.delivered() + net.inFlight());
        assertEquals(w.deliveredAll, net.delivered());
        assertTrue(net.inFlight() > 1000, "saturated: " + net.inFlight() + " packets left");
    }

    @Test
    void theSameSeedGivesTheSameRunAndAnotherSeedAnother() {
        ModelPair a = new ModelPair();
        a.seed = 5;
        ModelPair b = new ModelPair();
        b.seed = 5;
        ModelPair c = new ModelPair();
        c.seed = 6;
        ModelPair.Window wa = a.packet();
        ModelPair.Window wb = b.packet();
        ModelPair.Window wc = c.packet();
        assertEquals(wa.latencySum, wb.latencySum);
        assertEquals(wa.flitHops, wb.flitHops);
        assertNotEquals(wa.latencySum, wc.latencySum);
    }

    @Test
    void wormholeIsRefusedNamingTheFlitModel() {
        ModelPair p = new ModelPair();
        p.flowControl = "wormhole";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, p::packet);
        assertTrue(e.getMessage().contains("wormhole") && e.getMessage().contains("network: {name: flit}"),
                e.getMessage());
    }

    @Test
    void outputsThatInterleaveFlitsAreRefusedNamingTheSetting() {
        ModelPair p = new ModelPair();
        p.interleaving = "flits";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, p::packet);
        assertTrue(e.getMessage().contains("outputInterleaving") && e.getMessage().contains("linkInterleaving"),
                e.getMessage());
    }

    @Test
    void aBufferSmallerThanAPacketIsRefused() {
        ModelPair p = new ModelPair();
        p.bufferFlits = 6;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, p::packet);
        assertTrue(e.getMessage().contains("bufferFlits = 6"), e.getMessage());
    }
}
