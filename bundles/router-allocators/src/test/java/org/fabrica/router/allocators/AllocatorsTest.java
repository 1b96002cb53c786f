package org.fabrica.router.allocators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;
import org.junit.jupiter.api.Test;

class AllocatorsTest {
    /** Requests as the network gives them: grouped by input, inputs in increasing order. */
    static final class Problem {
        final AllocationRequests q = AllocationRequests.withCapacity(256);
        int count;

        Problem add(int input, int output, int sub, int rank, int priority, long age) {
            q.input()[count] = input;
            q.output()[count] = output;
            q.sub()[count] = sub;
            q.rank()[count] = rank;
            q.priority()[count] = priority;
            q.age()[count] = age;
            count++;
            return this;
        }

        Problem add(int input, int output) {
            return add(input, output, 0, 0, 0, 0);
        }

        /** The granted (input, output) pairs, checked to be a matching. */
        List<int[]> run(Allocator a) {
            int[] grants = new int[256];
            int n = a.allocate(0, count, q, grants);
            List<int[]> pairs = new ArrayList<>();
            Set<Integer> ins = new HashSet<>();
            Set<Integer> outs = new HashSet<>();
            for (int k = 0; k < n; k++) {
                int i = grants[k];
                assertTrue(i >= 0 && i < count, "grant " + i + " out of range");
                assertTrue(ins.add(q.input()[i]), "input " + q.input()[i] + " granted twice");
                assertTrue(outs.add(q.output()[i]), "output " + q.output()[i] + " granted twice");
                pairs.add(new int[] {q.input()[i], q.output()[i], q.sub()[i]});
            }
            return pairs;
        }
    }

    static Allocator roundRobin(int inputs, int outputs, int subs) {
        return new RoundRobinFactory().create(AllocatorShape.uniform(1, inputs, outputs, subs),
                Parameters.defaults(RoundRobinParameters.class));
    }

    static Allocator islip(int inputs, int outputs, int iterations) {
        return new IslipFactory().create(AllocatorShape.uniform(1, inputs, outputs, 1),
                Parameters.bind(IslipParameters.class, java.util.Map.of("iterations", iterations), "islip"));
    }

    @Test
    void roundRobinAlternatesTwoInputsCompetingForOneOutput() {
        Allocator rr = roundRobin(4, 4, 1);
        StringBuilder winners = new StringBuilder();
        for (int c = 0; c < 6; c++) {
            List<int[]> g = new Problem().add(1, 2).add(3, 2).run(rr);
            assertEquals(1, g.size());
            winners.append(g.get(0)[0]);
        }
        assertEquals("131313", winners.toString());
    }

    @Test
    void roundRobinInputStageTakesThePreferredRankFirstThenRotatesOverOutputsAndSubs() {
        Allocator rr = roundRobin(2, 4, 2);
        // input 0 asks for output 3 (rank 1) and output 1 (rank 0): rank wins
        assertEquals(1, new Problem().add(0, 3, 0, 1, 0, 0).add(0, 1, 1, 0, 0, 0).run(rr).get(0)[1]);
        // its output pointer is now 2: of outputs 1 and 3 at equal rank, 3 comes first
        assertEquals(3, new Problem().add(0, 1, 0, 0, 0, 0).add(0, 3, 1, 0, 0, 0).run(rr).get(0)[1]);
        // two subs for the same output: the sub pointer (now past sub 1) rotates to sub 0
        assertEquals(0, new Problem().add(0, 0, 0, 0, 0, 0).add(0, 0, 1, 0, 0, 0).run(rr).get(0)[2]);
    }

    @Test
    void roundRobinIgnoresPrioritiesAndPriorityAllocatorHonoursThem() {
        Allocator rr = roundRobin(4, 4, 1);
        Allocator priority = new PriorityFactory().create(AllocatorShape.uniform(1, 4, 4, 1),
                Parameters.defaults(PriorityParameters.class));
        assertTrue(priority.usesPriority());
        int rrBarrierWins = 0;
        for (int c = 0; c < 10; c++) {
            // input 2 carries the barrier class (priority 0), input 0 data (priority 1), same output
            Problem p = new Problem().add(0, 1, 0, 0, 1, 0).add(2, 1, 0, 0, 0, 0);
            assertEquals(2, p.run(priority).get(0)[0], "the barrier class always wins, call " + c);
            rrBarrierWins += new Problem().add(0, 1, 0, 0, 1, 0).add(2, 1, 0, 0, 0, 0).run(rr).get(0)[0] == 2 ? 1 : 0;
        }
        assertEquals(5, rrBarrierWins, "round robin alternates whatever the priorities");
    }

