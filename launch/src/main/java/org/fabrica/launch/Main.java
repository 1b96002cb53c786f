package org.fabrica.launch;

import java.io.PrintStream;
import java.util.List;

/**
 * Entry point of {@code ./fabrica}: {@code fabrica [--features a,b] [--plugins DIR] [--web PORT] (shell | COMMAND ARGS...)}.
 * Exit codes: 0 ok, 1 run failure, 2 bad input, 3 no command-line component answered.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // Declarative Services prints its log to both streams: one line per problem on standard error,
        // not a stack trace per launch, and nothing of it among the results on standard output.
        boolean whole = Boolean.getBoolean(ComponentLogStream.STACK_TRACES_PROPERTY);
        PrintStream err = new ComponentLogStream(System.err, null, whole);
        System.setErr(err);
        System.setOut(new ComponentLogStream(System.out, err, whole));
        int code = run(args, Installation.locate());
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    static int run(String[] args, Installation installation) {
        try {
            LaunchOptions options = LaunchOptions.parse(args);
            FeatureCatalog catalog = FeatureCatalog.load(installation.features());
            List<Feature> selected = catalog.select(options.features(),
                    options.webPort() > 0 ? List.of(LaunchOptions.WEB_FEATURE) : List.of());
            return new Launcher(installation, options, selected, catalog.membership()).run();
        } catch (LaunchException e) {
            System.err.println("fabrica: " + e.getMessage());
            return e.exitCode();
        }
    }
}
