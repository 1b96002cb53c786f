package org.fabrica.routing.fattree;

import org.fabrica.routing.PacketView;
import org.fabrica.topology.TreeTopology;

/**
 * Oblivious random up-port routing: a climbing packet takes a uniformly random upper port at every
 * level; it turns down at the nearest common ancestor (or at the top when top-forced).
 *
 * <p>Why a hash and not a random generator: route() may be called more than once for the same hop
 * (look-ahead, retries while blocked), and calls from different routers interleave in an order that
 * must not change the outcome. The choice is a pure function of (seed, packet id, level), drawn
 * through SplitMix64, so one packet always gets the same path for a seed, different packets get
 * independent choices, and nothing is shared or mutated.
 */
final class RandomUpRouting extends UpDownRouting {
    private final long seedHash;
    private final boolean topForced;

    RandomUpRouting(String name, TreeTopology tree, long seed, boolean topForced) {
        super(name, tree);
        this.seedHash = mix(seed ^ 0x5DEECE66DL);
        this.topForced = topForced;
    }

    @Override
    int upPort(int level, boolean below, PacketView packet) {
        if (below && !topForced) {
            return TURN_DOWN;
        }
        long bits = mix(seedHash ^ mix(packet.id() * 0x9E3779B97F4A7C15L + level));
        // scale the high 32 bits to 0 .. w-1 (bias below w / 2^32)
        return (int) (((bits >>> 32) * upPorts[level]) >>> 32);
    }

    @Override
    public boolean deterministic() {
        return false;
    }

    // SplitMix64 finaliser (Steele, Lea, Flood 2014)
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
