package org.fabrica.router.allocators;

import java.util.Arrays;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;

/**
 * Separable input-first allocation with round-robin arbiters, one iteration (BookSim2's
 * {@code separable_input_first} with round-robin arbiters).
 *
 * <ol>
 * <li>Input stage: each input keeps its request of smallest key
 * {@code (rank, (output - outputPointer) mod outputs, (sub - subPointer) mod subs)}: its most
 * preferred requests first, then round robin over outputs from the input's output pointer, then
 * round robin over its queues from its sub pointer.</li>
 * <li>Output stage: each output grants the input-stage winner of smallest
 * {@code (input - inputPointer) mod inputs}.</li>
 * <li>Pointers move past the winner only on a grant: the output's input pointer to the granted
 * input + 1, the input's output pointer to the granted output + 1 and its sub pointer to the
 * granted sub + 1.</li>
 * </ol>
 * Grants are written in the order in which their outputs first received an input-stage winner
 * (inputs in increasing order). Priorities and ages are ignored.
 */
final class SeparableRoundRobin implements Allocator {
    private final int[] inputs;
    private final int[] outputs;
    private final int subs;
    private final PointerBlocks pointers;
    // scratch of one call
    private final int[] outputWinner;
    private final int[] outputKey;
    private final int[] touchedOutputs;

    SeparableRoundRobin(AllocatorShape shape) {
        this.inputs = shape.inputs();
        this.outputs = shape.outputs();
        this.subs = shape.subs();
        this.pointers = new PointerBlocks(shape);
        int maxOut = shape.maxOutputs();
        outputWinner = new int[maxOut];
        Arrays.fill(outputWinner, -1);
        outputKey = new int[maxOut];
        touchedOutputs = new int[maxOut];
    }

    @Override
    public int allocate(int router, int count, AllocationRequests requests, int[] grants) {
        // one input (requests are grouped by input): its input-stage winner is the only bidder, so it
        // wins its output whatever the output's pointer says (the common case below saturation,
        // answered without reading the output pointers)
        int[] in = requests.input();
        return in[0] == in[count - 1] ? oneInput(router, count, requests, grants) : separable(router, count, requests, grants);
    }

    /** {@link #allocate} when every request comes from one input. (Split so that the JIT inlines each part.) */
    private int oneInput(int router, int count, AllocationRequests requests, int[] grants) {
        final int nOut = outputs[router];
        final int s = subs;
        final char[] p = pointers.p;
        final int ib = pointers.inputOutput(router, 0);
        final int sb = pointers.inputSub(router, 0);
        final int[] out = requests.output();
        final int[] sub = requests.sub();
        final int x = requests.input()[0];
        int best = 0;
        if (count > 1) {
            final int[] rank = requests.rank();
            int outPointer = p[ib + x];
            int subPointer = s > 1 ? p[sb + x] : 0;
            long bestKey = key(rank[0], out[0], sub[0], outPointer, subPointer, nOut, s);
            for (int i = 1; i < count; i++) {
                long k = key(rank[i], out[i], sub[i], outPointer, subPointer, nOut, s);
                if (k < bestKey) {
                    bestKey = k;
                    best = i;
                }
            }
        }
        grants[0] = best;
        advance(p, ib, sb, pointers.outputInput(router, 0), x, out[best], sub[best], inputs[router], nOut, s);
        return 1;
    }

    /** {@link #allocate} with several inputs: both stages. */
    private int separable(int router, int count, AllocationRequests requests, int[] grants) {
        final int nIn = inputs[router];
        final int nOut = outputs[router];
        final int s = subs;
        final char[] p = pointers.p;
        final int ib = pointers.inputOutput(router, 0);
        final int sb = pointers.inputSub(router, 0);
        final int ob = pointers.outputInput(router, 0);
        final int[] in = requests.input();
        final int[] out = requests.output();
        final int[] sub = requests.sub();
        final int[] rank = requests.rank();
        int n = 0;
        int i = 0;
        while (i < count) {
            // input stage over the input's consecutive requests
            int x = in[i];
            int best = i++;
            if (i < count && in[i] == x) {
                int outPointer = p[ib + x];
                int subPointer = s > 1 ? p[sb + x] : 0;
                long bestKey = key(rank[best], out[best], sub[best], outPointer, subPointer, nOut, s);
                do {
                    long k = key(rank[i], out[i], sub[i], outPointer, subPointer, nOut, s);
                    if (k < bestKey) {
                        bestKey = k;
                        best = i;
                    }
                    i++;
                } while (i < count && in[i] == x);
            }
            // output stage: the winner bids for its output
            int o = out[best];
            int d = PointerBlocks.distance(x, p[ob + o], nIn);
            if (outputWinner[o] < 0) {
                touchedOutputs[n++] = o;
                outputWinner[o] = best;
                outputKey[o] = d;
            } else if (d < outputKey[o]) {
                outputWinner[o] = best;
                outputKey[o] = d;
            }
        }
        for (int k = 0; k < n; k++) {
            int o = touchedOutputs[k];
            int g = outputWinner[o];
            outputWinner[o] = -1;
            grants[k] = g;
            advance(p, ib, sb, ob, in[g], o, sub[g], nIn, nOut, s);
        }
        return n;
    }

    /** A grant to input {@code x} for output {@code o} from sub {@code g}: the pointers move past it. */
    private static void advance(char[] p, int ib, int sb, int ob, int x, int o, int g, int nIn, int nOut, int subs) {
        p[ob + o] = PointerBlocks.next(x, nIn);
        p[ib + x] = PointerBlocks.next(o, nOut);
        if (subs > 1) {
            p[sb + x] = PointerBlocks.next(g, subs);
        }
    }

    /** Input-stage order: preference rank, then round robin over outputs, then over subs. */
    private static long key(int rank, int output, int sub, int outPointer, int subPointer, int nOut, int subs) {
        int dOut = output - outPointer;
        if (dOut < 0) {
            dOut += nOut;
        }
        int dSub = sub - subPointer;
        if (dSub < 0) {
            dSub += subs;
        }
        return ((long) rank * nOut + dOut) * subs + dSub;
    }
}
