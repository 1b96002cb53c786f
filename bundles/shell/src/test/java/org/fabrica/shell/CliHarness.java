package org.fabrica.shell;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs command lines on a {@link FabricaCli} with the fake service and keeps what they print. */
final class CliHarness {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    /** The exit code of {@code args}. */
    int run(String... args) {
        FabricaCli cli = new FabricaCli(new Fakes.FakeService(), Fakes.catalog(),
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), false, null);
        return cli.execute(args);
    }

    /** Standard output so far. */
    String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    /** Standard error so far. */
    String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    /** A results folder {@code folder} (created with its parents) holding {@code pointsCsv} as its points.csv. */
    static Path resultsFolder(Path folder, String pointsCsv) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("points.csv"), pointsCsv);
        return folder;
    }
}
