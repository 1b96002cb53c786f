package org.fabrica.router.allocators;

import org.fabrica.router.AllocatorShape;

/**
 * Round-robin pointers of every router of an allocator, one block per router, of that router's
 * own size, so that one allocation touches one or two cache lines: per input its output pointer and (with several subs)
 * its sub pointer, then per output its input pointer. All start at 0.
 *
 * <p>Pointers are 16-bit ({@code char}): a pointer is read on the hot path of every allocation,
 * and at 2 bytes the block of a 5-port router's switch allocation (15 pointers) fits one cache
 * line, where at 4 bytes the pointers of a large network spill out of the L2 cache. Shapes with
 * more than {@value #MAX} inputs, outputs or subs are refused.
 */
final class PointerBlocks {
    /** Largest number of inputs, outputs or subs a pointer can count. */
    static final int MAX = Character.MAX_VALUE;
    final char[] p;
    /** Per router, where its input pointers, its sub pointers and its output pointers start in {@link #p}. */
    private final int[] inputBase;
    private final int[] subBase;
    private final int[] outputBase;

    PointerBlocks(AllocatorShape shape) {
        int maxIn = shape.maxInputs();
        int maxOut = shape.maxOutputs();
        if (maxIn > MAX || maxOut > MAX || shape.subs() > MAX) {
            throw new IllegalArgumentException("a round-robin allocator takes at most " + MAX + " inputs, outputs and subs"
                    + " per router; this allocation has up to " + maxIn + " inputs, " + maxOut + " outputs and "
                    + shape.subs() + " subs");
        }
        // each router's block of its own size: a network of routers of different sizes (a KNS's
        // 48-port switches and 3-port interfaces with VOQ access: 9,216 inputs against 36) does
        // not give every small router the largest block
        int routers = shape.routers();
        boolean subs = shape.subs() > 1;
        inputBase = new int[routers];
        subBase = new int[routers];
        outputBase = new int[routers];
        long at = 0;
        for (int r = 0; r < routers; r++) {
            int in = shape.inputs(r);
            inputBase[r] = Math.toIntExact(at);
            subBase[r] = Math.toIntExact(at + in);
            outputBase[r] = Math.toIntExact(at + (subs ? 2L * in : in));
            at = outputBase[r] + (long) shape.outputs(r);
        }
        this.p = new char[Math.toIntExact(at)];
    }

    /** Index of input {@code x}'s output pointer at {@code router}. */
    int inputOutput(int router, int x) {
        return inputBase[router] + x;
    }

    /** Index of input {@code x}'s sub pointer (meaningful only with several subs). */
    int inputSub(int router, int x) {
        return subBase[router] + x;
    }

    /** Index of output {@code o}'s input pointer. */
    int outputInput(int router, int o) {
        return outputBase[router] + o;
    }

    /** {@code (value - pointer) mod n}: distance in round-robin order from the pointer. */
    static int distance(int value, int pointer, int n) {
        int d = value - pointer;
        return d < 0 ? d + n : d;
    }

    /** The pointer after {@code value}. */
    static char next(int value, int n) {
        return (char) (value + 1 == n ? 0 : value + 1);
    }
}
