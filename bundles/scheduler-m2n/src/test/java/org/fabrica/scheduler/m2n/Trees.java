package org.fabrica.scheduler.m2n;

import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.topology.TreeTopology;
import org.fabrica.topology.fattree.ExtendedKAryNTreeFactory;
import org.fabrica.topology.fattree.ExtendedKAryNTreeParameters;

/** Test topologies built through the real topology providers. */
final class Trees {
    private Trees() {
    }

    static TreeTopology extended(int k, int n) {
        return (TreeTopology) new ExtendedKAryNTreeFactory()
                .create(Parameters.bind(ExtendedKAryNTreeParameters.class, Map.of("k", k, "n", n)));
    }

    static int[] range(int from, int to) {
        int[] a = new int[to - from];
        for (int i = 0; i < a.length; i++) {
            a[i] = from + i;
        }
        return a;
    }
}
