package org.fabrica.shell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunOptions;
import picocli.CommandLine.Option;

/**
 * The arguments of {@code run FILE [--out DIR] [--resume] [--threads N] [--cluster CONFIG] [--set key=value]...},
 * shared (as a picocli mixin) by the command-line mode and the Gogo {@code fabrica:run}.
 */
final class RunArguments extends ExperimentArguments {
    /** System property the cluster executor reads its configuration file from (bundle org.fabrica.sweep.hazelcast). */
    static final String CLUSTER_CONFIG_PROPERTY = "fabrica.cluster.config";

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Points simulated at once (default 0 = one per core).")
    int threads;

    @Option(names = "--cluster", paramLabel = "CONFIG",
            description = "Run the points on the members of a cluster (./fabrica member) described by this properties "
                    + "file (docs/user-guide.md, \"Cluster\"); the results folder is written here, as locally.")
    Path cluster;

    @Override
    int threads() {
        return threads;
    }

    /** The options; with --cluster, the executor is 'cluster' and its configuration file is set for it. */
    @Override
    RunOptions options(boolean startPaused) {
        RunOptions o = super.options(startPaused);
        if (cluster == null) {
            return o;
        }
        Path file = cluster.toAbsolutePath().normalize();
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new ExperimentException("--cluster " + cluster + ": no readable cluster configuration there "
                    + "(a properties file: cluster.name, bind, port, members; docs/user-guide.md, \"Cluster\")");
        }
        System.setProperty(CLUSTER_CONFIG_PROPERTY, file.toString());
        Map<String, String> overrides = new LinkedHashMap<>(o.overrides());
        overrides.put("executor", "cluster");
        return new RunOptions(o.outDir(), o.resume(), o.threads(), overrides, o.startPaused());
    }
}
