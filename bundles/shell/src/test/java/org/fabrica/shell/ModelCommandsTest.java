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
    void theSimulatedGainOfAResultsFolderIsPrintedAndDrawnBesideTheModel() throws Exception {
        Path results = tmp.resolve("multirail");
        Files.createDirectories(results);
        Files.writeString(results.resolve("variants.csv"), String.join("\r\n",
                "pattern,traffic.injection.packets,topology.rails,traffic.packetBytes,scheme,load,points,"
                        + "collective.duration,collective.duration.overPrevious",
                "flows,1,1,64,,collective,1,128,", "flows,1,1,4096,,collective,1,632,4.9375",
                "flows,1,4,64,,collective,1,160,", "flows,1,4,4096,,collective,1,2176,13.6",
                "flows,100,1,64,,collective,1,1000,", "flows,100,4,64,,collective,1,800,", ""));
        Path svg = tmp.resolve("g.svg");
        assertEquals(0, run("model", "multirail", "--simulated", results.toString(), "--plot", svg.toString()),
                cli.err());
        String out = cli.out();
        assertTrue(out.contains("G  G simulated (packets=1)  G simulated (packets=100)"), out);
        MultiRailModel m = MultiRailModel.dawning();
        // the file's lengths; 128 / 160 and 632 / 2176; no 100-packet run of 4096 bytes
        assertTrue(out.contains(String.format(Locale.ROOT, "%9d  %11.1f  %12.1f  %.4f  %23s  %25s", 64,
                m.singlePlaneNanoseconds(64), m.multiRailNanoseconds(64), m.gain(64), "0.8000", "1.2500")), out);
        assertTrue(out.contains(String.format(Locale.ROOT, "%.4f  %23s  %25s", m.gain(4096), "0.2904", "-")), out);
        String chart = Files.readString(svg);
        assertTrue(chart.contains("G simulated, packets=100") && chart.contains("G (analytic)"), "three curves");
    }

    @Test
    void aFolderWithoutTheColumnsIsBadInput() throws Exception {
        assertEquals(2, run("model", "multirail", "--simulated", tmp.resolve("none").toString()));
        assertTrue(cli.err().contains("variants.csv: no such file"), cli.err());
        Files.writeString(tmp.resolve("variants.csv"), "pattern,variant,scheme,load,points,accepted\r\n");
        assertEquals(2, run("model", "multirail", "--simulated", tmp.toString()));
        assertTrue(cli.err().contains("no column topology.rails"), cli.err());
    }

    @Test
    void badParametersAreBadInput() {
        assertEquals(2, run("model", "multirail", "--hops", "0"));
        assertTrue(cli.err().contains("model multirail: hops = 0"));
        assertEquals(2, run("model", "multirail", "--lengths", "0"));
        assertEquals(2, run("model"));
    }
}
