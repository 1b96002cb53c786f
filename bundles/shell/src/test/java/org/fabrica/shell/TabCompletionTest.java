package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.felix.gogo.jline.Builtin;
import org.apache.felix.gogo.jline.Parser;
import org.apache.felix.gogo.jline.Posix;
import org.apache.felix.gogo.jline.Procedural;
import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.jline.builtins.Completers;
import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tab completion without a terminal: a Gogo session with the JLine shell's {@code complete} command reads
 * the shell profile the launcher installs (src/main/gosh/gosh_profile), the fabrica commands are
 * registered under the functions their component declares, and JLine's completer is asked for a line
 * parsed by the JLine shell's parser, as the shell does when Tab is pressed.
 */
class TabCompletionTest {
    private static final Path PROFILE = Path.of("src", "main", "gosh", "gosh_profile");
    /** The commands' component description that bnd generated from FabricaCommands' annotation. */
    private static final Path COMPONENT = Path.of("target", "classes", "OSGI-INF", "org.fabrica.shell.FabricaCommands.xml");

    private final Fakes.FakeService service = new Fakes.FakeService();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private FabricaCommands commands;
    private ThreadIOImpl threadIO;
    private CommandSession session;
    private Completers.Completer completer;
    /** What the profile printed at login. */
    private String profileOutput;

