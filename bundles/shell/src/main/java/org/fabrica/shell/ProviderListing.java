package org.fabrica.shell;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.report.TextTable;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterSchema;

/**
 * The text of {@code algorithms} and {@code help CONCEPT NAME}, shared by the Gogo commands and the
 * command-line mode. Everything comes from the {@link ProviderCatalog} and the providers' Metatype
 * parameter types ({@link ParameterSchema}); nothing is described twice.
 */
final class ProviderListing {
    private ProviderListing() {
    }

    /**
     * Every provider per concept (in the catalogue's concept order), with bundle and version. When
     * several bundles offer one name, the first (highest ranked) is what new runs use; the others
     * are marked as shadowed.
     */
    static String algorithms(ProviderCatalog catalog) {
        List<ProviderInfo> providers = catalog.providers();
        if (providers.isEmpty()) {
            return "No providers are registered yet.\n";
        }
        Map<String, List<ProviderInfo>> byConcept = new LinkedHashMap<>();
        for (String concept : catalog.concepts()) {
            byConcept.put(concept, new ArrayList<>());
        }
        for (ProviderInfo p : providers) {
            byConcept.computeIfAbsent(p.concept(), c -> new ArrayList<>()).add(p);
        }
        TextTable table = new TextTable("CONCEPT", "NAME", "BUNDLE", "VERSION", "DESCRIPTION");
        for (Map.Entry<String, List<ProviderInfo>> e : byConcept.entrySet()) {
            Set<String> seen = new HashSet<>();
            for (ProviderInfo p : e.getValue()) {
                String description = p.description() == null ? "" : p.description();
                if (!seen.add(p.name())) {
                    description = "[shadowed by a higher-ranked " + p.name() + "] " + description;
                }
                table.row(e.getKey(), p.name(), p.bundle(), p.version(), description);
            }
        }
        return table.render();
    }

    /** The parameters of one provider: name, type, default, range and description. */
    /** The providers of one concept: name, bundle, version and description. */
    static String concept(ProviderCatalog catalog, String concept) {
        TextTable table = new TextTable("NAME", "BUNDLE", "VERSION", "DESCRIPTION");
        int n = 0;
        for (ProviderInfo p : catalog.providers()) {
            if (p.concept().equals(concept)) {
                table.row(p.name(), p.bundle(), p.version(), p.description() == null ? "" : p.description());
                n++;
            }
        }
        if (n == 0) {
            return "No " + concept + " provider is registered.\n";
        }
        return concept + " providers (fabrica help " + concept + " NAME for the parameters of one):\n" + table.render();
    }

    /**
     * Every provider as JSON, for scripts: {@code {"providers": [{"concept", "name", "description",
     * "bundle", "version", "parameters": [{"name", "type", "default", "min", "max", "options",
     * "description"}]}]}}, in the order of {@link #algorithms}.
     */
    static String json(ProviderCatalog catalog) {
        // Jackson, as every JSON file of Fabrica (points.json, run.json) is written
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root = json.createObjectNode();
        com.fasterxml.jackson.databind.node.ArrayNode list = root.putArray("providers");
        for (ProviderInfo p : catalog.providers()) {
            com.fasterxml.jackson.databind.node.ObjectNode o = list.addObject();
            o.put("concept", p.concept()).put("name", p.name()).put("description", p.description())
                    .put("bundle", p.bundle()).put("version", p.version());
            com.fasterxml.jackson.databind.node.ArrayNode parameters = o.putArray("parameters");
            for (ParameterDescriptor d : p.schema() == null ? List.<ParameterDescriptor>of() : p.schema().parameters()) {
                com.fasterxml.jackson.databind.node.ObjectNode q = parameters.addObject();
                q.put("name", d.name()).put("type", d.type());
                q.set("default", json.valueToTree(d.defaultValue()));
                q.set("min", bound(json, d.min(), d.type()));
                q.set("max", bound(json, d.max(), d.type()));
                q.set("options", json.valueToTree(d.options()));
                q.put("description", d.description());
            }
        }
        try {
            return json.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write the provider list as JSON: " + e.getMessage(), e);
        }
    }

    /** A bound as JSON: a whole number for an int or long parameter (1, not 1.0), else as it is. */
    private static com.fasterxml.jackson.databind.JsonNode bound(com.fasterxml.jackson.databind.ObjectMapper json,
            Double value, String type) {
        boolean integral = type.equals("int") || type.equals("long") || type.equals("Integer") || type.equals("Long");
        if (value != null && integral && value == Math.rint(value) && Math.abs(value) < 9.0e15) {
            return json.getNodeFactory().numberNode(value.longValue());
        }
        return json.valueToTree(value);
    }

    static String help(ProviderCatalog catalog, String concept, String name) {
        return help(catalog.find(concept, name));
    }

    static String help(ProviderInfo p) {
        StringBuilder sb = new StringBuilder();
        sb.append(p.concept()).append(' ').append(p.name());
        if (p.description() != null && !p.description().isEmpty()) {
            sb.append(": ").append(p.description());
        }
        sb.append('\n');
        sb.append("provided by ").append(p.bundle()).append(' ').append(p.version()).append('\n');
        ParameterSchema schema = p.schema();
        if (schema == null || schema.parameters().isEmpty()) {
            sb.append("No parameters.\n");
            return TextTable.fit(sb.toString());
        }
        if (schema.description() != null && !schema.description().isEmpty()) {
            sb.append(schema.description()).append('\n');
        }
        sb.append('\n');
        TextTable table = new TextTable("PARAMETER", "TYPE", "DEFAULT", "RANGE", "DESCRIPTION");
        for (ParameterDescriptor d : schema.parameters()) {
            table.row(d.name(), d.type(), defaultText(d.defaultValue()), d.range(), d.description());
        }
        sb.append(table.render());
        return TextTable.fit(sb.toString());
    }

    /** A default as written in an experiment file; arrays as [a, b]; no default = required. */
    static String defaultText(Object value) {
        if (value == null) {
            return "(required)";
        }
        if (value.getClass().isArray()) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(value); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(defaultText(Array.get(value, i)));
            }
            return sb.append(']').toString();
        }
        if (value instanceof String s && s.isEmpty()) {
            return "\"\"";
        }
        return value.toString();
    }
}
