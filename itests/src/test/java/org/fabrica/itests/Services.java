package org.fabrica.itests;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/** Service-registry look-ups for tests inside the framework. Waits are bounds, never assertions on time. */
final class Services {
    /** Generous bound for asynchronous framework work (DS activation, FileInstall polling). */
    static final long WAIT_MILLIS = 30_000;

    private Services() {
    }

    /** References of {@code type} matching an LDAP {@code filter} (or all when null), in ranking order. */
    static List<ServiceReference<?>> references(BundleContext context, Class<?> type, String filter) {
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(type.getName(), filter);
            if (refs == null) {
                return List.of();
            }
            List<ServiceReference<?>> list = new ArrayList<>(Arrays.asList(refs));
            list.sort((a, b) -> b.compareTo(a));
            return list;
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException(filter, e);
        }
    }

    /** Waits until {@code condition} holds; returns whether it did within the bound. */
    static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** The service, waiting for it up to the bound, or null. */
    static <T> T await(BundleContext context, Class<T> type) throws InterruptedException {
        await(() -> context.getServiceReference(type) != null);
        ServiceReference<T> ref = context.getServiceReference(type);
        return ref == null ? null : context.getService(ref);
    }
}
