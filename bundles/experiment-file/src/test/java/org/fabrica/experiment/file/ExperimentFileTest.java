package org.fabrica.experiment.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.junit.jupiter.api.Test;

/**
 * The experiment file on its own: errors name the file, line and column of the key or value (or
 * the --set that gave it), typed readers refuse values out of range, unknown keys get the nearest
 * known one, seeds and provider choices read as documented.
 */
class ExperimentFileTest {
    private static final String TEXT = """
            name: probe
            warmup: 500
            topology: {name: torus, k: 8}
            seeds: 3
            """;

    private static ExperimentDocument doc(Map<String, String> overrides) {
        return ExperimentDocument.parse("probe.yaml", TEXT, overrides);
    }

    @Test
    void errorsPointAtTheLineAndColumnOrTheOverride() {
        ExperimentDocument d = doc(Map.of());
        assertEquals("probe.yaml:2:9", d.where("warmup"));
        assertEquals("probe.yaml:3:28", d.where("topology.k"));
        assertEquals("probe.yaml:3:11: bad", d.error("topology", "bad").getMessage());
        ExperimentDocument set = doc(Map.of("topology.k", "16"));
        assertEquals(16, set.root().get("topology").get("k").asInt());
        assertTrue(set.where("topology.k").endsWith("topology.k=16"), set.where("topology.k"));
    }

