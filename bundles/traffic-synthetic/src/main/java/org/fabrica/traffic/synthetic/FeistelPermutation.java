package org.fabrica.traffic.synthetic;

/**
 * A keyed pseudo-random permutation of 0..size-1 that needs no table: each key (one per source
 * of {@code zipf}) gives its own permutation, computed in a few multiplications per call, so a
 * ranking of 13,824 destinations per source costs one long per source instead of an N x N table.
 *
 * <p>The construction is a Feistel network on a rectangle a x b >= size with a = ceil(sqrt(size))
 * and b = ceil(size / a), with modular addition (Black and Rogaway, "Ciphers with arbitrary finite
 * domains", CT-RSA 2002, method FE2): x = A * b + B with A in Z_a and B in Z_b; one round maps
 * (A, B) in Z_u x Z_v to (B, (A + F_r(B)) mod u) in Z_v x Z_u, which is invertible whatever the
 * round function F_r, so {@value #ROUNDS} rounds are a bijection of 0..ab-1. Values that land in
 * size..ab-1 are enciphered again (cycle walking) until they fall inside: the orbit of a value
 * below size returns below size, so the result is a bijection of 0..size-1. Since ab < size + a,
 * fewer than one value in sqrt(size) needs a second pass. The round function is SplitMix64's
 * finaliser of the key, the round number and B (a 64-bit mixer with full avalanche), reduced modulo u.
 */
final class FeistelPermutation {
    /** Rounds of the network; 4 already make a random-function Feistel network a pseudo-random permutation. */
    static final int ROUNDS = 6;
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final long B_MULTIPLIER = 0xC2B2AE3D27D4EB4FL;

    private final int size;
    private final int a;
    private final int b;

    /** A permutation of 0..size-1, size >= 1. */
    FeistelPermutation(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a permutation needs at least one element, not " + size);
        }
        this.size = size;
        int root = (int) Math.ceil(Math.sqrt(size));
        while ((long) root * root < size) { // guard against rounding of sqrt
            root++;
        }
        this.a = root;
        this.b = (size + root - 1) / root;
    }

    int size() {
        return size;
    }

    /** The image of {@code x} (0..size-1) under the permutation of {@code key}. */
    int apply(long key, int x) {
        int y = x;
        do {
            y = encipher(key, y);
        } while (y >= size);
        return y;
    }

    /** One pass of the Feistel network over 0..ab-1. */
    private int encipher(long key, int x) {
        int u = a;
        int v = b;
        int left = x / v; // in Z_u
        int right = x % v; // in Z_v
        for (int r = 0; r < ROUNDS; r++) {
            long f = mix((key + (r + 1) * GOLDEN_GAMMA) ^ (right * B_MULTIPLIER));
            int c = (int) ((left + (f >>> 1) % u) % u);
            left = right;
            right = c;
            int t = u;
            u = v;
            v = t;
        }
        return left * v + right;
    }

    /** SplitMix64's output function (Steele, Lea and Flood, OOPSLA 2014): every input bit flips every output bit with probability about 1/2. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
