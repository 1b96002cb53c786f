package org.fabrica.router;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RouterApiTest {
    @Test
    void shapesKnowTheirLargestRouterAndRejectEmptyOnes() {
        AllocatorShape s = new AllocatorShape(new int[] {3, 7}, new int[] {5, 2}, 2);
        assertEquals(2, s.routers());
        assertEquals(7, s.maxInputs());
        assertEquals(5, s.maxOutputs());
        int[] inputs = s.inputs();
        inputs[0] = 99;
        assertEquals(3, s.inputs(0), "the shape keeps its own copy");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new AllocatorShape(new int[] {3}, new int[] {0}, 1)).getMessage().contains("router 0"));
        assertThrows(IllegalArgumentException.class, () -> new AllocatorShape(new int[] {3}, new int[] {3}, 0));
        assertThrows(IllegalArgumentException.class, () -> new AllocatorShape(new int[] {3, 3}, new int[] {3}, 1));
    }

    @Test
    void requestArraysMustHaveOneLength() {
        assertEquals(16, AllocationRequests.withCapacity(16).capacity());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new AllocationRequests(new int[2], new int[2],
                new int[2], new int[3], new int[2], new long[2])).getMessage().contains("rank 3"));
        assertThrows(IllegalArgumentException.class, () -> AllocationRequests.withCapacity(0));
    }

    @Test
    void partChoicesNeedANameAndKeepTheirParameters() {
        PartChoice c = new PartChoice("islip", Map.of("iterations", 2));
        assertEquals("islip{iterations=2}", c.toString());
        assertEquals("round-robin", PartChoice.of("round-robin").toString());
        assertThrows(IllegalArgumentException.class, () -> PartChoice.of(" "));
        assertThrows(UnsupportedOperationException.class, () -> c.parameters().put("x", 1));
    }

    @Test
    void aPartChoiceIsReadFromItsTextForm() {
        assertEquals(PartChoice.of("round-robin"), PartChoice.parse(" round-robin "));
        assertEquals(new PartChoice("islip", Map.of("iterations", "2")), PartChoice.parse("islip(iterations=2)"));
        assertEquals(new PartChoice("x", Map.of("a", "1", "b", "true")), PartChoice.parse("x( a = 1 , b=true)"));
        assertEquals(PartChoice.of("x"), PartChoice.parse("x()"));
        for (String bad : new String[] {"", "islip(iterations)", "islip(iterations=2", "(a=1)", "islip iterations=2",
                "x(a=1,a=2)", "x(a=(1))"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PartChoice.parse(bad), bad);
            assertTrue(e.getMessage().contains("name(key=value") || e.getMessage().contains("twice"), e.getMessage());
        }
    }

    @Test
    void aWeightedEntryIsReadAndWrittenInOneForm() {
        assertEquals(new WeightedEntry(3, 64), WeightedEntry.parse(" 3 : 64 "));
        assertEquals("3:64", new WeightedEntry(3, 64).text());
        assertEquals(new WeightedEntry(-1, 0), WeightedEntry.parse("-1:0"), "ranges are the reader's");
        for (String bad : new String[] {"3", "3:", ":4", "3:4:5", "a:4", "3;4", "", "3:4.5"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WeightedEntry.parse(bad),
                    bad);
            assertEquals("'" + bad + "' is not vc:weight", e.getMessage());
        }
    }
}
