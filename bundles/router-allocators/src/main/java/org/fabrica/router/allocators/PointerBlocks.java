package org.fabrica.router.allocators;

import org.fabrica.router.AllocatorShape;

/**
 * Round-robin pointers of every router of an allocator, one block per router so that one
 * allocation touches one or two cache lines: per input its output pointer and (with several subs)
 * its sub pointer, then per output its input pointer. All start at 0.
 */
final class PointerBlocks {
    final int[] p;
    private final int block;
    private final int subOffset;
    private final int outOffset;

    PointerBlocks(AllocatorShape shape) {
        int maxIn = shape.maxInputs();
        int maxOut = shape.maxOutputs();
        this.subOffset = shape.subs() > 1 ? maxIn : 0;
        this.outOffset = shape.subs() > 1 ? 2 * maxIn : maxIn;
        this.block = outOffset + maxOut;
        this.p = new int[Math.multiplyExact(shape.routers(), block)];
    }

    /** Index of input {@code x}'s output pointer at {@code router}. */
    int inputOutput(int router, int x) {
        return router * block + x;
    }

    /** Index of input {@code x}'s sub pointer (meaningful only with several subs). */
    int inputSub(int router, int x) {
        return router * block + subOffset + x;
    }

    /** Index of output {@code o}'s input pointer. */
    int outputInput(int router, int o) {
        return router * block + outOffset + o;
    }

    /** {@code (value - pointer) mod n}: distance in round-robin order from the pointer. */
    static int distance(int value, int pointer, int n) {
        int d = value - pointer;
        return d < 0 ? d + n : d;
    }

    /** The pointer after {@code value}. */
    static int next(int value, int n) {
        return value + 1 == n ? 0 : value + 1;
    }
}
