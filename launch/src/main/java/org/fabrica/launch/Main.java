package org.fabrica.launch;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * Entry point of {@code ./fabrica}: {@code fabrica [--features a,b] [--plugins DIR] [--web PORT] (shell | COMMAND ARGS...)}.
 * Exit codes: 0 ok, 1 run failure, 2 bad input, 3 no command-line component answered.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Installation installation = Installation.locate();
        // A command that only describes the installation may have been answered before (AnswerCache).
        Optional<AnswerCache> cache = answerCache(args, installation);
        Optional<byte[]> answer = cache.flatMap(AnswerCache::read);
        if (answer.isPresent()) {
            System.out.write(answer.get(), 0, answer.get().length);
            System.out.flush();
            System.exit(ExitCodes.OK);
        }
        AnswerCache.Tee outCopy = cache.isPresent() ? new AnswerCache.Tee(System.out) : null;
        AnswerCache.Tee errSeen = cache.isPresent() ? new AnswerCache.Tee(System.err) : null;
        // Declarative Services prints its log to both streams: one line per problem on standard error,
        // not a stack trace per launch, and nothing of it among the results on standard output.
        boolean whole = Boolean.getBoolean(ComponentLogStream.STACK_TRACES_PROPERTY);
        PrintStream err = new ComponentLogStream(errSeen != null ? errSeen : System.err, null, whole);
        System.setErr(err);
        System.setOut(new ComponentLogStream(outCopy != null ? outCopy : System.out, err, whole));
        int code = run(args, installation);
        System.out.flush();
        System.err.flush();
        if (cache.isPresent() && code == ExitCodes.OK && !errSeen.written()) {
            cache.get().write(outCopy.copy());
        }
        System.exit(code);
    }

    /** The answer cache's entry for these arguments, when their command is one it answers. */
    static Optional<AnswerCache> answerCache(String[] args, Installation installation) {
        try {
            LaunchOptions options = LaunchOptions.parse(args);
            return AnswerCache.of(options, installation, options.plugins() != null ? options.plugins()
                    : installation.plugins());
        } catch (LaunchException e) {
            return Optional.empty(); // said by run()
        }
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
