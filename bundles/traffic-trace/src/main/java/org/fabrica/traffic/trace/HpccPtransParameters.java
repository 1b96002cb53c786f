package org.fabrica.traffic.trace;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The parameters of {@link HpccPtransGenerator} ({@code generate: {name: hpcc-ptrans, ...}};
 * docs/traces.md, "HPCC PTRANS"). The defaults are HPCC's (file and line in each description);
 * the matrix order has none: HPCC takes it from the input file (by default half HPL's order).
 */
@ObjectClassDefinition(name = "hpcc-ptrans", description = "HPCC PTRANS (pdtrans of the PUMMA package, as HPCC 1.5 runs"
        + " it): C = A^T + C for an n x n matrix in NB x NB blocks distributed block-cyclically over a P x Q process"
        + " grid, repeated on five random placements of the ranks on the grid, with the matrix generation, barrier,"
        + " verification and reductions of each repetition")
public @interface HpccPtransParameters {
    @AttributeDefinition(description = "MPI ranks (processes) of the trace; the grid must hold exactly this many",
            min = "1", max = "1048576")
    int ranks();

    @AttributeDefinition(description = "n, the matrix order (an n x n matrix of doubles). HPCC uses half HPL's order,"
            + " so that PTRANS's two matrices take the memory of HPL's one (src/io.c); no divisibility is needed:"
            + " PTRANS sends whole padded buffers", min = "1", max = "2147483647")
    long order();

    @AttributeDefinition(description = "NB, the block size of the block-cyclic distribution (rows and columns, MB = NB"
            + " as HPCC runs it). 80: the NB of the hpccinf.txt HPCC ships", min = "1", max = "1048576")
    int blockSize() default 80;

    @AttributeDefinition(description = "P, the process grid's rows; 0: HPL's recommended near-square grid for ranks,"
            + " P the largest divisor of ranks not above its square root, P <= Q (576: 24 x 24)", min = "0",
            max = "1048576")
    int gridRows() default 0;

    @AttributeDefinition(description = "Q, the process grid's columns; 0: ranks / P (with gridRows 0, the near-square"
            + " grid)", min = "0", max = "1048576")
    int gridColumns() default 0;

    @AttributeDefinition(description = "Timed transposes per (n, NB, grid): HPCC's pdtransdriver.c runs 5, each on a"
            + " new random placement of the ranks on the grid", min = "1", max = "65536")
    int repetitions() default 5;

    @AttributeDefinition(description = "Where the ranks sit on the grid: random (HPCC's grid_map: a fresh shuffle per"
            + " repetition, seeded from the clock there, from gridSeed here) or row-major (rank p Q + q at (p, q) in"
            + " every repetition)")
    GridPlacement gridPlacement() default GridPlacement.RANDOM;

    @AttributeDefinition(description = "Seed of the random placements (gridPlacement random)")
    long gridSeed() default 1;

    @AttributeDefinition(description = "Whether each repetition verifies the result as HPCC does with its default"
            + " threshold 16.0: regenerate A^T + C (three passes over the local matrix) and reduce the residual and"
            + " the timings")
    boolean verification() default true;

    @AttributeDefinition(description = "Compute time per element of the rank's local matrix per pass over it, in ns:"
            + " two passes to generate A and C, one to pack A^T, one to add the received part to C, three to verify;"
            + " 0: communication only (a trace's compute times are the traced machine's, which a study may not give)",
            min = "0", max = "1000000")
    double computeNsPerElement() default 0;

    @AttributeDefinition(description = "Bytes per element: 8, double precision as HPCC", min = "1", max = "65536")
    int elementBytes() default 8;

    /** Where the ranks sit on the process grid in each repetition. */
    enum GridPlacement {
        /** HPCC's grid_map: a random permutation of the ranks onto the grid positions, new per repetition. */
        RANDOM,
        /** Rank p Q + q at grid position (p, q) in every repetition. */
        ROW_MAJOR
    }
}
