package org.example.fabrica.wavefront;

import java.util.Arrays;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;

/**
 * Wavefront allocation (Y. Tamir and H.-C. Chi, "Symmetric crossbar arbiters for VLSI communication
 * switches", IEEE TPDS 4(1), 1993), as in BookSim2's {@code wavefront} allocator.
 *
 * <p>The requests of one router form a square matrix of {@code n = max(inputs, outputs)} rows
 * (inputs) and columns (outputs). Cell {@code (i, o)} lies on diagonal {@code (i + o) mod n}; the
 * cells of one diagonal share no row and no column, so all of them can be granted at once. Each
 * call:
 * <ol>
 * <li>Request matrix: each cell keeps one of its requests. Several requests may name the same
 * {@code (input, output)} pair (e.g. two VCs of one input port asking for the same output port,
 * told apart by {@code sub}); the cell keeps the one of smallest {@code rank}, then the one next in
 * round-robin order from the input's sub pointer, then the first.</li>
 * <li>Wave sweep: the diagonals are visited in order from the router's priority diagonal
 * {@code p}: {@code p, p+1, ..., p+n-1} (mod n). A cell is granted when its row and its column are
 * both still free.</li>
 * <li>The priority diagonal moves by one ({@code p+1 mod n}); the sub pointer of a granted input
 * moves past the granted sub.</li>
 * </ol>
 * The result is a maximal matching: a request that is not granted found its input or its output
 * taken when its diagonal was swept. Every diagonal has the top priority once in {@code n} calls,
 * so an input that keeps requesting an output is granted at least once in {@code n} calls at that
 * router. Grants are written in sweep order: by diagonal from the priority diagonal, then by
 * increasing input. Priorities and ages are ignored.
 *
 * <p>Hot path: {@link #allocate} runs for every router with work in every cycle. It allocates
 * nothing: the per-router state (priority diagonals, sub pointers) and the scratch of one call
 * (request matrix, sweep order, granted flags) are arrays laid out in the constructor from the
 * {@link AllocatorShape}, and the scratch is left clean at the end of each call.
 */
final class WavefrontAllocator implements Allocator {
    private final int[] inputs;
    private final int[] outputs;
    private final int subs;
    private final int maxInputs;
    /** Per router, the side of its square request matrix: max(inputs, outputs). */
    private final int[] square;
    /** Per router, the diagonal swept first in the next call. */
    private final int[] priorityDiagonal;
    /** Per router and input ({@code router * maxInputs + input}), the sub preferred among a cell's ties; null with one sub. */
    private final int[] subPointer;

    // Scratch of one call, sized for the largest router; clean (-1 / false) between calls.
    /** Per cell {@code input * outputs + output}: the index of the request the cell keeps, -1 when empty. */
    private final int[] cellRequest;
    /** The cells filled in this call, in order of their first request (so by increasing input). */
    private final int[] filled;
    /** Counting sort of the filled cells by wave (distance of their diagonal from the priority diagonal): next slot of each wave in {@link #sweep}. */
    private final int[] waveSlot;
    /** The filled cells in sweep order: by wave, then by increasing input. */
    private final int[] sweep;
    private final boolean[] inputTaken;
    private final boolean[] outputTaken;

    WavefrontAllocator(AllocatorShape shape) {
        int routers = shape.routers();
        this.inputs = shape.inputs();
        this.outputs = shape.outputs();
        this.subs = shape.subs();
        this.maxInputs = shape.maxInputs();
        int maxOutputs = shape.maxOutputs();
        int cells;
        try {
            cells = Math.multiplyExact(maxInputs, maxOutputs);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("wavefront: a request matrix of " + maxInputs + " x " + maxOutputs
                    + " cells is too large; use a separable allocator (round-robin, islip) for this shape");
        }
        this.square = new int[routers];
        int maxSquare = 0;
        for (int r = 0; r < routers; r++) {
            square[r] = Math.max(inputs[r], outputs[r]);
            maxSquare = Math.max(maxSquare, square[r]);
        }
        this.priorityDiagonal = new int[routers];
        this.subPointer = subs > 1 ? new int[Math.multiplyExact(routers, maxInputs)] : null;
        this.cellRequest = new int[cells];
        Arrays.fill(cellRequest, -1);
        this.filled = new int[cells];
        this.sweep = new int[cells];
        this.waveSlot = new int[maxSquare + 1];
        this.inputTaken = new boolean[maxInputs];
        this.outputTaken = new boolean[maxOutputs];
    }

