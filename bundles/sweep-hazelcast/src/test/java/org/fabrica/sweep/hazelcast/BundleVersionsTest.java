package org.fabrica.sweep.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BundleVersionsTest {
    private static final Map<String, String> OURS = Map.of("org.fabrica.routing.cube", "0.1.0.SNAPSHOT",
            "com.hazelcast", "5.7.0");

    @Test
    void aMemberWithTheSameBundlesOrMoreIsAccepted() {
        assertNull(BundleVersions.difference("[10.0.0.6]:5701", OURS, OURS));
        Map<String, String> more = new java.util.HashMap<>(OURS);
        more.put("org.example.extra", "1.0.0");
        assertNull(BundleVersions.difference("[10.0.0.6]:5701", OURS, more));
    }

    @Test
    void aDifferentVersionNamesTheMemberTheBundleAndBothVersions() {
        String d = BundleVersions.difference("[10.0.0.6]:5701", OURS,
                Map.of("org.fabrica.routing.cube", "0.2.0", "com.hazelcast", "5.7.0"));
        assertTrue(d.contains("[10.0.0.6]:5701") && d.contains("org.fabrica.routing.cube 0.2.0")
                && d.contains("this launcher 0.1.0.SNAPSHOT"), d);
    }

    @Test
    void aMissingBundleIsNamed() {
        String d = BundleVersions.difference("m1", OURS, Map.of("com.hazelcast", "5.7.0"));
        assertTrue(d.contains("member m1 does not run bundle org.fabrica.routing.cube"), d);
    }

    @Test
    void theVersionListTravelsAsText() {
        assertEquals(new java.util.TreeMap<>(OURS), BundleVersions.decode(BundleVersions.encode(OURS)));
    }
}
