package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.kernel.SimulationException;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link AllocationStage} on its own: it passes the requests to the allocator part, answers
 * {@code inputGranted} / {@code outputWinner} from the grants, and refuses every answer that is not
 * a matching (out-of-range index, an input or an output granted twice, too many grants, an
 * exception), naming the use, the allocator, the router and the cycle. Both the bit-mask check
 * (up to 64 inputs and outputs) and the stamp check (more) are exercised.
 */
class AllocationStageTest {

    /** An allocator that answers a fixed list of request indices. */
    private static Allocator answering(int... answer) {
        return (router, count, requests, grants) -> {
            System.arraycopy(answer, 0, grants, 0, answer.length);
            return answer.length;
        };
    }

    private static AllocationStage stage(Allocator a, int ports) {
        return new AllocationStage("switch", "test-allocator", a, 16, ports, ports);
    }

    private static void request(AllocationStage s, int k, int input, int output) {
        s.input[k] = input;
        s.output[k] = output;
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 200})
    void aValidAnswerIsReportedPerInputAndOutputUntilTheNextCall(int ports) {
        int hi = ports - 1;
        int[][] answer = {{2, 0}};
        Allocator scripted = (router, count, requests, grants) -> {
            System.arraycopy(answer[0], 0, grants, 0, answer[0].length);
            return answer[0].length;
        };
        AllocationStage s = stage(scripted, ports);
        request(s, 0, 0, 5);
        request(s, 1, 0, hi);
        request(s, 2, hi, 3);
        assertEquals(2, s.allocate(7, 3, 100));
        assertTrue(s.inputGranted(0));
        assertTrue(s.inputGranted(hi));
        assertFalse(s.inputGranted(1));
        assertEquals(0, s.outputWinner(5));
        assertEquals(2, s.outputWinner(3));
        assertEquals(-1, s.outputWinner(hi));
        // the next call forgets the previous grants
        answer[0] = new int[] {0};
        request(s, 0, 1, hi);
        assertEquals(1, s.allocate(7, 1, 101));
        assertFalse(s.inputGranted(0));
        assertTrue(s.inputGranted(1));
        assertEquals(-1, s.outputWinner(5));
        assertEquals(0, s.outputWinner(hi));
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 200})
    void anInputGrantedTwiceFailsTheRunNamingTheAllocator(int ports) {
        AllocationStage s = stage(answering(0, 1), ports);
        request(s, 0, 3, 1);
        request(s, 1, 3, 2);
        SimulationException e = assertThrows(SimulationException.class, () -> s.allocate(4, 2, 55));
        assertTrue(e.getMessage().contains("switch allocator 'test-allocator' granted input 3 twice")
                && e.getMessage().contains("router 4") && e.getMessage().contains("cycle 55"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 200})
    void anOutputGrantedTwiceFailsTheRun(int ports) {
        AllocationStage s = stage(answering(0, 1), ports);
        request(s, 0, 1, 6);
        request(s, 1, 2, 6);
        SimulationException e = assertThrows(SimulationException.class, () -> s.allocate(0, 2, 1));
        assertTrue(e.getMessage().contains("granted output 6 twice"), e.getMessage());
    }

    @Test
    void anIndexOutOfRangeOrTooManyGrantsFailTheRun() {
        AllocationStage s = stage(answering(2, 0), 8);
        request(s, 0, 0, 0);
        SimulationException e = assertThrows(SimulationException.class, () -> s.allocate(0, 1, 9));
        assertTrue(e.getMessage().contains("returned 2 grants for 1 requests"), e.getMessage());
        AllocationStage t = stage(answering(1), 8);
        request(t, 0, 0, 0);
        e = assertThrows(SimulationException.class, () -> t.allocate(0, 1, 9));
        assertTrue(e.getMessage().contains("granted request 1, but the requests are 0..0"), e.getMessage());
        AllocationStage u = stage(answering(-1), 8);
        request(u, 0, 0, 0);
        assertThrows(SimulationException.class, () -> u.allocate(0, 1, 9));
    }

    @Test
    void anExceptionOfTheAllocatorIsReportedWithItsNameAndASimulationExceptionPassesThrough() {
        Allocator broken = (router, count, requests, grants) -> {
            throw new ArrayIndexOutOfBoundsException("Index 9 out of bounds for length 4");
        };
        AllocationStage s = stage(broken, 8);
        request(s, 0, 0, 0);
        SimulationException e = assertThrows(SimulationException.class, () -> s.allocate(2, 1, 30));
        assertTrue(e.getMessage().startsWith("switch allocator 'test-allocator' threw java.lang.ArrayIndexOutOfBounds"),
                e.getMessage());
        assertTrue(e.getCause() instanceof ArrayIndexOutOfBoundsException);
        SimulationException own = new SimulationException("already explained");
        AllocationStage p = stage((router, count, requests, grants) -> {
            throw own;
        }, 8);
        request(p, 0, 0, 0);
        assertSame(own, assertThrows(SimulationException.class, () -> p.allocate(0, 1, 1)));
    }

    @Test
    void theAllocatorSeesTheRequestsOfTheStage() {
        int[] seen = new int[3];
        Allocator spy = (router, count, requests, grants) -> {
            AllocationRequests q = requests;
            seen[0] = router;
            seen[1] = count;
            seen[2] = q.output()[count - 1];
            grants[0] = 0;
            return 1;
        };
        AllocationStage s = stage(spy, 8);
        request(s, 0, 0, 4);
        request(s, 1, 1, 7);
        assertEquals(1, s.allocate(5, 2, 0));
        assertEquals(5, seen[0]);
        assertEquals(2, seen[1]);
        assertEquals(7, seen[2]);
    }
}
