package org.fabrica.scheduler.m2n;

import org.fabrica.scheduler.ContiguousMapping;
import static org.fabrica.scheduler.m2n.Trees.range;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.topology.TreeTopology;
import org.junit.jupiter.api.Test;

class ContiguousMappingTest {
    @Test
    void sixToTenOnTheExtendedTwoAryThreeTreeIsTheSpecsMapping() {
        TreeTopology t = Trees.extended(2, 3);
        ContiguousMapping cm = ContiguousMapping.of(t, 0);
        assertEquals(4, cm.localNetworkSize(), "local network = k^2 nodes");
        assertArrayEquals(range(0, 6), cm.senders(6));
        // no room to keep the 10 receivers out of local network 1: they follow the senders
        assertArrayEquals(range(6, 16), cm.receivers(6, 10));
    }

    @Test
    void receiversStartAtTheNextLocalNetworkWhenThereIsRoom() {
        // TianLai's placement with 16-node local networks: M in the first three, N in the next four
        ContiguousMapping tianlai = new ContiguousMapping(1024, 16);
        assertArrayEquals(range(0, 48), tianlai.senders(48));
        assertArrayEquals(range(48, 102), tianlai.receivers(48, 54));
        // on the extended 8-ary 3-tree a local network holds k^2 = 64 nodes
        ContiguousMapping e8 = ContiguousMapping.of(Trees.extended(8, 3), 0);
        assertEquals(64, e8.localNetworkSize());
        assertArrayEquals(range(64, 118), e8.receivers(48, 54));
        // 2-to-2 on the 16-node tree: receivers leave local network 0
        assertArrayEquals(range(4, 6), new ContiguousMapping(16, 4).receivers(2, 2));
    }

    @Test
    void groupsNeverOverlapAndShareNoLocalNetworkWhenThereIsRoom() {
        int nodes = 64;
        int ln = 8;
        ContiguousMapping cm = new ContiguousMapping(nodes, ln);
        for (int m = 1; m < nodes; m++) {
            for (int n = 1; m + n <= nodes; n++) {
                int[] s = cm.senders(m);
                int[] r = cm.receivers(m, n);
                assertEquals(m, s.length);
                assertEquals(n, r.length);
                for (int j = 1; j < n; j++) {
                    assertEquals(r[j - 1] + 1, r[j], "receivers are consecutive");
                }
                assertTrue(r[0] >= m && r[n - 1] < nodes, m + "-to-" + n + " overlaps or leaves the network");
                boolean room = (m + ln - 1) / ln * ln + n <= nodes;
                if (room) {
                    assertFalse(s[m - 1] / ln == r[0] / ln, m + "-to-" + n + " shares a local network");
                }
            }
        }
    }

    @Test
    void rejectsMoreTasksThanNodes() {
        ContiguousMapping cm = new ContiguousMapping(16, 4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cm.receivers(10, 7));
        assertTrue(e.getMessage().contains("do not fit on 16 nodes"), e.getMessage());
    }
}
