package org.fabrica.shell;

import picocli.CommandLine.Option;

/**
 * The arguments of {@code run FILE [--out DIR] [--resume] [--threads N] [--set key=value]...},
 * shared (as a picocli mixin) by the command-line mode and the Gogo {@code fabrica:run}.
 */
final class RunArguments extends ExperimentArguments {
    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Points simulated at once (default 0 = one per core).")
    int threads;

    @Override
    int threads() {
        return threads;
    }
}
