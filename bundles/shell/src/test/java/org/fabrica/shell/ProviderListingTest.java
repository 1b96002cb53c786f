package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.report.TextTable;
import org.junit.jupiter.api.Test;

class ProviderListingTest {
    @Test
    void algorithmsListsEveryProviderPerConceptWithBundleAndVersion() {
        String s = ProviderListing.algorithms(Fakes.catalog());
        // a description wider than the screen goes on under itself: count the rows' first lines
        List<String> lines = List.of(s.split("\n")).stream().filter(l -> !l.startsWith(" ")).toList();
        assertTrue(lines.get(0).startsWith("CONCEPT"), lines.get(0));
        for (String l : s.split("\n")) {
            assertTrue(l.length() <= TextTable.SCREEN, l);
        }
        // concept order of the catalogue: topology first, although a routing provider comes first
        assertTrue(lines.get(2).startsWith("topology"), lines.get(2));
        assertTrue(lines.get(3).contains("dor") && lines.get(3).contains("org.fabrica.routing.cube")
                && lines.get(3).contains("0.1.0.SNAPSHOT"), lines.get(3));
        assertTrue(lines.get(4).contains("west-first") && lines.get(4).contains("1.0.0"), lines.get(4));
        assertTrue(lines.get(5).contains("org.example.olddor") && lines.get(5).contains("[shadowed"), lines.get(5));
        assertEquals(6, lines.size());
        // the bundle column starts at the same offset on every row
        int col = lines.get(0).indexOf("BUNDLE");
        assertEquals(col, lines.get(3).indexOf("org.fabrica.routing.cube"));
        assertEquals(col, lines.get(4).indexOf("org.example.westfirst"));
    }

    @Test
    void emptyCatalogSaysSo() {
        String s = ProviderListing.algorithms(new Fakes.FakeCatalog(List.of("routing"), List.of()));
        assertTrue(s.startsWith("No providers"), s);
    }

    @Test
    void helpShowsTypeDefaultRangeAndDescriptionOfEachParameter() {
        String s = ProviderListing.help(Fakes.catalog(), "routing", "dor");
        assertTrue(s.startsWith("routing dor: Dimension-order routing with datelines\n"), s);
        assertTrue(s.contains("provided by org.fabrica.routing.cube 0.1.0.SNAPSHOT"), s);
        String dateline = line(s, "dateline");
        assertTrue(dateline.matches("dateline\\s+Dateline\\s+classic\\s+classic \\| two-per-ring\\s+Dateline scheme of every ring"),
                dateline);
        assertTrue(line(s, "maxHops").matches("maxHops\\s+int\\s+64\\s+\\[1, 1024\\]\\s+Hop limit"), line(s, "maxHops"));
        assertTrue(line(s, "weights").matches("weights\\s+double\\[\\]\\s+\\[0.5, 1.5\\]\\s+>= 0\\s+Per-dimension weights"),
                line(s, "weights"));
        assertTrue(line(s, "label").matches("label\\s+String\\s+\\(required\\)"), line(s, "label"));
    }

    @Test
    void jsonGivesIntegerBoundsAsIntegersAndOthersAsTheyAre() throws Exception {
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                ProviderListing.json(Fakes.catalog()));
        com.fasterxml.jackson.databind.JsonNode maxHops = null;
        com.fasterxml.jackson.databind.JsonNode weights = null;
        for (com.fasterxml.jackson.databind.JsonNode p : json.get("providers")) {
            for (com.fasterxml.jackson.databind.JsonNode q : p.get("parameters")) {
                if (q.get("name").asText().equals("maxHops")) {
                    maxHops = q;
                } else if (q.get("name").asText().equals("weights")) {
                    weights = q;
                }
            }
        }
        assertTrue(maxHops != null && weights != null, json.toString());
        assertEquals("1", maxHops.get("min").toString(), "an int parameter's bound is an integer");
        assertEquals("1024", maxHops.get("max").toString());
        assertTrue(maxHops.get("min").isIntegralNumber());
        assertEquals("0.0", weights.get("min").toString(), "a double's bound stays a double");
        assertTrue(weights.get("max").isNull());
    }

    @Test
    void helpWithoutParametersSaysSo() {
        assertTrue(ProviderListing.help(Fakes.catalog(), "topology", "torus").contains("No parameters."));
    }

    @Test
    void helpOfAnUnknownProviderIsTheCatalogError() {
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> ProviderListing.help(Fakes.catalog(), "routing", "dro"));
        assertTrue(e.getMessage().contains("did you mean 'dor'"), e.getMessage());
    }

    private static String line(String text, String start) {
        for (String l : text.split("\n")) {
            if (l.startsWith(start + " ")) {
                return l;
            }
        }
        throw new AssertionError("no line starting with " + start + " in\n" + text);
    }
}
