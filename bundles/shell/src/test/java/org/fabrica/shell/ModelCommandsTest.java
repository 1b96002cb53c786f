package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.fabrica.analysis.MultiRailModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabrica model multirail}. */
class ModelCommandsTest {
    private final CliHarness cli = new CliHarness();

    @TempDir
    Path tmp;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void multirailPrintsTheModelPerLengthAndPlotsIt() throws Exception {
        Path svg = tmp.resolve("plots/g.svg"); // the folder is made
        assertEquals(0, run("model", "multirail", "--lengths", "64,4096", "--plot", svg.toString()),
                cli.err());
        String out = cli.out();
        MultiRailModel m = MultiRailModel.dawning();
        assertTrue(out.contains("Hop 5, k 4, T_switch 50 ns, m 4 rails of 2.5 Gbit/s against one plane of 10 Gbit/s"),
                out);
        assertTrue(out.contains(String.format(Locale.ROOT, "%9d  %11.1f  %12.1f  %.4f", 4096,
                m.singlePlaneNanoseconds(4096), m.multiRailNanoseconds(4096), m.gain(4096))), out);
        assertTrue(Files.readString(svg).contains("<svg"), "an SVG chart");
    }

    @Test
    void badParametersAreBadInput() {
        assertEquals(2, run("model", "multirail", "--hops", "0"));
        assertTrue(cli.err().contains("model multirail: hops = 0"));
        assertEquals(2, run("model", "multirail", "--lengths", "0"));
        assertEquals(2, run("model"));
    }
}
