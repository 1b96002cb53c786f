package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which commands the answer cache answers, and what makes it ask the framework again. */
class AnswerCacheTest {
    @TempDir
    Path dir;

    private Installation installation() throws Exception {
        Path home = Files.createDirectories(dir.resolve("launch").resolve("target"));
        Files.createDirectories(home.resolve("export").resolve("fabrica"));
        Files.writeString(home.resolve("export").resolve("fabrica").resolve("a.jar"), "bundle");
        Files.createDirectories(home.resolve("features"));
        Files.writeString(home.resolve("features").resolve("core.json"), "{}");
        Files.createDirectories(dir.resolve("launch").resolve("plugins"));
        return Installation.at(home);
    }

    private static Optional<AnswerCache> cache(Installation i, String... args) throws LaunchException {
        LaunchOptions o = LaunchOptions.parse(args);
        return AnswerCache.of(o, i, i.plugins());
    }

    @Test
    void onlyCommandsThatDescribeTheInstallationAreAnswered() throws Exception {
        Installation i = installation();
        for (List<String> yes : List.of(List.of("--version"), List.of("help"), List.of("help", "routing", "dor"),
                List.of("algorithms", "--json"))) {
            assertTrue(cache(i, yes.toArray(new String[0])).isPresent(), yes.toString());
        }
        for (List<String> no : List.of(List.of("run", "x.yaml"), List.of("validate", "x.yaml"), List.of("shell"),
                List.of("status", "results/x"), List.of("help", "--web", "8080"), List.<String>of())) {
            assertTrue(cache(i, no.toArray(new String[0])).isEmpty(), no.toString());
        }
    }

    @Test
    void aPluginAnotherCommitOrOtherArgumentsAskTheFrameworkAgain() throws Exception {
        Installation i = installation();
        Path first = cache(i, "algorithms").orElseThrow().file();
        assertEquals(first, cache(i, "algorithms").orElseThrow().file(), "the same launch, the same answer");
        assertNotEquals(first, cache(i, "algorithms", "--json").orElseThrow().file());
        assertNotEquals(first, cache(i, "--features", "core", "algorithms").orElseThrow().file());
        Path plugin = i.plugins().resolve("my-routing.jar");
        Files.writeString(plugin, "jar");
        Path withPlugin = cache(i, "algorithms").orElseThrow().file();
        assertNotEquals(first, withPlugin, "a dropped plugin");
        Files.setLastModifiedTime(plugin, FileTime.fromMillis(1_000));
        assertNotEquals(withPlugin, cache(i, "algorithms").orElseThrow().file(), "a replaced plugin");
        Files.delete(plugin);
        assertEquals(first, cache(i, "algorithms").orElseThrow().file(), "the plugin removed again");
        Files.writeString(i.bundles().resolve("a.jar"), "rebuilt bundle");
        assertNotEquals(first, cache(i, "algorithms").orElseThrow().file(), "a rebuild");
        String commit = System.getProperty("fabrica.commit");
        try {
            System.setProperty("fabrica.commit", "0123abcd");
            Path other = cache(i, "algorithms").orElseThrow().file();
            System.setProperty("fabrica.commit", "4567ef01");
            assertNotEquals(other, cache(i, "algorithms").orElseThrow().file(), "another commit");
        } finally {
            if (commit == null) {
                System.clearProperty("fabrica.commit");
            } else {
                System.setProperty("fabrica.commit", commit);
            }
        }
    }

    @Test
    void anAnswerIsReadBackWholeAndTheOldestGo() throws Exception {
        Installation i = installation();
        AnswerCache c = cache(i, "--version").orElseThrow();
        assertTrue(c.read().isEmpty());
        byte[] text = "Fabrica 0.1.0 (commit abc)\n".getBytes(StandardCharsets.UTF_8);
        c.write(text);
        assertArrayEquals(text, c.read().orElseThrow());
        Path answers = c.file().getParent();
        for (int k = 0; k < AnswerCache.KEEP + 5; k++) {
            Path old = answers.resolve("old-" + k);
            Files.writeString(old, "x");
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000L + k));
        }
        c.write(text);
        try (var files = Files.list(answers)) {
            assertEquals(AnswerCache.KEEP, files.count());
        }
        assertTrue(c.read().isPresent(), "the newest answer stays");
        assertTrue(Files.notExists(answers.resolve("old-0")), "the oldest went");
    }
}
