package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command-line side of cluster sweeps: {@code run --cluster FILE} and {@code member}'s flags. */
class ClusterArgumentsTest {
    @TempDir
    Path tmp;

    @AfterEach
    void clear() {
        System.clearProperty(RunArguments.CLUSTER_CONFIG_PROPERTY);
    }

    @Test
    void runWithAClusterFileChoosesTheClusterExecutorAndKeepsTheOtherOverrides() throws Exception {
        Path config = Files.writeString(tmp.resolve("c.properties"), "members = 127.0.0.1:5701\n");
        RunArguments a = CommandLine.populateCommand(new RunArguments(), "exp.yaml", "--cluster", config.toString(),
                "--set", "hardware.vcs=3");
        RunOptions o = a.options(false);
        assertEquals(Map.of("hardware.vcs", "3", "executor", "cluster"), o.overrides());
        assertEquals(config.toAbsolutePath().normalize().toString(),
                System.getProperty(RunArguments.CLUSTER_CONFIG_PROPERTY));
    }

    @Test
    void runWithoutAClusterFileIsALocalRun() {
        RunOptions o = CommandLine.populateCommand(new RunArguments(), "exp.yaml").options(false);
        assertFalse(o.overrides().containsKey("executor"));
        assertEquals(null, System.getProperty(RunArguments.CLUSTER_CONFIG_PROPERTY));
    }

    @Test
    void aMissingClusterFileIsBadInputNamingTheOption() {
        RunArguments a = CommandLine.populateCommand(new RunArguments(), "exp.yaml", "--cluster",
                tmp.resolve("none.properties").toString());
        ExperimentException e = assertThrows(ExperimentException.class, () -> a.options(false));
        assertTrue(e.getMessage().contains("--cluster") && e.getMessage().contains("no readable cluster configuration"),
                e.getMessage());
    }

    @Test
    void memberFlagsBecomeTheClusterSettingsAndOnlyTheGivenOnes() {
        MemberCommand m = CommandLine.populateCommand(new MemberCommand(System.out, System.err), "--config",
                "c.properties", "--cluster-name", "lab", "--members", "a:1,b:2", "--port", "6000");
        Map<String, String> s = m.settings();
        assertEquals(Map.of("config", tmp.getFileSystem().getPath("c.properties").toAbsolutePath().normalize()
                .toString(), "cluster.name", "lab", "members", "a:1,b:2", "port", "6000"), s);
    }

    @Test
    void memberOutsideAFrameworkSaysWhichFeatureItNeeds() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        MemberCommand m = new MemberCommand(System.out, new PrintStream(err, true));
        assertEquals(FabricaCli.BAD_INPUT, m.call());
        assertTrue(err.toString().contains("'cluster' feature"), err.toString());
    }
}
