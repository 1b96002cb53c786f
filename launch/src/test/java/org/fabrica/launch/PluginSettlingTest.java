package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The wait for the plugins at launch, on a clock of the test's own. */
class PluginSettlingTest {
    private static long s(long seconds) {
        return java.util.concurrent.TimeUnit.SECONDS.toNanos(seconds);
    }

    @Test
    void whileBundlesStillChangeItWaitsPastTheQuietTime() {
        PluginSettling s = new PluginSettling(0);
        for (long t = 0; t <= 200; t += 5) {
            // a busy machine: a bundle moves on every 5 s, so the plugins are still coming
            assertTrue(s.keepWaiting(s(t), "state " + t / 5), "still changing at " + t);
        }
    }

    @Test
    void whenNothingChangesItGivesUpAfterTheQuietTime() {
        PluginSettling s = new PluginSettling(0);
        assertTrue(s.keepWaiting(s(0), "a"));
        assertTrue(s.keepWaiting(s(7), "b"));
        assertTrue(s.keepWaiting(s(17), "b"), "10 since the last change");
        assertFalse(s.keepWaiting(s(18), "b"), "more than 10 without a change");
        assertTrue(s.why(s(18)).contains("nothing changed in the framework for"), s.why(s(18)));
    }

    @Test
    void changesForEverStillEndAtTheLongestWait() {
        PluginSettling s = new PluginSettling(0);
        long t = 0;
        while (s.keepWaiting(s(t), "state " + t)) {
            t++;
        }
        assertTrue(t == 301, "gave up at " + t);
        assertTrue(s.why(s(t)).equals("did not start within 300 s"), s.why(s(t)));
    }
}
