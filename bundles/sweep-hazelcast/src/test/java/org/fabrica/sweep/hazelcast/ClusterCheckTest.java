package org.fabrica.sweep.hazelcast;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster executor checks its configuration when an experiment is validated (before a run
 * creates its results folder), with the messages the member command gives for the same file.
 */
class ClusterCheckTest {
    @TempDir
    Path tmp;

    @AfterEach
    void clear() {
        System.clearProperty(ClusterSweepExecutor.CONFIG_PROPERTY);
    }

    private static String refused() {
        return assertThrows(IllegalArgumentException.class, () -> new ClusterSweepExecutor().check()).getMessage();
    }

    @Test
    void noConfigurationIsRefusedWithTheFix() {
        assertTrue(refused().contains("run with --cluster FILE"));
    }

    @Test
    void aMalformedConfigurationIsRefusedNamingTheFileAndTheKey() throws Exception {
        Path f = Files.writeString(tmp.resolve("c.properties"), "cluster.name = lab\nmemebrs = a:5701\n");
        System.setProperty(ClusterSweepExecutor.CONFIG_PROPERTY, f.toString());
        String message = refused();
        assertTrue(message.contains("unknown key 'memebrs'"), message);
        assertTrue(message.contains(f.toString()), message);
    }

    @Test
    void aValidConfigurationPasses() throws Exception {
        Path f = Files.writeString(tmp.resolve("c.properties"), "cluster.name = lab\nmembers = 127.0.0.1:5701\n");
        System.setProperty(ClusterSweepExecutor.CONFIG_PROPERTY, f.toString());
        assertDoesNotThrow(() -> new ClusterSweepExecutor().check());
    }
}
