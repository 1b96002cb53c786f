package org.fabrica.router.allocators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;
import org.fabrica.router.allocators.AllocatorsTest.Problem;
import org.junit.jupiter.api.Test;

/** {@code vl-arbitration}: InfiniBand's weighted VL arbitration at each output, weights in flits. */
class VlArbitrationTest {
    private static Allocator vl(int inputs, int outputs, Map<String, Object> tables) {
        return new VlArbitrationFactory().create(AllocatorShape.uniform(1, inputs, outputs, 4),
                Parameters.bind(VlArbitrationParameters.class, tables, "vl-arbitration"));
    }

    /** Inputs 0..vcs-1 each request output 0 on output VC = input; the sequence of VCs served. */
    private static String serve(Allocator a, int cycles, int... vcs) {
        StringBuilder s = new StringBuilder();
        for (int t = 0; t < cycles; t++) {
            Problem p = new Problem();
            for (int vc : vcs) {
                p.add(vc, 0, vc, 0, 0, 0);
                p.q.outputVc()[p.count - 1] = vc;
            }
            List<int[]> g = p.run(a);
            assertEquals(1, g.size(), "an output sends one flit a cycle");
            s.append(g.get(0)[0]);
        }
        return s.toString();
    }

    @Test
    void eachEntrySendsItsWeightInFlitsThenTheNextTakesOver() {
        Allocator a = vl(4, 1, Map.of("low", List.of("0:3", "1:1", "2:2")));
        assertEquals("000122" + "000122", serve(a, 12, 0, 1, 2));
        // VC 1 has nothing to send: its entry is skipped
        assertEquals("000220" + "00220", serve(vl(4, 1, Map.of("low", List.of("0:3", "1:1", "2:2"))), 11, 0, 2));
    }

    @Test
    void highPriorityGoesFirstAndItsLimitLetsOneLowFlitPass() {
        Map<String, Object> tables = Map.of("high", List.of("0:1", "1:1"), "low", List.of("2:1", "3:1"));
        assertEquals("01010101", serve(vl(4, 1, tables), 8, 0, 1, 2, 3), "no limit: low waits");
        assertEquals("2323", serve(vl(4, 1, tables), 4, 2, 3), "high idle: low goes");
        Map<String, Object> limited = Map.of("high", List.of("0:1", "1:1"), "low", List.of("2:1", "3:1"),
                "highLimit", 2);
        assertEquals("012013012", serve(vl(4, 1, limited), 9, 0, 1, 2, 3));
    }

    @Test
    void aVcInNoTableIsNeverServedAndTheGrantsAreAMatching() {
        Allocator a = vl(4, 2, Map.of("low", List.of("0:1", "1:1")));
        Problem p = new Problem();
        // input 0 asks output 0 on VC 0 and output 1 on VC 1; input 1 asks output 1 on VC 0; input 2 output 0 on VC 3
        p.add(0, 0, 0, 0, 0, 0).add(0, 1, 0, 1, 0, 0).add(1, 1, 0, 0, 0, 0).add(2, 0, 1, 0, 0, 0);
        int[] vcs = {0, 1, 0, 3};
        System.arraycopy(vcs, 0, p.q.outputVc(), 0, 4);
        for (int t = 0; t < 6; t++) {
            for (int[] g : p.run(a)) {
                assertTrue(g[0] != 2, "input 2's VC 3 is in no table");
            }
        }
    }

    @Test
    void theTextFormWritesATableAsEntriesApartBySpaces() {
        org.fabrica.router.PartChoice c = org.fabrica.router.PartChoice.parse("vl-arbitration(low=0:2  1:1)");
        String spaced = serve(vl(2, 1, c.parameters()), 6, 0, 1);
        assertEquals(serve(vl(2, 1, Map.of("low", List.of("0:2", "1:1"))), 6, 0, 1), spaced);
        assertEquals("001001", spaced, "VC 0 sends 2 flits, VC 1 one, in turn");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> vl(2, 1, org.fabrica.router.PartChoice.parse("vl-arbitration(high=0:4 1-4)").parameters()));
        assertTrue(e.getMessage().contains("entry 1 of the high table is '1-4'"), e.getMessage());
    }

    @Test
    void badTablesAreRefusedNamingTheEntry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> vl(2, 1, Map.of("low", List.of("0:4", "1-4"))));
        assertTrue(e.getMessage().contains("entry 1 of the low table is '1-4'; write vc:weight"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> vl(2, 1, Map.of()));
        assertTrue(e.getMessage().contains("needs at least one table entry"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> vl(2, 1, Map.of("high", List.of("64:1"))));
        assertTrue(e.getMessage().contains("the VC is 0 .. 63"), e.getMessage());
    }
}
