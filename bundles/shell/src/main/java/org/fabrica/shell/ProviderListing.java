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
        TextTable table = new TextTable("CONCEPT", "NAME", "BUNDLE", "VERSION", "DESCRIPTION")
                .maxWidth(TextTable.SCREEN);
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
        TextTable table = new TextTable("NAME", "BUNDLE", "VERSION", "DESCRIPTION").maxWidth(TextTable.SCREEN);
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
        StringBuilder sb = new StringBuilder("{\"providers\": [");
        boolean firstProvider = true;
        for (ProviderInfo p : catalog.providers()) {
            sb.append(firstProvider ? "\n  {" : ",\n  {");
            firstProvider = false;
            field(sb, "concept", p.concept()).append(", ");
            field(sb, "name", p.name()).append(", ");
            field(sb, "description", p.description()).append(", ");
            field(sb, "bundle", p.bundle()).append(", ");
            field(sb, "version", p.version()).append(", \"parameters\": [");
            List<ParameterDescriptor> parameters = p.schema() == null ? List.of() : p.schema().parameters();
            for (int i = 0; i < parameters.size(); i++) {
                ParameterDescriptor d = parameters.get(i);
                sb.append(i == 0 ? "" : ", ").append('{');
                field(sb, "name", d.name()).append(", ");
                field(sb, "type", d.type()).append(", \"default\": ").append(value(d.defaultValue())).append(", ");
                sb.append("\"min\": ").append(value(d.min())).append(", \"max\": ").append(value(d.max()))
                        .append(", \"options\": [");
                for (int o = 0; o < d.options().size(); o++) {
                    sb.append(o == 0 ? "" : ", ").append(quote(d.options().get(o)));
                }
                sb.append("], ");
                field(sb, "description", d.description()).append('}');
            }
            sb.append("]}");
        }
        return sb.append("\n]}\n").toString();
    }

    private static StringBuilder field(StringBuilder sb, String key, String value) {
        return sb.append(quote(key)).append(": ").append(value == null ? "null" : quote(value));
    }

    /** A JSON value: numbers and booleans as they are (non-finite as null), arrays as lists, the rest as text. */
    private static String value(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? "null" : d == Math.rint(d) && Math.abs(d) < 1e15
                    ? Long.toString(d.longValue()) : d.toString();
        }
        if (v instanceof Float f) {
            return value(f.doubleValue());
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        if (v.getClass().isArray()) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) {
                sb.append(i == 0 ? "" : ", ").append(value(java.lang.reflect.Array.get(v, i)));
            }
            return sb.append(']').toString();
        }
        return quote(v.toString());
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
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
            return sb.toString();
        }
        if (schema.description() != null && !schema.description().isEmpty()) {
            sb.append(schema.description()).append('\n');
        }
        sb.append('\n');
        TextTable table = new TextTable("PARAMETER", "TYPE", "DEFAULT", "RANGE", "DESCRIPTION")
                .maxWidth(TextTable.SCREEN);
        for (ParameterDescriptor d : schema.parameters()) {
            table.row(d.name(), d.type(), defaultText(d.defaultValue()), d.range(), d.description());
        }
        sb.append(table.render());
        return sb.toString();
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
