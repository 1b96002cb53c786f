package org.fabrica.study.m2n;

import java.util.List;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.study.StudyScheme;

/**
 * The communications of an {@code m2n} experiment (docs/studies/rapidio-m2n.md, "The communication:
 * M-to-N personalized") and the source-destination pairs whose per-packet latencies are written.
 *
 * @param communications the communications, each a row of the summary tables
 * @param schemes the schemes, each a column of the summary tables, with its scheduler
 * @param pairs {@code outputs.pairs}: [source, destination] end nodes; empty = a few
 *        representative pairs of each plan (first and last transfer of its first and last sender)
 */
record M2nSpec(List<Communication> communications, List<Scheme> schemes, List<int[]> pairs) {
    M2nSpec {
        communications = List.copyOf(communications);
        schemes = List.copyOf(schemes);
        pairs = List.copyOf(pairs);
    }

    /**
     * One scheme: its network choices (its rows the communications it runs on) and the scheduler
     * that plans them.
     */
    record Scheme(StudyScheme scheme, ProviderChoice scheduler) {
    }

    /**
     * One M-to-N personalized communication.
     *
     * @param label unique label (the row of the tables, the first part of point ids)
     * @param path where it is in the file, e.g. {@code communications[0]}
     * @param senders the sender nodes in table order, or null when placed by contiguous mapping
     *        ({@code m} senders)
     * @param receivers the receiver nodes in table order, or null when placed by contiguous
     *        mapping ({@code n} receivers)
     * @param m number of senders
     * @param n number of receivers
     * @param messageBytes bytes of every message (case 1), or the unit s of {@code multiples}; 0
     *        when {@code sizes} is given
     * @param multiples case 2: receiver j (table order) gets {@code multiples[j mod length]} x
     *        {@code messageBytes} from every sender; null for equal sizes
     * @param sizes an explicit M x N size matrix in bytes (0 = no message), or null
     * @param rate every sender generates its packets at this fraction of its link's rate (0 < rate <= 1)
     */
    record Communication(String label, String path, int[] senders, int[] receivers, int m, int n,
            long messageBytes, long[] multiples, long[][] sizes, double rate) {

        /** The M x N size matrix in bytes. */
        long[][] sizeMatrix() {
            if (sizes != null) {
                return sizes;
            }
            long[][] s = new long[m][n];
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    s[i][j] = multiples == null ? messageBytes : multiples[j % multiples.length] * messageBytes;
                }
            }
            return s;
        }
    }
}
