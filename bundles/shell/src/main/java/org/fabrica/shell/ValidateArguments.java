package org.fabrica.shell;

import picocli.CommandLine.Option;

/**
 * The arguments of {@code validate}: those of {@code run} that decide whether the experiment and
 * its results folder can be used. {@code --threads} changes nothing that validate checks, so its
 * help does not list it; it is still accepted, so that a run's command line validates as it is.
 */
final class ValidateArguments extends ExperimentArguments {
    @Option(names = "--threads", paramLabel = "N", defaultValue = "0", hidden = true,
            description = "Accepted and ignored, as a run's command line may carry it.")
    int threads;

    @Override
    int threads() {
        return threads;
    }
}
