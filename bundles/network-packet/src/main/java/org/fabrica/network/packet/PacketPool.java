package org.fabrica.network.packet;

import java.util.Arrays;
import org.fabrica.routing.PacketView;

/**
 * The packets that have left their source queues, as struct of arrays with a free list: header
 * fields, routing state, and where the packet's head and tail become visible in the buffer it is
 * in. Grows by doubling; nothing is allocated per packet once it has grown.
 */
final class PacketPool {
    long[] id;
    int[] source;
    int[] destination;
    int[] length;
    long[] created;
    long[] injected;
    int[] routingState;
    byte[] network;
    int[] hops;
    /** VOQ crossbars: the VC class of the route computed when the head arrived at its current router. */
    int[] hopClass;
    long[] headVisible;
    long[] tailVisible;
    private int[] free;
    private int freeCount;
    private int used;
    /** A reused view of a pooled packet, for routing and queuing calls. */
    final View view = new View();

    PacketPool(int capacity) {
        grow(Math.max(16, capacity));
    }

    private void grow(int capacity) {
        int old = id == null ? 0 : id.length;
        id = id == null ? new long[capacity] : Arrays.copyOf(id, capacity);
        source = source == null ? new int[capacity] : Arrays.copyOf(source, capacity);
        destination = destination == null ? new int[capacity] : Arrays.copyOf(destination, capacity);
        length = length == null ? new int[capacity] : Arrays.copyOf(length, capacity);
        created = created == null ? new long[capacity] : Arrays.copyOf(created, capacity);
        injected = injected == null ? new long[capacity] : Arrays.copyOf(injected, capacity);
        routingState = routingState == null ? new int[capacity] : Arrays.copyOf(routingState, capacity);
        network = network == null ? new byte[capacity] : Arrays.copyOf(network, capacity);
        hops = hops == null ? new int[capacity] : Arrays.copyOf(hops, capacity);
        hopClass = hopClass == null ? new int[capacity] : Arrays.copyOf(hopClass, capacity);
        headVisible = headVisible == null ? new long[capacity] : Arrays.copyOf(headVisible, capacity);
        tailVisible = tailVisible == null ? new long[capacity] : Arrays.copyOf(tailVisible, capacity);
        int[] f = new int[capacity];
        if (free != null) {
            System.arraycopy(free, 0, f, 0, freeCount);
        }
        free = f;
        for (int s = capacity - 1; s >= old; s--) {
            free[freeCount++] = s;
        }
    }

    int allocate(long packetId, int src, int dst, int flits, long createdAt, int virtualNetwork) {
        if (freeCount == 0) {
            grow(id.length * 2);
        }
        int s = free[--freeCount];
        id[s] = packetId;
        source[s] = src;
        destination[s] = dst;
        length[s] = flits;
        created[s] = createdAt;
        injected[s] = -1;
        routingState[s] = 0;
        network[s] = (byte) virtualNetwork;
        hops[s] = 0;
        used++;
        return s;
    }

    void release(int s) {
        free[freeCount++] = s;
        used--;
    }

    int used() {
        return used;
    }

    String name(int s) {
        return "packet " + id[s] + " (" + source[s] + " -> " + destination[s] + ", created at cycle " + created[s] + ")";
    }

    View view(int slot) {
        view.slot = slot;
        return view;
    }

    /** A pooled packet as routing and queuing see it. */
    final class View implements PacketView {
        int slot;

        @Override
        public long id() {
            return id[slot];
        }

        @Override
        public int source() {
            return source[slot];
        }

        @Override
        public int destination() {
            return destination[slot];
        }

        @Override
        public int length() {
            return length[slot];
        }

        @Override
        public long created() {
            return created[slot];
        }

        @Override
        public int routingState() {
            return routingState[slot];
        }

        @Override
        public void routingState(int state) {
            routingState[slot] = state;
        }

        @Override
        public int virtualNetwork() {
            return network[slot];
        }

        @Override
        public void virtualNetwork(int n) {
            network[slot] = (byte) n;
        }
    }

    /** A detached header: look-aheads and packets still in their source queues, routing state its own. */
    static final class Detached implements PacketView {
        long id;
        int source;
        int destination;
        int length;
        long created;
        int state;
        int network;

        Detached set(long packetId, int src, int dst, int flits, long createdAt, int routing, int virtualNetwork) {
            id = packetId;
            source = src;
            destination = dst;
            length = flits;
            created = createdAt;
            state = routing;
            network = virtualNetwork;
            return this;
        }

        @Override
        public long id() {
            return id;
        }

        @Override
        public int source() {
            return source;
        }

        @Override
        public int destination() {
            return destination;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public long created() {
            return created;
        }

        @Override
        public int routingState() {
            return state;
        }

        @Override
        public void routingState(int s) {
            state = s;
        }

        @Override
        public int virtualNetwork() {
            return network;
        }

        @Override
        public void virtualNetwork(int n) {
            network = n;
        }
    }
}
