package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

    @Test
    void launcherOptionsAreTakenOutAndTheRestIsTheCommandInOrder() throws LaunchException {
        LaunchOptions o = LaunchOptions.parse(new String[] {"--features", "core,torus", "run", "examples/quickstart.yaml",
            "--out", "results/q", "--plugins=/tmp/p", "--set", "traffic.load=0.3"});
        assertEquals(List.of("core", "torus"), o.features());
        assertEquals(Path.of("/tmp/p"), o.plugins());
        assertFalse(o.shell());
        assertEquals(List.of("run", "examples/quickstart.yaml", "--out", "results/q", "--set", "traffic.load=0.3"), o.command());
    }

    @Test
    void commandPropertyJoinsArgumentsWithTheUnitSeparatorKeepingSpaces() throws LaunchException {
        LaunchOptions o = LaunchOptions.parse(new String[] {"run", "my file.yaml", "--set", "a=b c"});
        assertEquals("run\u001Fmy file.yaml\u001F--set\u001Fa=b c", o.commandProperty());
    }

    @Test
    void noArgumentsIsAnEmptyCommandAndEveryFeature() throws LaunchException {
        LaunchOptions o = LaunchOptions.parse(new String[0]);
        assertEquals(List.of(), o.features());
        assertNull(o.plugins());
        assertFalse(o.shell());
        assertEquals("", o.commandProperty());
    }

    @Test
    void shellIsRecognisedOnlyAsTheFirstCommandWord() throws LaunchException {
        assertTrue(LaunchOptions.parse(new String[] {"--features=core", "shell"}).shell());
        LaunchOptions help = LaunchOptions.parse(new String[] {"help", "shell"});
        assertFalse(help.shell());
        assertEquals(List.of("help", "shell"), help.command());
    }

    @Test
    void shellWithArgumentsIsBadInput() {
        LaunchException e = assertThrows(LaunchException.class, () -> LaunchOptions.parse(new String[] {"shell", "lb"}));
        assertEquals(ExitCodes.BAD_INPUT, e.exitCode());
    }

    @Test
    void doubleDashEndsLauncherOptionsAndIsPassedOn() throws LaunchException {
        LaunchOptions o = LaunchOptions.parse(new String[] {"run", "--", "--features", "x"});
        assertEquals(List.of(), o.features());
        assertEquals(List.of("run", "--", "--features", "x"), o.command());
    }

    @Test
    void anOptionWithoutItsValueIsBadInput() {
        assertEquals(ExitCodes.BAD_INPUT,
                assertThrows(LaunchException.class, () -> LaunchOptions.parse(new String[] {"--features"})).exitCode());
        assertEquals(ExitCodes.BAD_INPUT,
                assertThrows(LaunchException.class, () -> LaunchOptions.parse(new String[] {"--features", ","})).exitCode());
        assertEquals(ExitCodes.BAD_INPUT,
                assertThrows(LaunchException.class, () -> LaunchOptions.parse(new String[] {"run", "--plugins"})).exitCode());
    }

    @Test
    void webTakesALoopbackPortAnywhereBeforeTheDoubleDashAndRefusesOtherAddresses() throws LaunchException {
        LaunchOptions shell = LaunchOptions.parse(new String[] {"shell", "--web", "8080"});
        assertTrue(shell.shell(), "--web is the launcher's, so shell still takes no arguments");
        assertEquals(8080, shell.webPort());
        LaunchOptions run = LaunchOptions.parse(new String[] {"run", "f.yaml", "--web=127.0.0.1:9000", "--threads", "1"});
        assertEquals(9000, run.webPort());
        assertEquals(List.of("run", "f.yaml", "--threads", "1"), run.command());
        assertEquals(7000, LaunchOptions.parse(new String[] {"--web", "localhost:7000", "help"}).webPort());
        assertEquals(0, LaunchOptions.parse(new String[] {"help"}).webPort());
        LaunchException any = assertThrows(LaunchException.class,
                () -> LaunchOptions.parse(new String[] {"shell", "--web", "0.0.0.0:8080"}));
        assertEquals(ExitCodes.BAD_INPUT, any.exitCode());
        assertTrue(any.getMessage().contains("loopback") && any.getMessage().contains("ssh -L"), any.getMessage());
        for (String bad : List.of("0", "65536", "http", "192.168.1.2:80")) {
            assertEquals(ExitCodes.BAD_INPUT, assertThrows(LaunchException.class,
                    () -> LaunchOptions.parse(new String[] {"shell", "--web", bad})).exitCode(), bad);
        }
    }
}
