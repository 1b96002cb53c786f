package org.fabrica.network.parts;

/**
 * The admittance queues of the network interfaces ({@code InjectionQueues.PER_VC_ADMITTANCE}):
 * one logical FIFO per destination at every node, in front of the bounded per-VC injection
 * queues, so that a packet whose injection queue is full holds back only the later packets to its
 * own destination. They are kept as one ring of compact records per node in generation order; a
 * packet admitted from the middle leaves a hole that the ring drops when it reaches the front (or
 * when holes are half of the ring). Serving the destinations' FIFOs oldest head first is then a
 * scan from the front that skips the destinations found blocked ({@link #blocked}). The rings grow
 * by doubling; nothing is allocated while a node's ring stays within its peak size.
 */
public final class AdmissionQueues {
    private final long[][] id;
    private final long[][] created;
    private final int[][] destination;
    /** The virtual network chosen when the packet was first offered, -1 before. */
    private final byte[][] network;
    /** Admitted records still in the ring (holes). */
    private final boolean[][] gone;
    private final int[] head;
    /** Ring positions in use (records and holes). */
    private final int[] span;
    /** Records waiting (holes excluded). */
    private final int[] live;
    /** Destinations found blocked in the current scan, and their list for clearing. */
    private final boolean[] blockedDestination;
    private final int[] blockedList;
    private int blockedCount;
    /** Records waiting at all nodes. */
    private long records;

    public AdmissionQueues(int nodes) {
        id = new long[nodes][4];
        created = new long[nodes][4];
        destination = new int[nodes][4];
        network = new byte[nodes][4];
        gone = new boolean[nodes][4];
        head = new int[nodes];
        span = new int[nodes];
        live = new int[nodes];
        blockedDestination = new boolean[nodes];
        blockedList = new int[nodes];
    }

    /** Appends a newly generated packet to node {@code n}'s queues. */
    public void add(int n, long packetId, long createdAt, int dst) {
        if (span[n] == id[n].length) {
            if (live[n] <= span[n] / 2) {
                compact(n);
            } else {
                grow(n);
            }
        }
        int i = (head[n] + span[n]) & (id[n].length - 1);
        id[n][i] = packetId;
        created[n][i] = createdAt;
        destination[n][i] = dst;
        network[n][i] = -1;
        gone[n][i] = false;
        span[n]++;
        live[n]++;
        records++;
    }

    /** Packets waiting at all nodes. */
    public long records() {
        return records;
    }

    /** Packets waiting at node {@code n}. */
    public int size(int n) {
        return live[n];
    }

    /** Ring positions of node {@code n} to scan (records and holes), from the front. */
    public int span(int n) {
        return span[n];
    }

    /** Whether the record at scan position {@code k} was admitted already (a hole). */
    public boolean isHole(int n, int k) {
        return gone[n][at(n, k)];
    }

    public long id(int n, int k) {
        return id[n][at(n, k)];
    }

    public long created(int n, int k) {
        return created[n][at(n, k)];
    }

    public int destination(int n, int k) {
        return destination[n][at(n, k)];
    }

    /** The virtual network chosen for the record at {@code k}, or -1 if none was chosen yet. */
    public int network(int n, int k) {
        return network[n][at(n, k)];
    }

    public void network(int n, int k, int vn) {
        network[n][at(n, k)] = (byte) vn;
    }

    /**
     * Removes the record at scan position {@code k} (admitted into an injection queue); returns the
     * positions dropped from the front (the holes there), by which later positions moved down.
     */
    public int remove(int n, int k) {
        gone[n][at(n, k)] = true;
        live[n]--;
        records--;
        // drop the holes at the front
        int mask = id[n].length - 1;
        int dropped = 0;
        while (span[n] > 0 && gone[n][head[n]]) {
            gone[n][head[n]] = false;
            head[n] = (head[n] + 1) & mask;
            span[n]--;
            dropped++;
        }
        return dropped;
    }

    /** Marks {@code dst} blocked for the rest of the current scan. */
    public void block(int dst) {
        if (!blockedDestination[dst]) {
            blockedDestination[dst] = true;
            blockedList[blockedCount++] = dst;
        }
    }

    public boolean blocked(int dst) {
        return blockedDestination[dst];
    }

    /** Ends a scan: no destination is blocked any more. */
    public void endScan() {
        for (int i = 0; i < blockedCount; i++) {
            blockedDestination[blockedList[i]] = false;
        }
        blockedCount = 0;
    }

    private int at(int n, int k) {
        return (head[n] + k) & (id[n].length - 1);
    }

    /** Closes the holes of node {@code n}'s ring in place, keeping the order (no allocation). */
    private void compact(int n) {
        int mask = id[n].length - 1;
        int h = head[n];
        int w = 0;
        for (int k = 0; k < span[n]; k++) {
            int r = (h + k) & mask;
            if (gone[n][r]) {
                continue;
            }
            int to = (h + w) & mask;
            if (to != r) {
                id[n][to] = id[n][r];
                created[n][to] = created[n][r];
                destination[n][to] = destination[n][r];
                network[n][to] = network[n][r];
                gone[n][to] = false;
            }
            w++;
        }
        for (int k = w; k < span[n]; k++) {
            gone[n][(h + k) & mask] = false;
        }
        span[n] = w;
    }

    private void grow(int n) {
        int len = id[n].length;
        int mask = len - 1;
        int h = head[n];
        long[] ids = new long[len * 2];
        long[] times = new long[len * 2];
        int[] dsts = new int[len * 2];
        byte[] nets = new byte[len * 2];
        boolean[] holes = new boolean[len * 2];
        for (int k = 0; k < span[n]; k++) {
            int i = (h + k) & mask;
            ids[k] = id[n][i];
            times[k] = created[n][i];
            dsts[k] = destination[n][i];
            nets[k] = network[n][i];
            holes[k] = gone[n][i];
        }
        id[n] = ids;
        created[n] = times;
        destination[n] = dsts;
        network[n] = nets;
        gone[n] = holes;
        head[n] = 0;
    }
}
