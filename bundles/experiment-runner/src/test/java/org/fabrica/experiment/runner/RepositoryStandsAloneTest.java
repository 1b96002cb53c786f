package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The repository stands alone: users clone it without the developers' design notes and study
 * specifications, so no file in it may point to them (docs/architecture.md, "Layout and code
 * rules"). The model of every study is restated in its page under docs/studies/, the design in
 * docs/architecture.md.
 *
 * <p>The test reads every text file of the repository: the files git tracks when git answers
 * ({@code git ls-files}), else every file under the repository root except build output
 * ({@code target/}), {@code .git/} and run results. It excludes no source folder. A failure lists
 * every offending line as {@code path:line: text}. Run it on its own with
 * {@code mvn -pl bundles/experiment-runner test -Dtest=RepositoryStandsAloneTest} (add {@code -o}
 * offline), or {@code -Dgroups=repository} for every test of this tag.
 */
@Tag("repository")
class RepositoryStandsAloneTest {
    /** Name fragments are joined at run time, so this file does not match its own patterns. */
    private static final String MD = "\\.md\\b";

    /** What points outside the repository, and why it is wrong. */
    private record Rule(Pattern pattern, String why) {
    }

    private static final List<Rule> OUTSIDE = List.of(
            new Rule(Pattern.compile("(?:\\.\\./|/work/)shared\\b"),
                    "the developers' shared folder does not exist for users"),
            new Rule(Pattern.compile("(?<![\\w/-])(?:DESIGN|CONVENTIONS|TOOLCHAIN)" + MD),
                    "a design note outside the repository; use docs/architecture.md"),
            new Rule(Pattern.compile("(?<!docs/)(?<![\\w-])specs/[\\w.-]+" + MD),
                    "a study specification outside the repository; use the study's page under docs/studies/"));

    /** A page of the repository named in a text: {@code docs/<path>.md}. */
    private static final Pattern DOCS_PAGE = Pattern.compile("(?<![\\w/.-])docs/[\\w/.-]+?" + MD);

    private static final Set<String> BINARY = Set.of("png", "jpg", "jpeg", "gif", "ico", "pdf", "jar", "class", "zip",
            "gz", "tgz", "bin");

    @Test
    void noFileNamesDesignNotesOrSpecificationsOutsideTheRepository() throws IOException {
        Path root = root();
        List<String> problems = new ArrayList<>();
        int files = 0;
        for (String file : files(root)) {
            List<String> lines = textLines(root.resolve(file));
            if (lines == null) {
                continue;
            }
            files++;
            for (int i = 0; i < lines.size(); i++) {
                for (Rule rule : OUTSIDE) {
                    Matcher m = rule.pattern().matcher(lines.get(i));
                    while (m.find()) {
                        problems.add(file + ":" + (i + 1) + ": '" + m.group() + "': " + rule.why());
                    }
                }
            }
        }
        assertTrue(files > 100, "read only " + files + " text files under " + root + "; is it the repository root?");
        if (!problems.isEmpty()) {
            fail(problems.size() + " line(s) point outside the repository:\n  " + String.join("\n  ", problems));
        }
    }

    @Test
    void everyDocsPageNamedInAFileExists() throws IOException {
        Path root = root();
        List<String> problems = new ArrayList<>();
        for (String file : files(root)) {
            List<String> lines = textLines(root.resolve(file));
            if (lines == null) {
                continue;
            }
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = DOCS_PAGE.matcher(lines.get(i));
                while (m.find()) {
                    if (!Files.isRegularFile(root.resolve(m.group()))) {
                        problems.add(file + ":" + (i + 1) + ": '" + m.group() + "' does not exist");
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " line(s) name a page that is not in the repository:\n  "
                    + String.join("\n  ", problems));
        }
    }

    /**
     * The repository root: the system property {@code fabrica.root} if set, else the nearest
     * folder at or above the working directory (the module's, under Maven) that holds
     * {@code pom.xml}, {@code bundles/} and {@code docs/}.
     */
    static Path root() {
        String property = System.getProperty("fabrica.root");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("bundles"))
                    && Files.isDirectory(p.resolve("docs"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root (pom.xml, bundles/, docs/) at or above "
                + Path.of("").toAbsolutePath() + "; set -Dfabrica.root");
    }

    /** The files to read, relative to the root with '/' separators. */
    static List<String> files(Path root) throws IOException {
        List<String> tracked = gitLsFiles(root);
        if (tracked != null) {
            return tracked;
        }
        List<String> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile).forEach(p -> {
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (!excludedWhenWalking(rel)) {
                    out.add(rel);
                }
            });
        }
        out.sort(null);
        return out;
    }

    private static boolean excludedWhenWalking(String rel) {
        for (String part : rel.split("/")) {
            if (part.equals("target") || part.equals(".git") || part.equals(".dev") || part.equals(".mvn")) {
                return true;
            }
        }
        return rel.startsWith("results/");
    }

    /** {@code git ls-files} at the root, or null when git is missing or the folder is not a work tree. */
    private static List<String> gitLsFiles(Path root) {
        try {
            Process git = new ProcessBuilder("git", "-C", root.toString(), "ls-files", "-z")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out;
            try (InputStream in = git.getInputStream()) {
                ByteArrayOutputStream buffer = new ByteArrayOutputStream();
                in.transferTo(buffer);
                out = buffer.toByteArray();
            }
            if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0) {
                git.destroy();
                return null;
            }
            List<String> files = new ArrayList<>();
            for (String f : new String(out, StandardCharsets.UTF_8).split("\0")) {
                if (!f.isEmpty() && Files.isRegularFile(root.resolve(f))) {
                    files.add(f);
                }
            }
            return files.isEmpty() ? null : files;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The lines of a text file, or null for a binary one (by extension, or a NUL byte). */
    private static List<String> textLines(Path file) throws IOException {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot >= 0 && BINARY.contains(name.substring(dot + 1).toLowerCase(java.util.Locale.ROOT))) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return null;
            }
        }
        return new String(bytes, StandardCharsets.UTF_8).lines().toList();
    }
}
