package org.fabrica.router;

/**
 * The size of the allocation problems an allocator will be given, per router, so that it can lay
 * out its state (round-robin pointers, iteration scratch) in flat arrays once per run.
 *
 * @param inputs per router, the number of inputs (requests name inputs 0 .. inputs[r]-1)
 * @param outputs per router, the number of outputs
 * @param subs queues per input (requests name subs 0 .. subs-1)
 */
public record AllocatorShape(int[] inputs, int[] outputs, int subs) {
    public AllocatorShape {
        if (inputs.length != outputs.length || inputs.length == 0) {
            throw new IllegalArgumentException("an allocator shape needs inputs and outputs for each of >= 1 routers; were "
                    + inputs.length + " and " + outputs.length);
        }
        for (int r = 0; r < inputs.length; r++) {
            if (inputs[r] < 1 || outputs[r] < 1) {
                throw new IllegalArgumentException("router " + r + " has " + inputs[r] + " inputs and " + outputs[r]
                        + " outputs; an allocation needs >= 1 of each");
            }
        }
        if (subs < 1) {
            throw new IllegalArgumentException("subs = " + subs + "; use >= 1");
        }
        inputs = inputs.clone();
        outputs = outputs.clone();
    }

    /** A shape with the same numbers of inputs and outputs at every router. */
    public static AllocatorShape uniform(int routers, int inputs, int outputs, int subs) {
        int[] in = new int[routers];
        int[] out = new int[routers];
        java.util.Arrays.fill(in, inputs);
        java.util.Arrays.fill(out, outputs);
        return new AllocatorShape(in, out, subs);
    }

    public int routers() {
        return inputs.length;
    }

    public int inputs(int router) {
        return inputs[router];
    }

    public int outputs(int router) {
        return outputs[router];
    }

    /** The largest number of inputs of any router. */
    public int maxInputs() {
        int m = 0;
        for (int v : inputs) {
            m = Math.max(m, v);
        }
        return m;
    }

    /** The largest number of outputs of any router. */
    public int maxOutputs() {
        int m = 0;
        for (int v : outputs) {
            m = Math.max(m, v);
        }
        return m;
    }

    @Override
    public int[] inputs() {
        return inputs.clone();
    }

    @Override
    public int[] outputs() {
        return outputs.clone();
    }
}
