package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class CommandLineModeTest {
    @Test
    void argumentsAreSplitAtTheUnitSeparatorOnly() {
        assertArrayEquals(new String[] {"run", "my file.yaml", "--set", "a=b c"},
                CommandLineMode.split("run\u001Fmy file.yaml\u001F--set\u001Fa=b c"));
        assertArrayEquals(new String[] {"bench", ""}, CommandLineMode.split("bench\u001F"));
        assertArrayEquals(new String[0], CommandLineMode.split(""));
    }

    @Test
    void homeIsTheHomePropertyOrTheFolderAboveLaunchPlugins() {
        assertEquals(Path.of("/opt/fabrica"), CommandLineMode.home("/opt/fabrica", "/x/launch/plugins"));
        assertEquals(Path.of("/x"), CommandLineMode.home(null, "/x/launch/plugins"));
        assertNull(CommandLineMode.home(null, "/x/drop-ins"));
        assertNull(CommandLineMode.home(null, null));
    }
}
