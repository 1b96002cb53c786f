package org.fabrica.sweep.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterSettingsTest {
    @TempDir
    Path tmp;

    @Test
    void aFileGivesTheSettingsAndFlagsOverrideThem() throws Exception {
        Path f = Files.writeString(tmp.resolve("c.properties"), String.join("\n",
                "# the lab",
                "cluster.name = lab",
                "bind = 10.0.0.5",
                "port = 6000   # first port",
                "members = 10.0.0.5:6000, 10.0.0.6:6000",
                "threads = 3",
                ""));
        ClusterSettings s = ClusterSettings.of(Map.of("config", f.toString(), "port", "6100", "threads", ""));
        assertEquals("lab", s.clusterName());
        assertEquals("10.0.0.5", s.bind());
        assertEquals(6100, s.port(), "the flag wins");
        assertEquals(List.of("10.0.0.5:6000", "10.0.0.6:6000"), s.members());
        assertEquals(3, s.threads(), "a blank flag is not given");
    }

    @Test
    void withoutAFileTheDefaultsAreLoopbackAndMulticast() {
        ClusterSettings s = ClusterSettings.of(Map.of());
        assertEquals("fabrica", s.clusterName());
        assertEquals("127.0.0.1", s.bind());
        assertEquals(5701, s.port());
        assertEquals(List.of(), s.members());
        assertTrue(s.where().contains("multicast"));
    }

    @Test
    void badSettingsAreNamedWithTheFile() throws Exception {
        Path f = Files.writeString(tmp.resolve("bad.properties"), "prot = 5701\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterSettings.of(Map.of("config", f.toString())));
        assertTrue(e.getMessage().contains("bad.properties") && e.getMessage().contains("unknown key 'prot'"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClusterSettings.of(Map.of("port", "70000")));
        assertTrue(e.getMessage().contains("port 70000 is out of range"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClusterSettings.of(Map.of("members", "a:1,hostonly")));
        assertTrue(e.getMessage().contains("'hostonly' is not host:port"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClusterSettings.of(Map.of("threads", "two")));
        assertTrue(e.getMessage().contains("threads 'two' is not a whole number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ClusterSettings.of(Map.of("config", tmp.resolve("missing.properties").toString())));
        assertTrue(e.getMessage().contains("missing.properties does not exist"), e.getMessage());
    }
}
