package org.fabrica.router.allocators;

import java.util.Arrays;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;

/**
 * iSLIP (N. McKeown, "The iSLIP scheduling algorithm for input-queued switches", IEEE/ACM ToN
 * 7(2), 1999), with a configurable number of iterations. Each iteration, among the inputs and
 * outputs not matched yet:
 * <ol>
 * <li>Request: every input requests every output it has a request for.</li>
 * <li>Grant: every output grants the requesting input next in round-robin order from its grant
 * pointer.</li>
 * <li>Accept: every input accepts, among the outputs that granted it, the one of its requests with
 * the smallest {@code (rank, output distance from its accept pointer, sub distance from its sub
 * pointer)}: its most preferred request first, then round robin.</li>
 * </ol>
 * Pointers move only for matches made in the first iteration: the output's grant pointer to the
 * accepted input + 1, the input's accept pointer to the accepted output + 1 (and its sub pointer
 * past the accepted sub), which desynchronises the pointers under load. Grants are written in the
 * order the matches are made: by iteration, then by input. Priorities and ages are ignored.
 */
final class Islip implements Allocator {
    private final int iterations;
    private final int[] inputs;
    private final int[] outputs;
    private final int subs;
    private final PointerBlocks pointers;
    private final int[] grantedInput;
    private final int[] grantKey;
    private final int[] touchedOutputs;
    private final boolean[] inputMatched;
    private final boolean[] outputMatched;

    Islip(AllocatorShape shape, int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iSLIP iterations = " + iterations + "; use >= 1");
        }
        this.iterations = iterations;
        this.inputs = shape.inputs();
        this.outputs = shape.outputs();
        this.subs = shape.subs();
        this.pointers = new PointerBlocks(shape);
        int maxIn = shape.maxInputs();
        int maxOut = shape.maxOutputs();
        grantedInput = new int[maxOut];
        Arrays.fill(grantedInput, -1);
        grantKey = new int[maxOut];
        touchedOutputs = new int[maxOut];
        inputMatched = new boolean[maxIn];
        outputMatched = new boolean[maxOut];
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
        for (int iteration = 0; iteration < iterations; iteration++) {
            // grant: each unmatched output picks the requesting unmatched input next from its pointer
            int touched = 0;
            for (int i = 0; i < count; i++) {
                int x = in[i];
                int o = out[i];
                if (inputMatched[x] || outputMatched[o]) {
                    continue;
                }
                int d = PointerBlocks.distance(x, p[pointers.outputInput(router, o)], nIn);
                if (grantedInput[o] < 0) {
                    touchedOutputs[touched++] = o;
                    grantedInput[o] = x;
                    grantKey[o] = d;
                } else if (d < grantKey[o]) {
                    grantedInput[o] = x;
                    grantKey[o] = d;
                }
            }
            if (touched == 0) {
                break;
            }
            // accept: each input picks among its granted requests (requests come grouped by input)
            int before = n;
            int i = 0;
            while (i < count) {
                int x = in[i];
                int best = -1;
                long bestKey = Long.MAX_VALUE;
                int outPointer = p[pointers.inputOutput(router, x)];
                int subPointer = subs > 1 ? p[pointers.inputSub(router, x)] : 0;
                for (; i < count && in[i] == x; i++) {
                    int o = out[i];
                    if (inputMatched[x] || grantedInput[o] != x || outputMatched[o]) {
                        continue;
                    }
                    long key = ((long) rank[i] * nOut + PointerBlocks.distance(o, outPointer, nOut)) * subs
                            + PointerBlocks.distance(sub[i], subPointer, subs);
                    if (key < bestKey) {
                        bestKey = key;
                        best = i;
                    }
                }
                if (best >= 0) {
                    int o = out[best];
                    inputMatched[x] = true;
                    outputMatched[o] = true;
                    grants[n++] = best;
                    if (iteration == 0) {
                        p[pointers.outputInput(router, o)] = PointerBlocks.next(x, nIn);
                        p[pointers.inputOutput(router, x)] = PointerBlocks.next(o, nOut);
                        if (subs > 1) {
                            p[pointers.inputSub(router, x)] = PointerBlocks.next(sub[best], subs);
                        }
                    }
                }
            }
            for (int k = 0; k < touched; k++) {
                grantedInput[touchedOutputs[k]] = -1;
            }
            if (n == before) {
                break;
            }
        }
        for (int k = 0; k < n; k++) {
            inputMatched[in[grants[k]]] = false;
            outputMatched[out[grants[k]]] = false;
        }
        return n;
    }
}
