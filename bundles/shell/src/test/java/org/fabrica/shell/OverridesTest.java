package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.junit.jupiter.api.Test;

class OverridesTest {
    @Test
    void keepsOrderAndSplitsAtTheFirstEquals() {
        Map<String, String> m = Overrides.parse(List.of("hardware.vcs=3", "loads=[0.1,0.2]", "a=b=c", "hardware.vcs=4"),
                "--set");
        assertEquals(List.of("hardware.vcs", "loads", "a"), List.copyOf(m.keySet()));
        assertEquals("4", m.get("hardware.vcs"));
        assertEquals("[0.1,0.2]", m.get("loads"));
        assertEquals("b=c", m.get("a"));
    }

    @Test
    void itemWithoutKeyIsRejectedWithAnExample() {
        ExperimentException e = assertThrows(ExperimentException.class, () -> Overrides.parse(List.of("vcs"), "--set"));
        assertTrue(e.getMessage().contains("--set 'vcs' is not of the form key=value"), e.getMessage());
        assertThrows(ExperimentException.class, () -> Overrides.parse(List.of("=3"), "--set"));
    }
}