    @Test
    void oldestFirstServesTheOldestPacketAtTheInputAndAtTheOutput() {
        Allocator oldest = new OldestFirstFactory().create(AllocatorShape.uniform(1, 3, 3, 2),
                Parameters.defaults(OldestFirstParameters.class));
        assertTrue(oldest.usesAge());
        for (int c = 0; c < 4; c++) {
            // output stage: input 2's packet (created at 5) is older than input 0's (at 9)
            assertEquals(2, new Problem().add(0, 1, 0, 0, 0, 9).add(2, 1, 0, 0, 0, 5).run(oldest).get(0)[0]);
            // input stage: of input 1's two VCs, the older one (sub 1) goes first
            assertEquals(1, new Problem().add(1, 0, 0, 0, 0, 20).add(1, 2, 1, 0, 0, 3).run(oldest).get(0)[2]);
        }
    }

    @Test
    void islipMoreIterationsFindMoreMatchesOnTheFirstCall() {
        // every input requests every output: with all pointers at 0 every output grants input 0
        for (int iterations = 1; iterations <= 3; iterations++) {
            Allocator a = islip(3, 3, iterations);
            Problem p = new Problem();
            for (int i = 0; i < 3; i++) {
                for (int o = 0; o < 3; o++) {
                    p.add(i, o);
                }
            }
            assertEquals(iterations, p.run(a).size(), "iSLIP-" + iterations + " on a full 3 x 3 request matrix");
        }
    }

    @Test
    void islipOneIterationDesynchronisesToAFullMatchingUnderSustainedLoad() {
        Allocator a = islip(4, 4, 1);
        int last = 0;
        for (int c = 0; c < 8; c++) {
            Problem p = new Problem();
            for (int i = 0; i < 4; i++) {
                for (int o = 0; o < 4; o++) {
                    p.add(i, o);
                }
            }
            last = p.run(a).size();
        }
        assertEquals(4, last, "iSLIP's pointers desynchronise: 100% throughput under uniform full load");
    }

    @Test
    void islipIsNotSeparableRoundRobin() {
        // output-first: input 0 gets both grants on a full matrix, accepts one; RR input-first would
        // let input 1 pick the other output in the same cycle
        Problem p = new Problem().add(0, 0).add(0, 1).add(1, 0).add(1, 1);
        assertEquals(1, p.run(islip(2, 2, 1)).size());
        Problem q = new Problem().add(0, 0).add(0, 1).add(1, 0).add(1, 1);
        assertEquals(1, q.run(roundRobin(2, 2, 1)).size(), "input-first: both inputs pick output 0 first");
    }

    @Test
    void everyAllocatorReturnsAMatchingAndGrantsSomethingWhenAsked() {
        SplittableRandom random = new SplittableRandom(7);
        AllocatorShape shape = AllocatorShape.uniform(1, 6, 5, 3);
        List<Allocator> all = List.of(
                new RoundRobinFactory().create(shape, Parameters.defaults(RoundRobinParameters.class)),
                new IslipFactory().create(shape, Parameters.bind(IslipParameters.class, java.util.Map.of("iterations", 2), "islip")),
                new PriorityFactory().create(shape, Parameters.defaults(PriorityParameters.class)),
                new OldestFirstFactory().create(shape, Parameters.defaults(OldestFirstParameters.class)));
        for (Allocator a : all) {
            for (int c = 0; c < 500; c++) {
                Problem p = new Problem();
                for (int i = 0; i < 6; i++) {
                    int k = random.nextInt(4);
                    for (int r = 0; r < k; r++) {
                        p.add(i, random.nextInt(5), random.nextInt(3), random.nextInt(2), random.nextInt(3),
                                random.nextInt(100));
                    }
                }
                if (p.count == 0) {
                    continue;
                }
                assertFalse(p.run(a).isEmpty(), a.getClass().getSimpleName() + " granted nothing for " + p.count
                        + " requests");
            }
        }
    }

    /**
     * A plain restatement of separable input-first round robin (the class comment of
     * {@link SeparableRoundRobin}), without its shortcuts: per input the request of smallest
     * (rank, output distance, sub distance), per output the bidder of smallest input distance,
     * pointers past each grant. Grants in the order their outputs first received a bidder.
     */
    static final class ReferenceRoundRobin {
        final int inputs;
        final int outputs;
        final int subs;
        final int[] outputPointer;
        final int[] subPointer;
        final int[] inputPointer;

        ReferenceRoundRobin(int inputs, int outputs, int subs) {
            this.inputs = inputs;
            this.outputs = outputs;
            this.subs = subs;
            outputPointer = new int[inputs];
            subPointer = new int[inputs];
            inputPointer = new int[outputs];
        }

