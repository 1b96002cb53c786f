package org.fabrica.router.allocators;

import java.util.Arrays;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;

/**
 * Separable input-first allocation like {@link SeparableRoundRobin}, with a criterion before the
 * round-robin order in both stages: the request's class priority (0 first: a barrier VC always
 * wins) or the requesting packet's age (oldest first). Ties fall back to round robin, pointers
 * move past the winner on a grant.
 * <ul>
 * <li>Input stage: smallest {@code (criterion, rank, output distance, sub distance)}.</li>
 * <li>Output stage: smallest {@code (criterion, input distance)} among the input-stage winners.</li>
 * </ul>
 */
final class PrioritySeparable implements Allocator {
    /** What orders requests before round robin. */
    enum Criterion { PRIORITY, AGE }

    private final Criterion criterion;
    private final int[] inputs;
    private final int[] outputs;
    private final int subs;
    private final PointerBlocks pointers;
    private final int[] outputWinner;
    private final long[] outputCriterion;
    private final int[] outputKey;
    private final int[] touchedOutputs;

    PrioritySeparable(AllocatorShape shape, Criterion criterion) {
        this.criterion = criterion;
        this.inputs = shape.inputs();
        this.outputs = shape.outputs();
        this.subs = shape.subs();
        this.pointers = new PointerBlocks(shape);
        int maxOut = shape.maxOutputs();
        outputWinner = new int[maxOut];
        Arrays.fill(outputWinner, -1);
        outputCriterion = new long[maxOut];
        outputKey = new int[maxOut];
        touchedOutputs = new int[maxOut];
    }

    @Override
    public boolean usesPriority() {
        return criterion == Criterion.PRIORITY;
    }

    @Override
    public boolean usesAge() {
        return criterion == Criterion.AGE;
    }

    private long criterion(AllocationRequests q, int i) {
        return criterion == Criterion.PRIORITY ? q.priority()[i] : q.age()[i];
    }

    @Override
    public int allocate(int router, int count, AllocationRequests q, int[] grants) {
        final int nIn = inputs[router];
        final int nOut = outputs[router];
        final char[] p = pointers.p;
        final int[] in = q.input();
        final int[] out = q.output();
        final int[] sub = q.sub();
        final int[] rank = q.rank();
        int n = 0;
        int i = 0;
        while (i < count) {
            int x = in[i];
            int outPointer = p[pointers.inputOutput(router, x)];
            int subPointer = subs > 1 ? p[pointers.inputSub(router, x)] : 0;
            int best = -1;
            long bestCriterion = 0;
            long bestKey = 0;
            for (; i < count && in[i] == x; i++) {
                long c = criterion(q, i);
                long key = ((long) rank[i] * nOut + PointerBlocks.distance(out[i], outPointer, nOut)) * subs
                        + PointerBlocks.distance(sub[i], subPointer, subs);
                if (best < 0 || c < bestCriterion || c == bestCriterion && key < bestKey) {
                    best = i;
                    bestCriterion = c;
                    bestKey = key;
                }
            }
            int o = out[best];
            int d = PointerBlocks.distance(x, p[pointers.outputInput(router, o)], nIn);
            int current = outputWinner[o];
            if (current < 0) {
                touchedOutputs[n++] = o;
            } else if (bestCriterion > outputCriterion[o] || bestCriterion == outputCriterion[o] && d >= outputKey[o]) {
                continue;
            }
            outputWinner[o] = best;
            outputCriterion[o] = bestCriterion;
            outputKey[o] = d;
        }
        for (int k = 0; k < n; k++) {
            int o = touchedOutputs[k];
            int g = outputWinner[o];
            outputWinner[o] = -1;
            grants[k] = g;
            int x = in[g];
            p[pointers.outputInput(router, o)] = PointerBlocks.next(x, nIn);
            p[pointers.inputOutput(router, x)] = PointerBlocks.next(o, nOut);
            if (subs > 1) {
                p[pointers.inputSub(router, x)] = PointerBlocks.next(sub[g], subs);
            }
        }
        return n;
    }
}
