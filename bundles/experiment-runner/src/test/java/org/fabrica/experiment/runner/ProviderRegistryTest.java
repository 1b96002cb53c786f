package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.kernel.ProviderConcept;
import org.fabrica.topology.cube.TorusFactory;
import org.junit.jupiter.api.Test;

class ProviderRegistryTest {

    @Test
    void conceptsAndTheRealProvidersAreListed() {
        ProviderRegistry r = ClasspathProviders.registry();
        assertEquals(List.of("topology", "hardware", "allocator", "routing", "queuing", "throttle", "traffic", "injection", "network",
                "kernel", "scheduler", "mapping", "collective", "rootPolicy", "statistics", "mode"), r.concepts());
        assertEquals(List.of("in-flight", "latency-histogram", "latency-percentiles", "node-throughput", "throughput-trend"),
                r.names("statistics"));
        ProviderInfo percentiles = r.find("statistics", "latency-percentiles");
        assertEquals("org.fabrica.stats.collectors", percentiles.bundle());
        assertEquals(List.of("percentiles"), percentiles.schema().names());
        assertTrue(r.names("scheduler").containsAll(List.of("levelwise", "greedy-local", "random-local")),
                r.names("scheduler").toString());
        assertTrue(r.names("allocator").containsAll(List.of("round-robin", "islip", "priority", "oldest-first")),
                r.names("allocator").toString());
        ProviderInfo torus = r.find("topology", "torus");
        assertEquals("org.fabrica.topology.cube", torus.bundle());
        assertTrue(torus.schema().names().contains("k"), torus.schema().names().toString());
        assertTrue(r.names("traffic").containsAll(List.of("uniform", "tornado", "hotspot", "bitcomp")));
        assertEquals("local", r.executor("local").name());
        assertContains(assertThrows(ExperimentException.class, () -> r.executor("lcoal")).getMessage(),
                "did you mean 'local'?");
        assertContains(assertThrows(ExperimentException.class, () -> r.find("routing", "dro")).getMessage(),
                "unknown routing 'dro'; did you mean 'dor'?");
        assertContains(assertThrows(ExperimentException.class, () -> r.find("rooting", "dor")).getMessage(),
                "did you mean 'routing'?");
    }

    @Test
    void theHighestRankingWinsThenTheEarliestRegistration() {
        ProviderRegistry r = new ProviderRegistry();
        TorusFactory plain = new TorusFactory();
        TorusFactory ranked = new TorusFactory();
        TorusFactory later = new TorusFactory();
        r.add(plain, Map.of("fabrica.name", "torus", "Bundle-SymbolicName", "a.plain", "Bundle-Version", "1.0.0"));
        r.add(later, Map.of("fabrica.name", "torus", "Bundle-SymbolicName", "c.later", "Bundle-Version", "1.0.0"));
        assertEquals("a.plain", r.find("topology", "torus").bundle(), "equal ranking: the first registered");
        r.add(ranked, Map.of("fabrica.name", "torus", "service.ranking", 5, "Bundle-SymbolicName", "b.ranked",
                "Bundle-Version", "2.0.0"));
        assertEquals("b.ranked", r.find("topology", "torus").bundle());
        assertEquals("2.0.0", r.find("topology", "torus").version());
        assertEquals(List.of("b.ranked", "a.plain", "c.later"), r.providers().stream().map(ProviderInfo::bundle).toList());
        r.remove(ranked);
        assertEquals("a.plain", r.find("topology", "torus").bundle());
        assertEquals(2, r.providers().size());
    }

    /** A concept no Fabrica bundle knows, declared as a third party's API bundle would. */
    @ProviderConcept(value = "probe", order = 5)
    interface Probe {
    }

    static final class OneProbe implements Probe {
    }

    @Test
    void aNewConceptNeedsOnlyItsAnnotatedInterface() {
        ProviderRegistry r = ClasspathProviders.registry();
        r.add(new OneProbe(), Map.of("fabrica.name", "one", "fabrica.description", "a probe"));
        assertEquals("probe", r.concepts().get(0), "listed where its declaration says: " + r.concepts());
        ProviderInfo one = r.find("probe", "one");
        assertEquals("a probe", one.description());
        assertNull(one.schema(), "not a factory: no parameters");
        assertEquals("probe", r.providers().get(0).concept());
        assertContains(assertThrows(ExperimentException.class, () -> r.find("probe", "two")).getMessage(),
                "unknown probe 'two'");
        assertContains(assertThrows(ExperimentException.class, () -> r.find("prob", "one")).getMessage(),
                "unknown concept 'prob'; did you mean 'probe'?");
    }

    @Test
    void sweepExecutorsAreFoundButNotListed() {
        ProviderRegistry r = ClasspathProviders.registry();
        assertEquals("org.fabrica.sweep.local", r.executor("local").bundle());
        assertTrue(r.providers().stream().noneMatch(p -> p.concept().equals("sweep")));
        assertTrue(!r.concepts().contains("sweep"));
    }

    @Test
    void registrationNeedsAProviderAndAName() {
        ProviderRegistry r = new ProviderRegistry();
        assertThrows(IllegalArgumentException.class, () -> r.add("not a provider", Map.of("fabrica.name", "x")));
        assertThrows(IllegalArgumentException.class, () -> r.add(new TorusFactory(), Map.of()));
    }

    @Test
    void bundleIdentityComesFromTheManifest() {
        BundleIdentity id = BundleIdentity.of(TorusFactory.class);
        assertEquals("org.fabrica.topology.cube", id.symbolicName());
        assertTrue(id.version().startsWith("0."), id.version());
        assertEquals("java.lang", BundleIdentity.of(String.class).symbolicName());
        assertEquals("Fabrica", BundleIdentity.header(TorusFactory.class, "Bundle-Vendor"));
        assertNull(BundleIdentity.header(TorusFactory.class, "No-Such-Header"));
        assertNull(BundleIdentity.header(String.class, "Bundle-Vendor"), "a class without a manifest has no headers");
        // the launcher's property, when it set one, names the commit; else the build's header
        assertEquals("abc", ExperimentRunner.commit(" abc ", "def"));
        assertEquals("def", ExperimentRunner.commit(null, "def"));
        assertEquals("def", ExperimentRunner.commit(" ", "def"));
        assertNull(ExperimentRunner.commit(null, null));
    }
}