        List<Integer> allocate(Problem p) {
            AllocationRequests q = p.q;
            List<Integer> bidders = new ArrayList<>();
            for (int x = 0; x < inputs; x++) {
                int best = -1;
                long bestKey = Long.MAX_VALUE;
                for (int i = 0; i < p.count; i++) {
                    if (q.input()[i] != x) {
                        continue;
                    }
                    long key = ((long) q.rank()[i] * outputs + Math.floorMod(q.output()[i] - outputPointer[x], outputs)) * subs
                            + Math.floorMod(q.sub()[i] - subPointer[x], subs);
                    if (key < bestKey) {
                        bestKey = key;
                        best = i;
                    }
                }
                if (best >= 0) {
                    bidders.add(best);
                }
            }
            List<Integer> outputOrder = new ArrayList<>();
            java.util.Map<Integer, Integer> winner = new java.util.HashMap<>();
            for (int b : bidders) {
                int o = q.output()[b];
                if (!winner.containsKey(o)) {
                    outputOrder.add(o);
                    winner.put(o, b);
                } else if (Math.floorMod(q.input()[b] - inputPointer[o], inputs)
                        < Math.floorMod(q.input()[winner.get(o)] - inputPointer[o], inputs)) {
                    winner.put(o, b);
                }
            }
            List<Integer> grants = new ArrayList<>();
            for (int o : outputOrder) {
                int g = winner.get(o);
                grants.add(g);
                int x = q.input()[g];
                inputPointer[o] = (x + 1) % inputs;
                outputPointer[x] = (o + 1) % outputs;
                subPointer[x] = (q.sub()[g] + 1) % subs;
            }
            return grants;
        }
    }

    @Test
    void roundRobinGivesTheGrantsOfItsPlainDefinitionCallAfterCall() {
        // long sequences of calls mixing one-input calls (answered by a shortcut) and contested
        // ones, so that pointers left by one kind of call are read by the other
        SplittableRandom random = new SplittableRandom(11);
        int inputs = 5;
        int outputs = 4;
        int subs = 3;
        Allocator rr = roundRobin(inputs, outputs, subs);
        ReferenceRoundRobin reference = new ReferenceRoundRobin(inputs, outputs, subs);
        int oneInputCalls = 0;
        for (int c = 0; c < 5000; c++) {
            Problem p = new Problem();
            boolean oneInput = random.nextBoolean();
            int only = random.nextInt(inputs);
            for (int x = 0; x < inputs; x++) {
                if (oneInput && x != only) {
                    continue;
                }
                int k = oneInput ? 1 + random.nextInt(4) : random.nextInt(3);
                for (int r = 0; r < k; r++) {
                    p.add(x, random.nextInt(outputs), random.nextInt(subs), random.nextInt(2), 0, 0);
                }
            }
            if (p.count == 0) {
                continue;
            }
            if (p.q.input()[0] == p.q.input()[p.count - 1]) {
                oneInputCalls++;
            }
            int[] grants = new int[16];
            int n = rr.allocate(0, p.count, p.q, grants);
            List<Integer> got = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                got.add(grants[k]);
            }
            assertEquals(reference.allocate(p), got, "call " + c);
        }
        assertTrue(oneInputCalls > 1000, "the sequence exercised one-input calls: " + oneInputCalls);
    }

    @Test
    void routersOfDifferentSizesKeepTheirOwnPointersInBlocksOfTheirOwnSize() {
        // a switch of 5 inputs and 4 outputs beside an interface of 2 and 2 (VOQ access in a KNS:
        // 9,216 inputs against 36): calls to the routers interleaved, each as if it were alone
        int[] ins = {5, 2, 5};
        int[] outs = {4, 2, 4};
        int subs = 3;
        AllocatorShape shape = new AllocatorShape(ins, outs, subs);
        assertEquals((2 * 5 + 4) + (2 * 2 + 2) + (2 * 5 + 4), new PointerBlocks(shape).p.length,
                "each block holds its router's own input, sub and output pointers");
        Allocator rr = new RoundRobinFactory().create(shape, Parameters.defaults(RoundRobinParameters.class));
        ReferenceRoundRobin[] alone = new ReferenceRoundRobin[ins.length];
        for (int r = 0; r < ins.length; r++) {
            alone[r] = new ReferenceRoundRobin(ins[r], outs[r], subs);
        }
        SplittableRandom random = new SplittableRandom(5);
        for (int c = 0; c < 3000; c++) {
            int r = random.nextInt(ins.length);
            Problem p = new Problem();
            for (int x = 0; x < ins[r]; x++) {
                for (int k = random.nextInt(3); k > 0; k--) {
                    p.add(x, random.nextInt(outs[r]), random.nextInt(subs), random.nextInt(2), 0, 0);
                }
            }
            if (p.count == 0) {
                continue;
            }
            int[] grants = new int[16];
            int n = rr.allocate(r, p.count, p.q, grants);
            List<Integer> got = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                got.add(grants[k]);
            }
            assertEquals(alone[r].allocate(p), got, "call " + c + " at router " + r);
        }
    }

    @Test
    void roundRobinRefusesShapesBeyondItsSixteenBitPointers() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> roundRobin(70_000, 4, 1));
        assertTrue(e.getMessage().contains("at most 65535") && e.getMessage().contains("70000 inputs"), e.getMessage());
    }
}
