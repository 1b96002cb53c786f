package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The order in which the launcher starts its bundles. */
class StartLevelTest {

    @Test
    void thePromptComesAfterTheFabricaCommandsWhichComeAfterEveryProvider() {
        int infrastructure = Launcher.startLevel("org.apache.felix.scr");
        int provider = Launcher.startLevel("org.fabrica.topology.cube");
        int commands = Launcher.startLevel("org.fabrica.shell");
        int prompt = Launcher.startLevel("org.apache.felix.gogo.jline");
        assertTrue(infrastructure < provider, "DS before the providers");
        assertTrue(provider < commands, "every provider (and plugin) before the commands");
        // on a loaded machine the prompt came before fabrica:run existed: 'Command not found: fabrica:run'
        assertTrue(commands < prompt, "the commands before the g! prompt");
        assertEquals(Launcher.PROMPT_LEVEL, prompt);
    }
}