    @BeforeEach
    void startSession() throws Exception {
        service.finishImmediately = false;
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        commands = new FabricaCommands(service, Fakes.catalog(), out, out);
        threadIO = new ThreadIOImpl();
        threadIO.start();
        CommandProcessorImpl processor = new CommandProcessorImpl(threadIO);
        // The JLine shell's commands the profile uses, in scope gogo as its activator registers them.
        processor.addCommand("gogo", new Builtin(), "complete");
        processor.addCommand("gogo", new Procedural(), "try");
        processor.addCommand("gogo", new Posix(processor), "echo");
        for (String function : componentFunctions()) {
            processor.addCommand("fabrica", commands, function);
        }
        session = processor.createSession(InputStream.nullInputStream(), out, out);
        // What the JLine shell puts in an interactive session before it reads the profile.
        session.put(Shell.VAR_COMPLETIONS, new HashMap<>());
        Shell shell = new Shell(new Shell.Context() {
            @Override
            public String getProperty(String name) {
                return System.getProperty(name); // gosh.home unset: the shell's base is the working directory
            }

            @Override
            public void exit() {
            }
        }, processor);
        shell.source(session, PROFILE.toAbsolutePath().toUri().toString());
        // Only the framework's methods (addcommand context) cannot work outside a framework.
        List<String> errors = output.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.contains("ERROR") && !l.contains("addcommand")).toList();
        assertEquals(List.of(), errors, "the profile runs without errors");
        profileOutput = output.toString(StandardCharsets.UTF_8);
        output.reset();
        // The completer the JLine shell gives its line reader, over this session.
        completer = new Completers.Completer(new Completers.CompletionEnvironment() {
            @Override
            public Map<String, List<Completers.CompletionData>> getCompletions() {
                return Shell.getCompletions(session);
            }

            @Override
            public Set<String> getCommands() {
                return Shell.getCommands(session);
            }

            @Override
            public String resolveCommand(String command) {
                return Shell.resolve(session, command);
            }

            @Override
            public String commandName(String command) {
                return command.substring(command.indexOf(':') + 1);
            }

            @Override
            public Object evaluate(LineReader reader, ParsedLine line, String function) throws Exception {
                session.put(Shell.VAR_COMMAND_LINE, line);
                return session.execute(function);
            }
        });
    }

    @Test
    void theProfilePrintsOneBannerLineNamingFabricaHelp() {
        List<String> lines = profileOutput.lines().filter(l -> !l.contains("addcommand")).toList();
        assertEquals(List.of("Fabrica shell: fabrica:help lists the fabrica commands (Tab completes them); exit leaves"),
                lines, profileOutput);
    }

    @AfterEach
    void stopSession() {
        session.close();
        threadIO.stop();
    }

    /** What Tab offers at the end of {@code line}: the candidates that start with the word typed, as JLine shows them. */
    private List<String> tab(String line) {
        ParsedLine parsed = new Parser().parse(line, line.length(), org.jline.reader.Parser.ParseContext.COMPLETE);
        List<Candidate> candidates = new ArrayList<>();
        completer.complete(null, parsed, candidates);
        return candidates.stream().map(Candidate::value).filter(v -> v.startsWith(parsed.word())).distinct().sorted().toList();
    }

    @Test
    void theFirstWordCompletesToTheFabricaCommands() {
        assertEquals(List.of("fabrica:schedule", "fabrica:stats", "fabrica:status", "fabrica:step", "fabrica:stop",
                "fabrica:swap"), tab("fabrica:s"));
        assertEquals(List.of("swap"), tab("swa"), "unscoped, as the shell's SCOPE resolves it");
    }

    @Test
    void runCommandsCompleteTheRunIdsOfThisShell() {
        assertEquals(List.of(), tab("fabrica:step "), "no runs yet");
        commands.run("examples/a.yaml");
        commands.run("examples/b.yaml");
        for (String command : List.of("step", "stats", "pause", "resume", "stop", "swap")) {
            assertEquals(List.of("r1", "r2"), tab("fabrica:" + command + " "), command);
        }
        assertEquals(List.of("r1", "r2"), tab("stats r"));
        assertEquals(List.of(), tab("fabrica:step r1 "), "the cycles are the user's");
        commands.run("examples/c.yaml");
        assertEquals(List.of("r1", "r2", "r3"), tab("fabrica:resume "), "a new run is offered at once");
    }

    @Test
    void swapCompletesTheConceptAndThenItsProviders() {
        commands.run("examples/a.yaml");
        assertEquals(List.of("rootPolicy", "routing"), tab("fabrica:swap r1 "));
        assertEquals(List.of("rootPolicy"), tab("fabrica:swap r1 roo"));
        // dor twice in the catalogue (one shadowed): one name
        assertEquals(List.of("dor", "west-first"), tab("fabrica:swap r1 routing "));
        assertEquals(List.of("west-first"), tab("swap r1 routing w"));
        assertEquals(List.of(), tab("fabrica:swap r1 routing dor "));
    }

    @Test
    void helpCompletesConceptsAndThenProviderNames() {
        assertEquals(List.of("routing", "topology"), tab("fabrica:help "));
        assertEquals(List.of("torus"), tab("fabrica:help topology "));
        assertEquals(List.of("dor", "west-first"), tab("fabrica:help routing "));
    }

    @Test
    void runOffersItsOptions() {
        List<String> options = tab("fabrica:run examples/quickstart.yaml --");
        assertTrue(options.containsAll(List.of("--out", "--paused", "--resume", "--set", "--threads")), options.toString());
    }

    @Test
    void candidatesNeverFailIntoTheLineBeingTyped() {
        assertEquals(List.of(), commands.candidates(List.of("fabrica:swap", "r1", "routing", ""), 9));
        assertEquals(List.of(), commands.candidates(List.of(), 0));
        assertEquals(List.of(), commands.candidates(List.of("fabrica:runs", ""), 1));
    }

    /** The osgi.command.function values of the commands' component: what the framework registers. */
    private static List<String> componentFunctions() throws Exception {
        String xml = Files.readString(COMPONENT);
        Matcher m = Pattern.compile("<property name=\"osgi.command.function\" type=\"String\">([^<]*)</property>").matcher(xml);
        assertTrue(m.find(), "no osgi.command.function in " + COMPONENT);
        List<String> functions = m.group(1).lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
        assertTrue(functions.contains("candidates"), "the completion function is registered: " + functions);
        return functions;
    }
}
