package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Feature properties fabrica.log.level.LOGGER = LEVEL set java.util.logging levels before bundles start. */
class LogLevelsTest {
    @Test
    void aFeaturesLogLevelIsAppliedAndOtherPropertiesAreLeftAlone() throws Exception {
        Launcher.applyLogLevels(Map.of("fabrica.log.level.org.example.noisy", "SEVERE", "org.example.other", "INFO"));
        assertEquals(Level.SEVERE, Logger.getLogger("org.example.noisy").getLevel());
        assertEquals(null, Logger.getLogger("org.example.other").getLevel());
    }

    @Test
    void aLevelThatIsNoneIsBadInputNamingTheProperty() {
        LaunchException e = assertThrows(LaunchException.class,
                () -> Launcher.applyLogLevels(Map.of("fabrica.log.level.org.example.x", "LOUD")));
        assertEquals(ExitCodes.BAD_INPUT, e.exitCode());
        assertTrue(e.getMessage().contains("fabrica.log.level.org.example.x = 'LOUD'"), e.getMessage());
    }
}