    @Test
    void malformedFilesAreRefusedWithTheirPlace() {
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> ExperimentDocument.parse("bad.yaml", "name: a\nwarmup: [1, 2\n", Map.of()));
        assertTrue(e.getMessage().startsWith("bad.yaml:"), e.getMessage());
        e = assertThrows(ExperimentException.class, () -> ExperimentDocument.parse("list.yaml", "- a\n- b\n", Map.of()));
        assertTrue(e.getMessage().contains("list.yaml:1:1: an experiment file is a YAML mapping"), e.getMessage());
        e = assertThrows(ExperimentException.class, () -> ExperimentDocument.parse("empty.yaml", "", Map.of()));
        assertTrue(e.getMessage().contains("the experiment file is empty"), e.getMessage());
    }

    @Test
    void typedReadersRefuseValuesOutOfRangeAndUnknownKeys() {
        ExperimentDocument d = doc(Map.of());
        ObjectNode root = d.root();
        assertEquals(500, SpecReader.bounded(d, root, "warmup", "warmup", 0, 0, 1000));
        assertEquals(7, SpecReader.bounded(d, root, "measure", "measure", 7, 0, 1000), "default when absent");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> SpecReader.bounded(d, root, "warmup", "warmup", 0, 0, 100));
        assertEquals("probe.yaml:2:9: warmup = 500 is out of range; use 0 .. 100", e.getMessage());
        e = assertThrows(ExperimentException.class,
                () -> SpecReader.checkKeys(d, root, "", List.of("name", "warmpu", "topology", "seeds")));
        assertTrue(e.getMessage().startsWith("probe.yaml:2:1: unknown key 'warmup'"), e.getMessage());
        assertTrue(e.getMessage().contains("warmpu"), "the nearest known key is suggested: " + e.getMessage());
    }

    @Test
    void seedsAndProviderChoicesReadAsDocumented() {
        ExperimentDocument d = doc(Map.of());
        assertEquals(List.of(1L, 2L, 3L), SpecReader.seeds(d, d.root().get("seeds"), "seeds"));
        assertEquals(SpecReader.DEFAULT_SEEDS, SpecReader.seeds(d, null, "seeds"));
        ProviderChoice torus = SpecReader.choice(d, d.root().get("topology"), "topology", "topology", null);
        assertEquals("torus", torus.name());
        assertEquals(8, ((Number) torus.parameters().get("k")).intValue());
        assertEquals("topology.k", torus.parameterPath("k"));
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> SpecReader.choice(d, null, "routing", "routing", null));
        assertTrue(e.getMessage().contains("'routing' is required"), e.getMessage());
    }

    @Test
    void malformedTextIsNamedWithItsKeyTheLimitOrTheCause() {
        String nan = org.junit.jupiter.api.Assertions.assertThrows(org.fabrica.experiment.ExperimentException.class,
                () -> ExperimentDocument.parse("n.yaml", "name: x\nloads: [0.1, .nan]\n", Map.of())).getMessage();
        assertTrue(nan.startsWith("n.yaml:2:"), nan);
        assertTrue(nan.contains("key 'loads'"), nan);
        assertTrue(nan.contains(".nan and .inf are not accepted"), nan);
        String deep = org.junit.jupiter.api.Assertions.assertThrows(org.fabrica.experiment.ExperimentException.class,
                () -> ExperimentDocument.parse("d.yaml", "name: x\nt: " + "[".repeat(1001) + "]".repeat(1001) + "\n",
                        Map.of())).getMessage();
        assertTrue(deep.contains("nested more than 1000 deep"), deep);
        // the 1,000th level (the root mapping and 999 lists) opens at column 1002; the next '[' is too deep
        assertTrue(deep.startsWith("d.yaml:2:1002: "), "where the nesting goes too deep: " + deep);
        assertTrue(!deep.contains("StreamReadConstraints"), deep);
        ExperimentDocument big = ExperimentDocument.parse("b.yaml", "name: x\nmeasure: 99999999999999999999\n", Map.of());
        String large = org.junit.jupiter.api.Assertions.assertThrows(org.fabrica.experiment.ExperimentException.class,
                () -> SpecReader.whole(big, big.root().get("measure"), "measure")).getMessage();
        assertTrue(large.contains("measure = 99999999999999999999 is too large; a whole number here is at most "
                + Long.MAX_VALUE), large);
    }

    private static String syntax(String text) {
        return assertThrows(ExperimentException.class, () -> ExperimentDocument.parse("s.yaml", text, Map.of()))
                .getMessage();
    }

    @Test
    void yamlSyntaxErrorsSayWhatToChange() {
        String indented = syntax("name: x\n  topology: torus\nloads: [0.1]\n");
        assertTrue(indented.startsWith("s.yaml:2:11: not valid YAML: mapping values are not allowed here"), indented);
        assertTrue(indented.contains("line the key up with the keys above it"), indented);
        String tab = syntax("name: x\n\tloads: [0.1]\n");
        assertTrue(tab.startsWith("s.yaml:2:1: "), tab);
        assertTrue(tab.endsWith("(indent with spaces, not tabs)"), tab);
        String quote = syntax("name: x\nloads: \"abc\n");
        assertTrue(quote.contains("started at s.yaml:2:8"), quote);
        assertTrue(quote.contains("end it with the same quote"), quote);
        String colon = syntax("name: x\ntopology:\n  name: torus\n  k 8\n  n: 2\n");
        assertTrue(colon.contains("add the ':' and a space after the key"), colon);
        String block = syntax("schemes:\n  - label: a\n    routing: dor\n   queuing: dateline\n");
        assertTrue(block.contains("indentation does not match"), block);
    }

    @Test
    void aChoiceWithoutAndWithKeysKeepsItsPlaceAndItsOrder() {
        ProviderChoice topology = new ProviderChoice("topology", "torus", Map.of("k", 4), "topology")
                .with("rails", 2).with("railSelection", "destination");
        assertEquals(List.of("k", "rails", "railSelection"), List.copyOf(topology.parameters().keySet()));
        ProviderChoice plain = topology.without("rails", "railSelection", "absent");
        assertEquals(Map.of("k", 4), plain.parameters());
        assertEquals("topology.k", plain.parameterPath("k"));
        assertEquals(List.of("k", "rails", "railSelection"), List.copyOf(topology.with("k", 8).parameters().keySet()),
                "a key set again stays in its place");
        assertEquals(8, topology.with("k", 8).parameters().get("k"));
    }
}
