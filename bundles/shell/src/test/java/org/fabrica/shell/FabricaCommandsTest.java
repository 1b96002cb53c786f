package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.RunState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FabricaCommandsTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final Fakes.FakeService service = new Fakes.FakeService();
    private FabricaCommands commands;

    @BeforeEach
    void setUp() {
        service.finishImmediately = false;
        commands = new FabricaCommands(service, Fakes.catalog(), new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out() {
        String s = outBytes.toString(StandardCharsets.UTF_8);
        outBytes.reset();
        return s;
    }

    private String err() {
        String s = errBytes.toString(StandardCharsets.UTF_8);
        errBytes.reset();
        return s;
    }

    @Test
    void runStartsInTheBackgroundAndPrintsTheId() {
        commands.run("examples/quickstart.yaml", "--threads", "2", "--paused", "--set", "seeds=[3]");
        assertTrue(out().startsWith("Started run r1 (exp-r1), paused before its first cycle; results in "));
        assertEquals(1, service.runs.size());
        assertTrue(service.options.get(0).startPaused());
        assertEquals(2, service.options.get(0).threads());
        assertEquals(Map.of("seeds", "[3]"), service.options.get(0).overrides());
        assertEquals(RunState.RUNNING, service.runs.get(0).state());
    }

    @Test
    void aBackgroundRunSaysWhenItEndsAndCommandsOnAnEndedRunSaySo() {
        commands.run("examples/quickstart.yaml");
        out();
        Fakes.FakeRun run = service.runs.get(0);
        run.finish(RunState.FINISHED);
        assertTrue(out().startsWith("Run r1 finished: "), "the end is announced in the session");
        commands.pause("r1");
        assertTrue(err().startsWith("Run r1 has ended (finished); there is nothing to pause."));
        assertEquals(RunState.FINISHED, run.state(), "not paused");
        commands.resume("r1");
        assertTrue(err().contains("there is nothing to resume"));
    }

    @Test
    void stepWithoutACountAndHelpAloneGiveUsage() {
        commands.step("r1");
        assertTrue(err().startsWith("step: how many cycles? usage: fabrica:step RUN CYCLES"));
        commands.help();
        String help = out();
        for (String command : List.of("fabrica:run", "fabrica:pause", "fabrica:step", "fabrica:swap", "exit")) {
            assertTrue(help.contains(command), command + " in " + help);
        }
    }

    @Test
    void runWithBadArgumentsPrintsTheProblem() {
        commands.run("--threads");
        assertTrue(err().contains("usage: fabrica:run FILE"));
        commands.run("bad.yaml");
        assertEquals("Unknown routing provider 'dro'; did you mean 'dor'? Valid: dor\n", err());
        assertTrue(service.runs.isEmpty());
    }

    @Test
    void schedulePrintsThePlansOrTheProblem() {
        commands.schedule("m2n.yaml");
        assertTrue(out().contains("round 1: (0,7)"), out());
        commands.schedule("m2n.yaml", "--csv");
        assertTrue(out().contains("c,s,1"), out());
        commands.schedule("bad.yaml");
        assertTrue(err().contains("has no schedules to print"), err());
        commands.schedule();
        assertTrue(err().contains("usage: fabrica:schedule FILE [--csv]"), err());
    }

    @Test
    void runsListsIdNameStateAndProgress() {
        commands.runs();
        assertTrue(out().startsWith("No runs yet"));
        commands.run("a.yaml");
        commands.run("b.yaml");
        out();
        service.runs.get(1).pause();
        commands.runs();
        String[] lines = out().split("\n");
        assertEquals(4, lines.length);
        assertTrue(lines[0].matches("ID\\s+NAME\\s+STATE\\s+PROGRESS\\s+POINTS DONE"), lines[0]);
        assertTrue(lines[2].matches("r1\\s+exp-r1\\s+running\\s+0%\\s+0"), lines[2]);
        assertTrue(lines[3].matches("r2\\s+exp-r2\\s+paused\\s+0%\\s+0"), lines[3]);
    }

    @Test
    void controlCommandsActOnTheNamedRun() {
        commands.run("a.yaml");
        out();
        commands.pause("r1");
        commands.step("r1", 500);
        commands.swap("r1", "routing", "west-first", "preference=x-first");
        commands.resume("r1");
        commands.stats("r1");
        commands.stop("r1");
        assertEquals(List.of("pause", "step 500", "swap routing west-first {preference=x-first}", "resume", "stop"),
                service.runs.get(0).calls);
        String out = out();
        assertTrue(out.contains("Run r1 paused."), out);
        assertTrue(out.contains("Run r1 advanced 500 cycles"), out);
        assertTrue(out.contains("routing is now west-first {preference=x-first}"), out);
        assertTrue(out.contains("totals:\n  delivered: 42\n"), out);
        assertEquals("", err());
    }

    @Test
    void errorsPrintTheirMessageOnly() {
        commands.pause("r7");
        assertEquals("No run 'r7'; runs: (none)\n", err());
        commands.run("a.yaml");
        commands.swap("r1", "routing", "west-first");
        String e = err();
        assertEquals("Run r1 is not paused; pause it first with fabrica:pause r1\n", e);
        commands.pause("r1");
        commands.swap("r1", "routing", "west-first", "oops");
        assertTrue(err().startsWith("parameter 'oops' is not of the form key=value"));
        commands.step("r1", 0);
        assertTrue(err().contains("positive number of cycles"));
        commands.help("routing", "dro");
        e = err();
        assertTrue(e.contains("did you mean 'dor'"), e);
        assertFalse(e.contains("\tat "), e);
    }

    @Test
    void algorithmsAndHelpMatchTheCommandLine() {
        commands.algorithms();
        assertEquals(ProviderListing.algorithms(Fakes.catalog()), out());
        commands.help("routing", "dor");
        assertEquals(ProviderListing.help(Fakes.catalog(), "routing", "dor"), out());
        // what Tab offers after fabrica:help is a concept: alone, it lists the concept's providers
        commands.help("routing");
        String routing = out();
        assertTrue(routing.contains("west-first") && routing.contains("dor") && !routing.contains("torus"), routing);
    }

    @Test
    void statusReadsAResultsFolderAndRefusesAnotherNamingIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws java.io.IOException {
        java.nio.file.Files.writeString(tmp.resolve("run.json"), "{\"runId\":\"q-1\",\"experiment\":\"quickstart\","
                + "\"experimentId\":\"abc\",\"state\":\"finished\",\"started\":\"2026-11-28T10:00:00Z\","
                + "\"ended\":\"2026-11-28T10:01:00Z\",\"points\":16}");
        commands.status(tmp.toString());
        String text = out();
        assertTrue(text.startsWith(tmp + ": quickstart (experiment id abc), finished 2026-11-28T10:01:00Z"), text);
        assertTrue(text.contains("  points    0 of 16 done"), text);
        commands.status(tmp.resolve("missing").toString());
        assertTrue(err().contains("holds no run.json: not a results folder"));
    }
}