    @Override
    public int allocate(int router, int count, AllocationRequests requests, int[] grants) {
        final int nOut = outputs[router];
        final int n = square[router];
        final int p = priorityDiagonal[router];
        final int subBase = router * maxInputs;
        final int[] in = requests.input();
        final int[] out = requests.output();
        final int[] sub = requests.sub();
        final int[] rank = requests.rank();

        // 1. Request matrix: one request per (input, output) cell.
        int cells = 0;
        for (int k = 0; k < count; k++) {
            int c = in[k] * nOut + out[k];
            int held = cellRequest[c];
            if (held < 0) {
                cellRequest[c] = k;
                filled[cells++] = c;
            } else if (prefers(k, held, rank, sub, subBase + in[k])) {
                cellRequest[c] = k;
            }
        }

        // 2. Sweep order: a stable counting sort of the filled cells by wave, wave 0 being the
        // priority diagonal. Cells of one wave never share an input or an output.
        Arrays.fill(waveSlot, 0, n + 1, 0);
        for (int f = 0; f < cells; f++) {
            int k = cellRequest[filled[f]];
            waveSlot[wave(in[k], out[k], p, n) + 1]++;
        }
        for (int w = 1; w <= n; w++) {
            waveSlot[w] += waveSlot[w - 1];
        }
        for (int f = 0; f < cells; f++) {
            int c = filled[f];
            int k = cellRequest[c];
            sweep[waveSlot[wave(in[k], out[k], p, n)]++] = c;
        }

        // 3. The wave: grant each cell whose input and output are still free; clear the matrix as we go.
        int granted = 0;
        for (int s = 0; s < cells; s++) {
            int c = sweep[s];
            int k = cellRequest[c];
            cellRequest[c] = -1;
            int x = in[k];
            int o = out[k];
            if (!inputTaken[x] && !outputTaken[o]) {
                inputTaken[x] = true;
                outputTaken[o] = true;
                grants[granted++] = k;
                if (subPointer != null) {
                    subPointer[subBase + x] = sub[k] + 1 == subs ? 0 : sub[k] + 1;
                }
            }
        }

        // 4. Leave the scratch clean and rotate the priority diagonal.
        for (int g = 0; g < granted; g++) {
            inputTaken[in[grants[g]]] = false;
            outputTaken[out[grants[g]]] = false;
        }
        priorityDiagonal[router] = p + 1 == n ? 0 : p + 1;
        return granted;
    }

    /** True when request {@code k} beats request {@code held} of the same cell: smaller rank, then sub round robin. */
    private boolean prefers(int k, int held, int[] rank, int[] sub, int pointerIndex) {
        if (rank[k] != rank[held]) {
            return rank[k] < rank[held];
        }
        if (subPointer == null) {
            return false;
        }
        int pointer = subPointer[pointerIndex];
        return distance(sub[k], pointer, subs) < distance(sub[held], pointer, subs);
    }

    /** How many diagonals after the priority diagonal {@code p} cell {@code (x, o)}'s diagonal comes: 0 .. n-1. */
    private static int wave(int x, int o, int p, int n) {
        int d = x + o - p; // in -(n-1) .. 2n-2
        if (d < 0) {
            return d + n;
        }
        return d >= n ? d - n : d;
    }

    /** {@code (value - pointer) mod n}. */
    private static int distance(int value, int pointer, int n) {
        int d = value - pointer;
        return d < 0 ? d + n : d;
    }
}
