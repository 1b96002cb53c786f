package org.fabrica.collective.load;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * The software multicast of a steady point ({@code collective: {multicast: software}},
 * docs/collectives.md, "Beside steady load"): the traffic's multicasts (its pattern's
 * {@link TrafficPattern#COLLECTIVE} answers) are not handed to the collective engine but sent as
 * binomial trees of unicast packets over the group, the way an MPI library broadcasts short
 * messages (docs/traces.md, "Collectives": relative rank v receives from v - 2^k, 2^k its lowest set
 * bit, then sends to v + 2^j for every 2^j below 2^k, largest first). A member forwards when its
 * copy has been delivered, that is after its interface's receive time, and each forwarded packet
 * pays the send time again: every level of the tree costs both. The rest of the traffic (unicast
 * packets) passes through unchanged.
 *
 * <p><b>What the measurement sees.</b> The collector is shown the multicasts as the hardware
 * multicast shows them ({@link #observer(NetworkObserver)}): one packet generated at the root when
 * the multicast starts (counted once in the offered load), one copy delivered to each other member
 * (counted in the accepted throughput), every copy's latency from the multicast's start; its
 * network latency and hops are those of the packet that brought it. The network's own packets are
 * the tree's messages; the point's accounting check counts those.
 *
 * <p><b>Timing.</b> The network asks a node for its next packet once per cycle while the node has
 * nothing to send (a forward may be due at any delivery), so a forward leaves as soon as it is
 * posted: a polling cost of one question per node and cycle.
 *
 * <p><b>Memory.</b> Tables by network packet id (8 bytes a packet) and by multicast (13 bytes a
 * multicast) grow with the point: about 11 MB for the 1.3 million packets of a saturated
 * 1,024-node all-to-all point.
 */
public final class SoftwareMulticast {
    /** Logical ids of multicast copies start here, above any packet id of the network. */
    public static final long LOGICAL_BASE = 1L << 48;
    private static final int UNICAST = -1;

    private final TrafficPattern traffic;
    private final InjectionProcess origins;
    private final int[] members;
    /** Per node: its index in {@link #members}, or -1. */
    private final int[] indexOf;
    private final int size;

    /** Per node: the next multicast or unicast origin of the file's injection process (posting cycle). */
    private final long[] nextOrigin;
    /** Per node: the posting cycle the network processes now (the last answer to {@code next}). */
    private final long[] asked;
    /** Per node: the multicast and relative rank of the packet being generated, or UNICAST. */
    private final int[] generatingMulticast;
    private final int[] generatingRank;
    /** Per node: its sends due, a FIFO ring of (posting cycle, multicast, relative rank of the receiver). */
    private long[][] sendAt;
    private int[][] sendMulticast;
    private int[][] sendRank;
    private final int[] head;
    private final int[] tail;

    // per multicast: root node, start cycle, first packet generated yet
    private int[] root = new int[256];
    private long[] start = new long[256];
    private boolean[] announced = new boolean[256];
    private int multicasts;
    // per network packet id: multicast (or UNICAST) and the receiver's relative rank
    private int[] packetMulticast = new int[1024];
    private int[] packetRank = new int[1024];
    private long copies;
    private long messages;

    private final TrafficPattern pattern = new TrafficPattern() {
        @Override
        public int destination(int source, SplittableRandom random) {
            return SoftwareMulticast.this.destination(source, random);
        }

        @Override
        public boolean foreground(int source, int destination) {
            return traffic.foreground(source, destination);
        }
    };

    private final InjectionProcess injection = new InjectionProcess() {
        @Override
        public long next(int node, long previous, SplittableRandom random) {
            return SoftwareMulticast.this.next(node, previous, random);
        }

        @Override
        public double offeredLoad(long now) {
            return origins.offeredLoad(now);
        }
    };

    /**
     * @param traffic the file's pattern: its {@code COLLECTIVE} answers are multicasts to {@code members}
     * @param origins the file's injection process: when each node starts its next packet or multicast
     * @param members the group, every node that takes part (a multicast's root must be one)
     * @param nodes end nodes of the network
     */
    public SoftwareMulticast(TrafficPattern traffic, InjectionProcess origins, int[] members, int nodes) {
        this.traffic = traffic;
        this.origins = origins;
        this.members = members.clone();
        this.size = members.length;
        this.indexOf = new int[nodes];
        Arrays.fill(indexOf, -1);
        for (int i = 0; i < size; i++) {
            indexOf[members[i]] = i;
        }
        nextOrigin = new long[nodes];
        Arrays.fill(nextOrigin, -2); // not asked yet
        asked = new long[nodes];
        generatingMulticast = new int[nodes];
        generatingRank = new int[nodes];
        sendAt = new long[nodes][4];
        sendMulticast = new int[nodes][4];
        sendRank = new int[nodes][4];
        head = new int[nodes];
        tail = new int[nodes];
    }

    /** Who sends to whom: the file's unicast packets and the trees' messages. */
    public TrafficPattern pattern() {
        return pattern;
    }

    /** When each node sends: the file's origins and every forward as soon as it is posted. */
    public InjectionProcess injection() {
        return injection;
    }

    /** Multicasts started. */
    public long multicasts() {
        return multicasts;
    }

    /** Copies delivered to members. */
    public long copies() {
        return copies;
    }

    /** Unicast messages the trees sent. */
    public long messages() {
        return messages;
    }

    // ------------------------------------------------------------------ the network's calls

    private long next(int node, long previous, SplittableRandom random) {
        if (nextOrigin[node] == -2) {
            nextOrigin[node] = origins.next(node, -1, random);
        }
        long answer = Math.max(0, previous + 1); // a poll while nothing is queued: a forward may come
        if (head[node] != tail[node]) {
            answer = Math.max(previous, firstSend(node));
        }
        if (hasOrigin(node)) {
            answer = Math.min(answer, Math.max(previous, nextOrigin[node]));
        }
        asked[node] = answer;
        return answer;
    }

    private boolean hasOrigin(int node) {
        long origin = nextOrigin[node];
        return origin >= 0 && origin != InjectionProcess.AFTER_DELIVERY && origin != InjectionProcess.NEVER;
    }

    private long firstSend(int node) {
        return sendAt[node][head[node] & (sendAt[node].length - 1)];
    }

    private int destination(int node, SplittableRandom random) {
        long now = asked[node];
        boolean sendDue = head[node] != tail[node] && firstSend(node) <= now;
        boolean originDue = hasOrigin(node) && nextOrigin[node] <= now;
        if (sendDue && !(originDue && nextOrigin[node] <= firstSend(node))) {
            return takeSend(node);
        }
        if (!originDue) {
            return TrafficPattern.NONE; // a poll: nothing due
        }
        long origin = nextOrigin[node];
        int d = traffic.destination(node, random);
        nextOrigin[node] = origins.next(node, origin, random);
        if (d != TrafficPattern.COLLECTIVE) {
            generatingMulticast[node] = UNICAST;
            return d;
        }
        if (indexOf[node] < 0) {
            throw new IllegalStateException("node " + node + " started a multicast, but it is not a member of the group"
                    + " (nodes " + describeGroup() + ")");
        }
        if (size == 1) {
            return TrafficPattern.NONE;
        }
        int m = startMulticast(node, origin);
        children(node, m, 0, origin);
        return takeSend(node);
    }

    private int startMulticast(int node, long now) {
        if (multicasts == root.length) {
            root = Arrays.copyOf(root, root.length * 2);
            start = Arrays.copyOf(start, start.length * 2);
            announced = Arrays.copyOf(announced, announced.length * 2);
        }
        int m = multicasts++;
        root[m] = node;
        start[m] = now;
        return m;
    }

    /**
     * Queues the sends of relative rank v of multicast m at {@code node}, posted in {@code cycle}:
     * the root's in front (its start is earlier than any send still queued, which are forwards
     * posted at deliveries after it), a member's forwards behind, keeping the queue in posting order.
     */
    private void children(int node, int m, int v, long cycle) {
        if (v == 0) {
            for (int mask = 1; mask < size; mask <<= 1) {
                queue(node, cycle, m, mask, true); // the smallest first in front: the largest leaves first
            }
            return;
        }
        for (int mask = (v & -v) >>> 1; mask > 0; mask >>>= 1) {
            if (v + mask < size) {
                queue(node, cycle, m, v + mask, false);
            }
        }
    }

    private int takeSend(int node) {
        int slot = head[node]++ & (sendAt[node].length - 1);
        int m = sendMulticast[node][slot];
        int v = sendRank[node][slot];
        generatingMulticast[node] = m;
        generatingRank[node] = v;
        messages++;
        return members[(indexOf[root[m]] + v) % size];
    }

    private void queue(int node, long cycle, int m, int v, boolean front) {
        int n = sendAt[node].length;
        if (tail[node] - head[node] == n) {
            long[] at = new long[n * 2];
            int[] ms = new int[n * 2];
            int[] vs = new int[n * 2];
            for (int k = 0; k < n; k++) {
                int from = (head[node] + k) & (n - 1);
                at[k] = sendAt[node][from];
                ms[k] = sendMulticast[node][from];
                vs[k] = sendRank[node][from];
            }
            sendAt[node] = at;
            sendMulticast[node] = ms;
            sendRank[node] = vs;
            head[node] = 0;
            tail[node] = n;
            n *= 2;
        }
        int slot = front ? --head[node] & (n - 1) : tail[node]++ & (n - 1);
        sendAt[node][slot] = cycle;
        sendMulticast[node][slot] = m;
        sendRank[node][slot] = v;
    }

    private String describeGroup() {
        return size <= 8 ? Arrays.toString(members) : members[0] + " .. " + members[size - 1] + ", " + size + " nodes";
    }

    // ------------------------------------------------------------------ what the collector sees

    /** The logical id of relative rank v's copy of multicast m (v = 1 is the packet generated at the start). */
    private long logical(int m, int v) {
        return LOGICAL_BASE + (long) m * size + (v == 1 ? 0 : v);
    }

    /**
     * The observer of the network's events: it forwards the trees' deliveries and tells
     * {@code collector} the multicasts as packets and copies (the class comment); unicast packets'
     * events pass unchanged. Part of the run's observers in place of {@code collector}.
     */
    public NetworkObserver observer(NetworkObserver collector) {
        return new NetworkObserver() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
                ensure(packet);
                int m = generatingMulticast[source];
                packetMulticast[(int) packet] = m;
                if (m == UNICAST) {
                    collector.packetGenerated(packet, source, destination, flits, cycle);
                    return;
                }
                packetRank[(int) packet] = generatingRank[source];
                if (!announced[m]) {
                    announced[m] = true;
                    long first = logical(m, 1);
                    collector.packetGenerated(first, source, source, flits, start[m]);
                    for (int v = 2; v < size; v++) {
                        collector.packetReplicated(first, logical(m, v), source, source, -1, start[m]);
                    }
                }
            }

            @Override
            public void packetInjected(long packet, int source, long cycle) {
                if (packetMulticast[(int) packet] == UNICAST) {
                    collector.packetInjected(packet, source, cycle);
                }
            }

            @Override
            public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
                collector.packetReplicated(packet, copy, source, destination, router, cycle);
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created,
                    long injected, long cycle, int hops) {
                int m = packetMulticast[(int) packet];
                if (m == UNICAST) {
                    collector.packetDelivered(packet, source, destination, flits, created, injected, cycle, hops);
                    return;
                }
                int v = packetRank[(int) packet];
                copies++;
                children(destination, m, v, cycle);
                collector.packetDelivered(logical(m, v), root[m], destination, flits, start[m], injected, cycle, hops);
            }

            @Override
            public void collectiveCompleted(int node, int group, long cycle) {
                collector.collectiveCompleted(node, group, cycle);
            }

            @Override
            public void cycleEnd(long cycle) {
                collector.cycleEnd(cycle);
            }
        };
    }

    private void ensure(long packet) {
        if (packet >= packetMulticast.length) {
            if (packet >= Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("software multicast: more than " + (Integer.MAX_VALUE - 8)
                        + " packets in one point; shorten the windows");
            }
            int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(packet + 1, 2L * packetMulticast.length));
            packetMulticast = Arrays.copyOf(packetMulticast, n);
            packetRank = Arrays.copyOf(packetRank, n);
        }
    }
}
