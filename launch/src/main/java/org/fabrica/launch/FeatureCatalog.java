package org.fabrica.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The feature descriptors of an installation ({@code features/*.json}). A descriptor is
 * <pre>
 * { "description": "...", "bundles": ["org.fabrica.topology.cube", ...], "properties": { "key": "value" } }
 * </pre>
 * and its file name is the feature's name.
 */
final class FeatureCatalog {
    private final Map<String, Feature> features;

    private FeatureCatalog(Map<String, Feature> features) {
        this.features = features;
    }

    static FeatureCatalog load(Path dir) throws LaunchException {
        if (!Files.isDirectory(dir)) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "no feature folder at " + dir
                    + ": rebuild the launcher (mvn -B install -DskipTests) so features/ is copied beside it");
        }
        Map<String, Feature> features = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted()::iterator) {
                Feature feature = read(file);
                features.put(feature.name(), feature);
            }
        } catch (IOException e) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "cannot read the feature folder " + dir + ": " + e.getMessage(), e);
        }
        if (features.isEmpty()) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "the feature folder " + dir + " has no *.json descriptor");
        }
        return new FeatureCatalog(features);
    }

    static Feature read(Path file) throws LaunchException {
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ".json".length());
        try {
            Object root = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            if (!(root instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException("the document must be an object");
            }
            for (Object key : map.keySet()) {
                if (!List.of("description", "bundles", "properties", "onRequest").contains(key)) {
                    throw new IllegalArgumentException("unknown member \"" + key
                            + "\" (a feature has description, bundles, properties and onRequest)");
                }
            }
            Object description = map.get("description");
            if (description != null && !(description instanceof String)) {
                throw new IllegalArgumentException("\"description\" must be a string");
            }
            if (!(map.get("bundles") instanceof List<?> list)) {
                throw new IllegalArgumentException("\"bundles\" must be a list of bundle symbolic names");
            }
            List<String> bundles = new ArrayList<>();
            for (Object bundle : list) {
                if (!(bundle instanceof String bsn) || bsn.isBlank()) {
                    throw new IllegalArgumentException("\"bundles\" must hold bundle symbolic names as strings");
                }
                bundles.add(bsn);
            }
            Map<String, String> properties = new LinkedHashMap<>();
            Object props = map.get("properties");
            if (props != null) {
                if (!(props instanceof Map<?, ?> propMap)) {
                    throw new IllegalArgumentException("\"properties\" must be an object of framework properties");
                }
                for (Map.Entry<?, ?> e : propMap.entrySet()) {
                    if (e.getValue() == null || e.getValue() instanceof Map || e.getValue() instanceof List) {
                        throw new IllegalArgumentException("property \"" + e.getKey() + "\" must be a string, number or boolean");
                    }
                    properties.put((String) e.getKey(), (String) e.getValue());
                }
            }
            Object onRequest = map.get("onRequest");
            // the launcher's small JSON reader gives literals as their text
            if (onRequest != null && !onRequest.equals("true") && !onRequest.equals("false")) {
                throw new IllegalArgumentException("\"onRequest\" must be true or false");
            }
            return new Feature(name, description == null ? "" : (String) description, List.copyOf(bundles),
                    Map.copyOf(properties), "true".equals(onRequest));
        } catch (IOException e) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "cannot read feature " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "feature " + file + " is not valid: " + e.getMessage(), e);
        }
    }

    /** Every feature, by name. */
    Map<String, Feature> all() {
        return features;
    }

    /**
     * Which bundles each feature starts, as the framework property {@value Launcher#FEATURES_PROPERTY} carries it:
     * {@code name:bsn,bsn;name:bsn,...} in name order. A command that needs a provider whose bundle is
     * installed but not started names the features that would start it.
     */
    String membership() {
        StringBuilder sb = new StringBuilder();
        for (Feature f : features.values()) {
            if (sb.length() > 0) {
                sb.append(';');
            }
            sb.append(f.name()).append(':').append(String.join(",", f.bundles()));
        }
        return sb.toString();
    }

    /**
     * The features to start: the named ones in the order given, or every feature but those started on
     * request ({@code "onRequest": true}) when none is named; {@code extra} are added to either (the
     * features an option asks for, e.g. {@code --web}).
     *
     * @throws LaunchException naming the unknown feature, the known ones and the closest match
     */
    List<Feature> select(List<String> names) throws LaunchException {
        return select(names, List.of());
    }

    /** {@link #select(List)} with the features an option asks for added. */
    List<Feature> select(List<String> names, List<String> extra) throws LaunchException {
        Set<Feature> selected = new LinkedHashSet<>();
        if (names.isEmpty()) {
            features.values().stream().filter(f -> !f.onRequest()).forEach(selected::add);
        }
        List<String> wanted = new ArrayList<>(names);
        wanted.addAll(extra);
        for (String name : wanted) {
            Feature feature = features.get(name);
            if (feature == null) {
                String closest = closest(name);
                throw new LaunchException(ExitCodes.BAD_INPUT, "unknown feature '" + name + "'"
                        + (closest == null ? "" : " (did you mean '" + closest + "'?)")
                        + "; known features: " + String.join(", ", features.keySet()));
            }
            selected.add(feature);
        }
        return List.copyOf(selected);
    }

    /**
     * The framework properties of the selected features.
     *
     * @throws LaunchException when two selected features set one property to different values
     */
    static Map<String, String> properties(List<Feature> selected) throws LaunchException {
        Map<String, String> merged = new LinkedHashMap<>();
        Map<String, String> setBy = new LinkedHashMap<>();
        for (Feature feature : selected) {
            for (Map.Entry<String, String> e : new TreeMap<>(feature.properties()).entrySet()) {
                String previous = merged.putIfAbsent(e.getKey(), e.getValue());
                if (previous != null && !previous.equals(e.getValue())) {
                    throw new LaunchException(ExitCodes.BAD_INPUT, "features '" + setBy.get(e.getKey()) + "' and '"
                            + feature.name() + "' set property " + e.getKey() + " to different values ('" + previous
                            + "' and '" + e.getValue() + "'): select only one of them");
                }
                setBy.putIfAbsent(e.getKey(), feature.name());
            }
        }
        return merged;
    }

    private String closest(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : features.keySet()) {
            int d = editDistance(name.toLowerCase(), candidate.toLowerCase());
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return bestDistance <= Math.max(2, name.length() / 3) ? best : null;
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
