package org.fabrica.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.fabrica.experiment.ProviderInfo;

/**
 * Waits until the provider catalogue has stopped changing. At launch the provider bundles'
 * factories register asynchronously (DS activates them one by one), so a command run at once
 * could see half the providers and reject a valid file with "unknown provider".
 */
final class CatalogSettling {
    /** Sleeps; replaceable in tests so that no test depends on the wall clock. */
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    static final long POLL_MILLIS = 50;

    private CatalogSettling() {
    }

    /**
     * Returns once the set of providers is non-empty and unchanged for {@code quietMillis}, or
     * when {@code maxMillis} have passed (then false: the caller goes on with what is there).
     */
    static boolean awaitStable(Supplier<List<ProviderInfo>> providers, long quietMillis, long maxMillis,
            LongSupplier clockMillis, Sleeper sleeper) throws InterruptedException {
        long start = clockMillis.getAsLong();
        List<String> seen = signature(providers.get());
        long lastChange = start;
        while (true) {
            long now = clockMillis.getAsLong();
            if (!seen.isEmpty() && now - lastChange >= quietMillis) {
                return true;
            }
            if (now - start >= maxMillis) {
                return false;
            }
            sleeper.sleep(POLL_MILLIS);
            List<String> current = signature(providers.get());
            if (!current.equals(seen)) {
                seen = current;
                lastChange = clockMillis.getAsLong();
            }
        }
    }

    private static List<String> signature(List<ProviderInfo> providers) {
        List<String> s = new ArrayList<>(providers.size());
        for (ProviderInfo p : providers) {
            s.add(p.concept() + '/' + p.name() + '/' + p.bundle() + '/' + p.version());
        }
        return s;
    }
}
