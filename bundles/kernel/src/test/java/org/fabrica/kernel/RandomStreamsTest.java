package org.fabrica.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md, "Kernel contracts": a run is a pure function of its seed; every component has
 * its own stream.
 */
class RandomStreamsTest {
    private static long[] draw(SplittableRandom r) {
        long[] out = new long[8];
        for (int i = 0; i < out.length; i++) {
            out[i] = r.nextLong();
        }
        return out;
    }

    @Test
    void theSameSeedKindAndIndexGiveTheSameStream() {
        assertArrayEquals(draw(new RandomStreams(42).stream("node", 7)), draw(new RandomStreams(42).stream("node", 7)));
    }

    @Test
    void streamsDifferBySeedKindAndIndex() {
        long[] base = draw(new RandomStreams(42).stream("node", 7));
        assertFalse(Arrays.equals(base, draw(new RandomStreams(43).stream("node", 7))), "seed");
        assertFalse(Arrays.equals(base, draw(new RandomStreams(42).stream("node", 8))), "index");
        assertFalse(Arrays.equals(base, draw(new RandomStreams(42).stream("routing", 7))), "kind");
        // the kind and the index are not interchangeable: ("node", 1) is not ("nodf", 0)
        assertFalse(Arrays.equals(draw(new RandomStreams(1).stream("node", 1)),
                draw(new RandomStreams(1).stream("nodf", 0))), "kind/index collision");
    }

    @Test
    void creatingOtherStreamsDoesNotDisturbAStream() {
        RandomStreams streams = new RandomStreams(5);
        long[] alone = draw(streams.stream("node", 3));
        streams.stream("node", 2).nextLong();
        streams.stream("routing", 0).nextLong();
        assertArrayEquals(alone, draw(streams.stream("node", 3)));
    }
}
