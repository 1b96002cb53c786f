package org.fabrica.study.m2n;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * What the m2n mode computes from its file by itself: the size matrix of a communication
 * (docs/studies/rapidio-m2n.md, cases 1 and 2) and the node lists of its summary. The whole mode runs
 * in the runner's tests (M2nModeTest, M2nStudyTest) and the golden results of examples/rapidio.
 */
class M2nSpecTest {

    private static M2nSpec.Communication equal(int m, int n, long bytes, long[] multiples) {
        return new M2nSpec.Communication("c", "communications[0]", null, null, m, n, bytes, multiples, null, 1.0);
    }

    @Test
    void everyMessageHasTheSameSizeWithoutMultiples() {
        long[][] s = equal(2, 3, 1024, null).sizeMatrix();
        assertEquals(2, s.length, "one row per sender");
        for (long[] row : s) {
            assertArrayEquals(new long[] {1024, 1024, 1024}, row, "one column per receiver");
        }
    }

    @Test
    void receiverJGetsItsMultipleOfTheUnitFromEverySender() {
        // multiples [1, 2] repeat over the receivers: receivers 0 and 2 get 1 x s, receiver 1 and 3 get 2 x s
        long[][] s = equal(2, 4, 100, new long[] {1, 2}).sizeMatrix();
        assertArrayEquals(new long[] {100, 200, 100, 200}, s[0]);
        assertArrayEquals(s[0], s[1], "every sender sends the same to a receiver");
    }

    @Test
    void anExplicitMatrixIsKept() {
        long[][] sizes = {{0, 5}, {7, 0}};
        M2nSpec.Communication c = new M2nSpec.Communication("c", "communications[0]", new int[] {0, 1},
                new int[] {2, 3}, 2, 2, 0, null, sizes, 0.5);
        assertArrayEquals(sizes[0], c.sizeMatrix()[0]);
        assertArrayEquals(sizes[1], c.sizeMatrix()[1]);
    }

    @Test
    void nodeListsAreWrittenAsRanges() {
        assertEquals("0-2, 5, 7-8", M2nStudy.nodes(new int[] {0, 1, 2, 5, 7, 8}));
        assertEquals("4", M2nStudy.nodes(new int[] {4}));
        assertEquals("3, 1", M2nStudy.nodes(new int[] {3, 1}), "table order is kept, not sorted");
    }
}
