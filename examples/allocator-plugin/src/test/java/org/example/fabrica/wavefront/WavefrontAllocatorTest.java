package org.example.fabrica.wavefront;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;
import org.junit.jupiter.api.Test;

/**
 * Checks the wavefront allocator without a framework, with requests laid out as the network model
 * lays them out (grouped by input, inputs in increasing order): every answer is a matching and is
 * maximal, the priority diagonal rotates so that contested outputs are shared, ties inside one
 * (input, output) cell are broken by rank and then round robin over subs, the same calls give the
 * same grants in the same order, and a call allocates nothing.
 */
class WavefrontAllocatorTest {

    /** The parameters, as the framework would bind them (there are none). */
    static WavefrontParameters parameters() {
        return new WavefrontParameters() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return WavefrontParameters.class;
            }
        };
    }

    static Allocator wavefront(AllocatorShape shape) {
        return new WavefrontAllocatorFactory().create(shape, parameters());
    }

    static Allocator wavefront(int inputs, int outputs, int subs) {
        return wavefront(AllocatorShape.uniform(1, inputs, outputs, subs));
    }

    /** One call's requests, filled as the network fills them. */
    static final class Problem {
        final AllocationRequests q = AllocationRequests.withCapacity(1024);
        int count;

        Problem add(int input, int output, int sub, int rank) {
            if (count > 0) {
                assertTrue(q.input()[count - 1] <= input, "test requests must come grouped by input");
            }
            q.input()[count] = input;
            q.output()[count] = output;
            q.sub()[count] = sub;
            q.rank()[count] = rank;
            count++;
            return this;
        }

        Problem add(int input, int output) {
            return add(input, output, 0, 0);
        }

        /** Grant indices of one call at {@code router}, checked to be a valid and maximal matching. */
        int[] run(Allocator a, int router) {
            int[] grants = new int[count];
            int n = a.allocate(router, count, q, grants);
            int[] result = Arrays.copyOf(grants, n);
            checkMatching(result);
            return result;
        }

        int[] run(Allocator a) {
            return run(a, 0);
        }

        void checkMatching(int[] grants) {
            boolean[] request = new boolean[count];
            boolean[] input = new boolean[1024];
            boolean[] output = new boolean[1024];
            for (int g : grants) {
                assertTrue(g >= 0 && g < count, "grant " + g + " out of range 0.." + (count - 1));
                assertFalse(request[g], "request " + g + " granted twice");
                request[g] = true;
                assertFalse(input[q.input()[g]], "input " + q.input()[g] + " granted twice");
                assertFalse(output[q.output()[g]], "output " + q.output()[g] + " granted twice");
                input[q.input()[g]] = true;
                output[q.output()[g]] = true;
            }
            for (int k = 0; k < count; k++) {
                assertFalse(!input[q.input()[k]] && !output[q.output()[k]], "not maximal: request " + k + " ("
                        + q.input()[k] + " -> " + q.output()[k] + ") has its input and its output free");
            }
        }

        int input(int grant) {
            return q.input()[grant];
        }

        int output(int grant) {
            return q.output()[grant];
        }

        int sub(int grant) {
            return q.sub()[grant];
        }
    }

    /** A random call: each input asks with probability {@code load}, for 1..3 outputs, some on several subs. */
    static Problem random(SplittableRandom rnd, int inputs, int outputs, int subs, double load) {
        Problem p = new Problem();
        for (int x = 0; x < inputs; x++) {
            if (rnd.nextDouble() >= load) {
                continue;
            }
            int asks = 1 + rnd.nextInt(3);
            for (int a = 0; a < asks; a++) {
                p.add(x, rnd.nextInt(outputs), rnd.nextInt(subs), rnd.nextInt(2));
            }
        }
        if (p.count == 0) {
            p.add(rnd.nextInt(inputs), rnd.nextInt(outputs), rnd.nextInt(subs), 0);
        }
        return p;
    }

    @Test
    void everyAnswerIsAValidMaximalMatchingOnSquareAndRectangularShapes() {
        int[][] shapes = {{4, 4, 1}, {5, 5, 2}, {5, 5, 4}, {10, 5, 1}, {5, 10, 1}, {20, 10, 1}, {1, 1, 1}, {1, 7, 2}};
        SplittableRandom rnd = new SplittableRandom(7);
        for (int[] s : shapes) {
            Allocator a = wavefront(s[0], s[1], s[2]);
            for (int call = 0; call < 3000; call++) {
                double load = (call % 10 + 1) / 10.0;
                random(rnd, s[0], s[1], s[2], load).run(a); // run() asserts matching and maximality
            }
        }
    }

    @Test
    void routersOfDifferentSizesEachGetValidMatchingsAndKeepTheirOwnPriorityDiagonal() {
        AllocatorShape shape = new AllocatorShape(new int[] {3, 6, 4}, new int[] {3, 4, 6}, 2);
        Allocator a = wavefront(shape);
        SplittableRandom rnd = new SplittableRandom(11);
        for (int call = 0; call < 3000; call++) {
            int r = rnd.nextInt(3);
            random(rnd, shape.inputs(r), shape.outputs(r), 2, 0.8).run(a, r);
        }
        // router 1's diagonal is not moved by calls at router 0: four inputs contend for output 0 at
        // router 0 (3 x 3) and router 1 (6 x 4, a 6 x 6 square) in turn
        Allocator b = wavefront(shape);
        StringBuilder r1 = new StringBuilder();
        for (int call = 0; call < 6; call++) {
            new Problem().add(0, 0).add(1, 0).add(2, 0).run(b, 0);
            Problem p = new Problem().add(0, 0).add(1, 0).add(2, 0).add(3, 0).add(4, 0).add(5, 0);
            r1.append(p.input(p.run(b, 1)[0]));
        }
        assertEquals("012345", r1.toString(), "router 1's priority diagonal moves once per call at router 1");
    }

    @Test
    void aFullRequestMatrixIsGrantedCompletelyAlongThePriorityDiagonalWhichRotates() {
        int n = 4;
        Allocator a = wavefront(n, n, 1);
        for (int call = 0; call < 3 * n; call++) {
            Problem p = new Problem();
            for (int x = 0; x < n; x++) {
                for (int o = 0; o < n; o++) {
                    p.add(x, o);
                }
            }
            int[] grants = p.run(a);
            assertEquals(n, grants.length, "a full matrix is matched completely, call " + call);
            for (int g : grants) {
                assertEquals(call % n, (p.input(g) + p.output(g)) % n,
                        "call " + call + " grants exactly the cells of priority diagonal " + call % n);
            }
        }
    }

    @Test
    void aContestedOutputIsSharedOverTheRotationOfThePriorityDiagonal() {
        // every input of a 4 x 4 router wants output 0: the input on the priority diagonal wins, in turn
        Allocator all = wavefront(4, 4, 1);
        StringBuilder winners = new StringBuilder();
        for (int call = 0; call < 8; call++) {
            Problem p = new Problem().add(0, 0).add(1, 0).add(2, 0).add(3, 0);
            int[] g = p.run(all);
            assertEquals(1, g.length);
            winners.append(p.input(g[0]));
        }
        assertEquals("01230123", winners.toString());

        // two inputs contend for one output: each gets it half of the time
        Allocator two = wavefront(4, 4, 1);
        int[] wins = new int[4];
        for (int call = 0; call < 400; call++) {
            Problem p = new Problem().add(1, 2).add(3, 2);
            wins[p.input(p.run(two)[0])]++;
        }
        assertEquals(200, wins[1]);
        assertEquals(200, wins[3]);
    }

    @Test
    void anInputThatKeepsRequestingIsGrantedWithinSquareCallsWhateverTheOtherRequests() {
        int n = 6;
        Allocator a = wavefront(n, n, 1);
        SplittableRandom rnd = new SplittableRandom(3);
        // input 2 asks for output 4 every call; the others ask at random, output 4 very often
        int sinceLastGrant = 0;
        for (int call = 0; call < 5000; call++) {
            Problem p = new Problem();
            for (int x = 0; x < n; x++) {
                if (x == 2) {
                    p.add(2, 4);
                } else if (rnd.nextDouble() < 0.9) {
                    p.add(x, rnd.nextDouble() < 0.7 ? 4 : rnd.nextInt(n));
                }
            }
            boolean granted = false;
            for (int g : p.run(a)) {
                granted |= p.input(g) == 2;
            }
            sinceLastGrant = granted ? 0 : sinceLastGrant + 1;
            assertTrue(sinceLastGrant < n, "input 2 waited " + sinceLastGrant + " calls at call " + call);
        }
    }

    @Test
    void requestsSharingACellAreGrantedOnceByRankThenRoundRobinOverSubs() {
        // input 1 asks for output 2 on subs 0, 1 and 2 at equal rank: one grant per call, the subs in turn
        Allocator a = wavefront(3, 3, 3);
        StringBuilder subs = new StringBuilder();
        for (int call = 0; call < 6; call++) {
            Problem p = new Problem().add(1, 2, 0, 0).add(1, 2, 1, 0).add(1, 2, 2, 0);
            int[] g = p.run(a);
            assertEquals(1, g.length, "one grant for one (input, output) pair");
            subs.append(p.sub(g[0]));
        }
        assertEquals("012012", subs.toString());

        // a smaller rank wins the cell whatever the sub pointer
        for (int call = 0; call < 4; call++) {
            Problem p = new Problem().add(0, 1, 0, 1).add(0, 1, 1, 0).add(0, 1, 2, 1);
            assertEquals(1, p.sub(p.run(a)[0]));
        }
    }

    @Test
    void grantsAreWrittenInSweepOrderFromThePriorityDiagonal() {
        // 3 x 3: input 0 -> output 1 (diagonal 1), input 1 -> output 2 (diagonal 0), input 2 -> output 0 (diagonal 2)
        Allocator a = wavefront(3, 3, 1);
        Problem p = new Problem().add(0, 1).add(1, 2).add(2, 0);
        assertArrayEquals(new int[] {1, 0, 2}, p.run(a), "priority diagonal 0: diagonals 0, 1, 2");
        assertArrayEquals(new int[] {0, 2, 1}, p.run(a), "priority diagonal 1: diagonals 1, 2, 0");
        assertArrayEquals(new int[] {2, 1, 0}, p.run(a), "priority diagonal 2: diagonals 2, 0, 1");
    }

    @Test
    void theSameCallsGiveTheSameGrantsInTheSameOrder() {
        AllocatorShape shape = new AllocatorShape(new int[] {5, 8}, new int[] {5, 4}, 2);
        Allocator first = wavefront(shape);
        Allocator second = wavefront(shape);
        SplittableRandom rnd = new SplittableRandom(42);
        List<String> answers = new ArrayList<>();
        for (int call = 0; call < 2000; call++) {
            int r = rnd.nextInt(2);
            Problem p = random(rnd, shape.inputs(r), shape.outputs(r), 2, 0.7);
            int[] one = p.run(first, r);
            int[] other = p.run(second, r);
            assertArrayEquals(one, other, "call " + call);
            answers.add(Arrays.toString(one));
        }
        assertTrue(answers.stream().distinct().count() > 100, "the test problems vary");
    }

    @Test
    void aCallAllocatesNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean threads) || !threads.isThreadAllocatedMemorySupported()) {
            return; // the JVM cannot count allocated bytes per thread
        }
        threads.setThreadAllocatedMemoryEnabled(true);
        Allocator a = wavefront(new AllocatorShape(new int[] {10, 5}, new int[] {5, 10}, 2));
        SplittableRandom rnd = new SplittableRandom(5);
        Problem[] problems = new Problem[64];
        for (int i = 0; i < problems.length; i++) {
            problems[i] = random(rnd, i % 2 == 0 ? 10 : 5, i % 2 == 0 ? 5 : 10, 2, 0.8);
        }
        int[] grants = new int[1024];
        long checksum = 0;
        for (int warm = 0; warm < 20_000; warm++) {
            Problem p = problems[warm % problems.length];
            checksum += a.allocate(warm % 2, p.count, p.q, grants);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int call = 0; call < 100_000; call++) {
            Problem p = problems[call % problems.length];
            checksum += a.allocate(call % 2, p.count, p.q, grants);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertTrue(checksum > 0);
        // a few hundred bytes may be the measurement itself; one object per call would be megabytes
        assertTrue(allocated < 10_000, "100000 calls allocated " + allocated + " bytes");
    }
}
