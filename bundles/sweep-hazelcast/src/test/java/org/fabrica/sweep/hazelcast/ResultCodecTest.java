package org.fabrica.sweep.hazelcast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

class ResultCodecTest {
    @Test
    void aResultComesBackWithEveryBitOfItsMetricsItsNotesInOrderAndItsFiles() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("status", "ok");
        notes.put("pattern", "uniform");
        notes.put("a", "ünïcode ✓");
        double odd = Double.longBitsToDouble(0x7ff8_0000_0000_0123L); // a NaN with a payload
        List<Metric> metrics = List.of(new Metric("latency.avg", 20.836065573770492, "cycles", "mean latency"),
                new Metric("nan", odd, null, ""), new Metric("neg", -0.0, "x", "negative zero"));
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2};
        ShippedResult in = new ShippedResult(new PointResult(new SweepPoint("e1", "uniform/dor/l0.1/s1", 7), metrics,
                notes, null, 1234), Map.of("spacetime/uniform_dor_l0.1_s1.png", png));
        ShippedResult out = ResultCodec.decode(ResultCodec.encode(in));
        PointResult r = out.result();
        assertEquals(in.result().point(), r.point());
        assertEquals(3, r.metrics().size());
        for (int i = 0; i < 3; i++) {
            assertEquals(metrics.get(i).name(), r.metrics().get(i).name());
            assertEquals(Double.doubleToRawLongBits(metrics.get(i).value()),
                    Double.doubleToRawLongBits(r.metrics().get(i).value()));
            assertEquals(metrics.get(i).unit(), r.metrics().get(i).unit());
            assertEquals(metrics.get(i).description(), r.metrics().get(i).description());
        }
        assertEquals(List.copyOf(notes.entrySet()), List.copyOf(r.notes().entrySet()), "notes in their order");
        assertNull(r.failure());
        assertEquals(1234, r.wallMillis());
        assertArrayEquals(png, out.files().get("spacetime/uniform_dor_l0.1_s1.png"));
    }

    @Test
    void aFailedResultKeepsItsMessage() {
        ShippedResult in = new ShippedResult(new PointResult(new SweepPoint("e", "p", 0), List.of(), Map.of(),
                "routing dor (bundle x 1.0): no port", 5), Map.of());
        PointResult r = ResultCodec.decode(ResultCodec.encode(in)).result();
        assertTrue(r.failed());
        assertEquals("routing dor (bundle x 1.0): no port", r.failure());
    }

    @Test
    void aCutShortAnswerIsRefusedWithAMessage() {
        byte[] whole = ResultCodec.encode(new ShippedResult(new PointResult(new SweepPoint("e", "p", 0), List.of(),
                Map.of("k", "v"), null, 5), Map.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultCodec.decode(Arrays.copyOf(whole, whole.length - 3)));
        assertTrue(e.getMessage().contains("cut short"), e.getMessage());
        byte[] otherFormat = whole.clone();
        otherFormat[3] = 9;
        e = assertThrows(IllegalArgumentException.class, () -> ResultCodec.decode(otherFormat));
        assertTrue(e.getMessage().contains("format 9"), e.getMessage());
    }
}
