package org.fabrica.experiment.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.topology.TopologyFactory;
import org.junit.jupiter.api.Test;

/**
 * What the study API hands back is taken as this bundle's own types, and anything else is refused
 * saying what to pass; a concept is read from its interface's declaration.
 */
class OwnedTest {
    /** A catalog that is not a registry a plan can bind through. */
    private static final ProviderCatalog FOREIGN = new ProviderCatalog() {
        @Override
        public List<String> concepts() {
            return List.of();
        }

        @Override
        public List<ProviderInfo> providers() {
            return List.of();
        }

        @Override
        public ProviderInfo find(String concept, String name) {
            throw new UnsupportedOperationException();
        }
    };

    @Test
    void aDocumentIsTakenAsItIs() {
        ExperimentDocument doc = ExperimentDocument.parse("e.yaml", "name: e\n", Map.of());
        assertSame(doc, Owned.document(doc));
    }

    @Test
    void aCatalogThatIsNotALookupIsRefusedNamingItsType() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Owned.registry(FOREIGN));
        assertTrue(e.getMessage().startsWith("a provider catalog must be the experiment plan's ProviderLookup, not "
                + FOREIGN.getClass().getName()), e.getMessage());
        assertTrue(e.getMessage().endsWith("pass on what it gave"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Owned.spec(null), "null is not a spec");
    }

    @Test
    void aConceptIsWhatItsInterfaceDeclares() {
        assertEquals("topology", ProviderLookup.conceptOf(TopologyFactory.class));
        assertEquals("mode", ProviderLookup.conceptOf(StudyMode.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProviderLookup.conceptOf(Runnable.class));
        assertEquals("java.lang.Runnable declares no concept (@ProviderConcept)", e.getMessage());
    }
}
