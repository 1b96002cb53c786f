package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.fabrica.experiment.ProviderInfo;
import org.junit.jupiter.api.Test;

/** Uses a simulated clock: the sleeper advances it, nothing waits for real. */
class CatalogSettlingTest {
    private long now;

    private ProviderInfo provider(String name) {
        return new ProviderInfo("routing", name, "", "b", "1", null);
    }

    /** The catalogue gains one provider at each of the given times (ms). */
    private Supplier<List<ProviderInfo>> growing(long... arrivals) {
        return () -> {
            List<ProviderInfo> l = new ArrayList<>();
            for (int i = 0; i < arrivals.length; i++) {
                if (now >= arrivals[i]) {
                    l.add(provider("p" + i));
                }
            }
            return l;
        };
    }

    private boolean await(Supplier<List<ProviderInfo>> providers) throws InterruptedException {
        return CatalogSettling.awaitStable(providers, 300, 5000, () -> now, ms -> now += ms);
    }

    @Test
    void returnsOnceNothingChangedForTheQuietTime() throws InterruptedException {
        assertTrue(await(growing(0, 100, 400)));
        // the last provider arrived at 400 ms; it is seen at the poll at 400 and 300 ms of quiet follow
        assertEquals(700, now);
    }

    @Test
    void waitsForTheFirstProvider() throws InterruptedException {
        assertTrue(await(growing(1000)));
        assertEquals(1300, now);
    }

    @Test
    void givesUpAfterTheMaximum() throws InterruptedException {
        assertFalse(await(growing()));
        assertEquals(5000, now);
        now = 0;
        // a catalogue that changes every 200 ms never settles
        long[] arrivals = new long[40];
        for (int i = 0; i < arrivals.length; i++) {
            arrivals[i] = 200L * i;
        }
        assertFalse(await(growing(arrivals)));
    }
}
