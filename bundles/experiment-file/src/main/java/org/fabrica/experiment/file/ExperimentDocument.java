package org.fabrica.experiment.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.study.StudyFile;

/**
 * An experiment file read into a YAML tree, with the line and column of every key and value so
 * that errors point into the file, and with the command line's {@code --set} overrides applied
 * (errors in an overridden value name the override instead of the file).
 * Paths are written as in messages: {@code schemes[0].routing.dateline}.
 */
public final class ExperimentDocument implements StudyFile {
    public static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder().build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            // written files (the resolved experiment): plain YAML as a person writes it
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build();

    /** The longest experiment file read (experiment files are a few KB; this bounds what a wrong path costs). */
    public static final int MAX_FILE_BYTES = 4 * 1024 * 1024;

    private final String source;
    private final ObjectNode root;
    /** Where each key starts (for "unknown key" errors). */
    private final Map<String, JsonLocation> keys;
    /** Where each value starts (for errors about a value). */
    private final Map<String, JsonLocation> values;
    private final Map<String, String> overridden = new LinkedHashMap<>();
    /** What set an overridden path, when not the command line's {@code --set}: e.g. {@code variant 2 (128 B)}. */
    private final Map<String, String> origins = new HashMap<>();
    /** How messages name the override being applied ({@code --set}, or a variant). */
    private String overrideWord = "--set";
    /** The installed modes by the top-level keys their files have ({@link #modesReading}). */
    private Map<String, List<String>> modesByKey = Map.of();

    private ExperimentDocument(String source, ObjectNode root, Map<String, JsonLocation> keys,
            Map<String, JsonLocation> values) {
        this.source = source;
        this.root = root;
        this.keys = keys;
        this.values = values;
    }

    /**
     * Reads a file and applies overrides ({@code key.path=value}, values parsed as YAML).
     *
     * @throws ExperimentException when the file is missing, not YAML, not a mapping, or an override is malformed
     */
    public static ExperimentDocument read(Path file, Map<String, String> overrides) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            // bounded: a device such as /dev/zero or a huge file must not fill the heap
            bytes = in.readNBytes(MAX_FILE_BYTES + 1);
        } catch (NoSuchFileException e) {
            throw new ExperimentException(file + ": no such experiment file; check the path (examples are in examples/)");
        } catch (IOException e) {
            throw new ExperimentException(file + ": cannot read the experiment file: " + e.getMessage(), e);
        }
        if (bytes.length > MAX_FILE_BYTES) {
            throw new ExperimentException(file + ": longer than " + MAX_FILE_BYTES / (1024 * 1024) + " MB; an experiment "
                    + "file is a short YAML text (is this the right file?)");
        }
        return parse(file.toString(), utf8(file.toString(), bytes), overrides);
    }

    /** The bytes as UTF-8 text (a leading byte-order mark dropped); other encodings are refused with the spot. */
    public static String utf8(String source, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new ExperimentException(source + ":" + line + ":" + (at - lineStart + 1) + ": not UTF-8 text (byte 0x"
                    + String.format("%02X", bytes[at] & 0xff) + " at offset " + at + "); an experiment file is YAML in "
                    + "UTF-8: save it as UTF-8 (e.g. iconv -f LATIN1 -t UTF-8), or check that this is the right file");
        }
        decoder.flush(out);
        out.flip();
        String text = out.toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** Parses text (named {@code source} in messages) and applies overrides. */
    public static ExperimentDocument parse(String source, String text, Map<String, String> overrides) {
        JsonNode tree;
        try (JsonParser p = YAML.createParser(text)) {
            tree = YAML.readTree(p);
            if (p.nextToken() != null) {
                JsonLocation l = p.currentTokenLocation();
                throw new ExperimentException(source + ":" + l.getLineNr() + ":" + l.getColumnNr() + ": a second YAML "
                        + "document (after '---'); an experiment file holds one: put each experiment in its own file");
            }
        } catch (JsonProcessingException e) {
            throw new ExperimentException(syntaxError(source, e, text), e);
        } catch (IOException e) {
            throw new ExperimentException(source + ": cannot read the experiment text: " + e.getMessage(), e);
        }
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            throw new ExperimentException(source + ": the experiment file is empty; start from examples/quickstart.yaml");
        }
        if (!tree.isObject()) {
            throw new ExperimentException(source + ":1:1: an experiment file is a YAML mapping of keys such as "
                    + "name, topology, hardware, traffic, schemes, loads; found a " + kind(tree));
        }
        Map<String, JsonLocation> keys = new HashMap<>();
        Map<String, JsonLocation> values = new HashMap<>();
        JsonLocation alias = locate(text, keys, values);
        if (alias != null) {
            throw new ExperimentException(source + ":" + alias.getLineNr() + ":" + alias.getColumnNr() + ": a YAML alias ("
                    + "*name); experiment files do not use anchors and aliases: write the value out in full");
        }
        ExperimentDocument doc = new ExperimentDocument(source, (ObjectNode) tree, keys, values);
        if (overrides != null) {
            for (Map.Entry<String, String> o : overrides.entrySet()) {
                doc.override(o.getKey(), o.getValue());
            }
        }
        return doc;
    }

    /** The tree (after overrides). */
    public ObjectNode root() {
        return root;
    }

    /** The file name or other source name used in messages. */
    public String source() {
        return source;
    }

    /** Overrides applied, as given ({@code path -> value text}). */
    public Map<String, String> overrides() {
        return java.util.Collections.unmodifiableMap(overridden);
    }

    /**
     * Where a path comes from: {@code file:line:column} of the path or its nearest located
     * ancestor, or {@code --set path=value} when an override set it.
     */
    public String where(String path) {
        return where(path, false);
    }

    private String where(String path, boolean key) {
        for (String p = path; p != null; p = parent(p)) {
            String value = overridden.get(p);
            if (value != null) {
                return origins.getOrDefault(p, "--set") + " " + p + "=" + value;
            }
        }
        for (String p = path; p != null; p = parent(p)) {
            JsonLocation l = key || !p.equals(path) ? keys.getOrDefault(p, values.get(p))
                    : values.getOrDefault(p, keys.get(p));
            if (l != null) {
                return source + ":" + l.getLineNr() + ":" + l.getColumnNr();
            }
        }
        return source;
    }

    /** An error about the value at {@code path}: {@code file:line:col: message}. */
    public ExperimentException error(String path, String message) {
        return new ExperimentException(where(path) + ": " + message);
    }

    /** An error about the key at {@code path} itself (an unknown key): points at the key. */
    public ExperimentException keyError(String path, String message) {
        return new ExperimentException(where(path, true) + ": " + message);
    }

    /** An error about the value at {@code path} caused by {@code cause}. */
    public ExperimentException error(String path, String message, Throwable cause) {
        return new ExperimentException(where(path) + ": " + message, cause);
    }

    /**
     * A copy of this document with {@code overrides} applied after its own (values as YAML text),
     * named {@code origin} in messages (e.g. {@code variants[2] (128 B)}): one variant of an
     * experiment ({@link Variants}). This document is not changed.
     */
    public ExperimentDocument variant(String origin, Map<String, String> overrides) {
        ExperimentDocument copy = new ExperimentDocument(source, root.deepCopy(), keys, values);
        copy.overridden.putAll(overridden);
        copy.origins.putAll(origins);
        copy.modesByKey = modesByKey;
        copy.overrideWord = origin;
        for (Map.Entry<String, String> o : overrides.entrySet()) {
            copy.override(o.getKey(), o.getValue());
        }
        copy.overrideWord = "--set";
        return copy;
    }

    /**
     * Tells the document which installed modes have which top-level keys, so that a mode's refusal
     * of another mode's key names the modes it belongs to ({@link #modesReading}).
     *
     * @param modesByKey the modes (sorted) by key
     */
    public void modesReading(Map<String, List<String>> modesByKey) {
        this.modesByKey = Map.copyOf(modesByKey);
    }

    @Override
    public List<String> modesReading(String key) {
        return modesByKey.getOrDefault(key, List.of());
    }

    /** A copy of this document without the top-level key {@code key} (e.g. the experiment without its variants). */
    public ExperimentDocument without(String key) {
        ExperimentDocument copy = new ExperimentDocument(source, root.deepCopy(), keys, values);
        copy.overridden.putAll(overridden);
        copy.origins.putAll(origins);
        copy.modesByKey = modesByKey;
        copy.root.remove(key);
        return copy;
    }

    // ------------------------------------------------------------------ overrides

    private void override(String key, String valueText) {
        String path = key.trim();
        if (path.isEmpty()) {
            throw new ExperimentException(overrideWord + " " + key + "=" + valueText
                    + ": the key is empty; write --set key.path=value, e.g. --set hardware.vcs=3");
        }
        JsonNode value;
        try {
            value = valueText == null || valueText.isEmpty() ? TextNode.valueOf("") : YAML.readTree(valueText);
            if (value == null || value.isMissingNode()) {
                value = NullNode.getInstance();
            }
        } catch (JsonProcessingException e) {
            throw new ExperimentException(overrideWord + " " + key + "=" + valueText + ": the value is not valid YAML ("
                    + firstLine(e.getOriginalMessage()) + ")" + hint(String.valueOf(e.getOriginalMessage()))
                    + "; quote text, write lists as [a, b]", e);
        }
        if (valueText != null && valueText.strip().startsWith("*")) {
            throw new ExperimentException(overrideWord + " " + key + "=" + valueText + ": a YAML alias; write the value itself, "
                    + "or quote it ('" + valueText.strip() + "') if it is text");
        }
        List<Object> segments = segments(path, key, valueText);
        JsonNode node = root;
        for (int i = 0; i < segments.size() - 1; i++) {
            Object seg = segments.get(i);
            Object next = segments.get(i + 1);
            JsonNode child = child(node, seg);
            if (child == null || child.isNull() || !(child.isObject() || child.isArray())) {
                if (!(node instanceof ObjectNode) && !(seg instanceof String)) {
                    throw new ExperimentException(overrideWord + " " + key + "=" + valueText + ": "
                            + render(segments.subList(0, i + 1)) + " does not exist in the file");
                }
                if (child != null && !child.isNull() && next instanceof String && child.isTextual()) {
                    // e.g. routing: dor  then --set routing.dateline=x: turn the name into {name: dor}
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    o.set("name", child);
                    child = o;
                } else {
                    child = next instanceof Integer ? JsonNodeFactory.instance.arrayNode()
                            : JsonNodeFactory.instance.objectNode();
                }
                set(node, seg, child, key, valueText, segments.subList(0, i + 1));
            }
            node = child;
        }
        set(node, segments.get(segments.size() - 1), value, key, valueText, segments);
        overridden.put(render(segments), valueText);
        if (!"--set".equals(overrideWord)) {
            origins.put(render(segments), overrideWord);
        }
    }

    private static JsonNode child(JsonNode node, Object seg) {
        if (seg instanceof String s) {
            return node.isObject() ? node.get(s) : null;
        }
        int i = (Integer) seg;
        return node.isArray() && i < node.size() ? node.get(i) : null;
    }

    private void set(JsonNode node, Object seg, JsonNode value, String key, String valueText,
            List<Object> path) {
        if (seg instanceof String s) {
            if (!(node instanceof ObjectNode o)) {
                throw new ExperimentException(overrideWord + " " + key + "=" + valueText + ": " + render(path.subList(0, path.size() - 1))
                        + " is not a mapping, so it has no key '" + s + "'");
            }
            o.set(s, value);
            return;
        }
        int i = (Integer) seg;
        if (!(node instanceof ArrayNode a)) {
            throw new ExperimentException(overrideWord + " " + key + "=" + valueText + ": " + render(path.subList(0, path.size() - 1))
                    + " is not a list, so it has no element [" + i + "]");
        }
        if (i < a.size()) {
            a.set(i, value);
        } else if (i == a.size()) {
            a.add(value);
        } else {
            throw new ExperimentException(overrideWord + " " + key + "=" + valueText + ": " + render(path.subList(0, path.size() - 1))
                    + " has " + a.size() + " elements; use an index up to " + a.size());
        }
    }

    private List<Object> segments(String path, String key, String valueText) {
        List<Object> out = new ArrayList<>();
        int i = 0;
        int n = path.length();
        while (i < n) {
            char c = path.charAt(i);
            if (c == '.') {
                i++;
                continue;
            }
            if (c == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw badKey(key, valueText);
                }
                try {
                    out.add(Integer.parseInt(path.substring(i + 1, close).trim()));
                } catch (NumberFormatException e) {
                    throw badKey(key, valueText);
                }
                i = close + 1;
                continue;
            }
            int j = i;
            while (j < n && path.charAt(j) != '.' && path.charAt(j) != '[') {
                j++;
            }
            out.add(path.substring(i, j).trim());
            i = j;
        }
        if (out.isEmpty() || !(out.get(0) instanceof String)) {
            throw badKey(key, valueText);
        }
        return out;
    }

    private ExperimentException badKey(String key, String valueText) {
        return new ExperimentException(overrideWord + " " + key + "=" + valueText
                + ": malformed key; write names separated by dots and list indexes in brackets, e.g. schemes[0].routing.name");
    }

    private static String render(List<Object> segments) {
        StringBuilder sb = new StringBuilder();
        for (Object s : segments) {
            if (s instanceof Integer i) {
                sb.append('[').append(i).append(']');
            } else {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(s);
            }
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ locations

    /** Records where keys and values start; returns where the first alias is, or null. */
    private static JsonLocation locate(String text, Map<String, JsonLocation> keys, Map<String, JsonLocation> values) {
        JsonLocation alias = null;
        try (JsonParser p = YAML.createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                // the YAML reader hands an alias on as the anchor's name in text, never as the anchored value
                if (alias == null && p instanceof YAMLParser y && y.isCurrentAlias()) {
                    alias = p.currentTokenLocation();
                }
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    continue;
                }
                JsonStreamContext ctx = p.getParsingContext();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    ctx = ctx.getParent();
                }
                String path = path(ctx);
                if (path != null) {
                    (t == JsonToken.FIELD_NAME ? keys : values).putIfAbsent(path, p.currentTokenLocation());
                }
            }
        } catch (IOException e) {
            // the tree was read already, so this does not happen; locations are a convenience
        }
        return alias;
    }

    private static String path(JsonStreamContext ctx) {
        List<String> parts = new ArrayList<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.add("[" + Math.max(0, c.getCurrentIndex()) + "]");
            } else if (c.inObject()) {
                if (c.getCurrentName() == null) {
                    return null;
                }
                parts.add("." + c.getCurrentName());
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = parts.size() - 1; i >= 0; i--) {
            sb.append(parts.get(i));
        }
        return sb.charAt(0) == '.' ? sb.substring(1) : sb.toString();
    }

    public static String parent(String path) {
        int dot = path.lastIndexOf('.');
        int bracket = path.lastIndexOf('[');
        int cut = Math.max(dot, bracket);
        return cut <= 0 ? null : path.substring(0, cut);
    }

    private static final java.util.regex.Pattern MARK = java.util.regex.Pattern.compile("line (\\d+), column (\\d+)");

    /** A key at the start of a line of YAML ({@code  key:}, {@code - key:}), its name in group 1. */
    private static final java.util.regex.Pattern LINE_KEY = java.util.regex.Pattern.compile(
            "^\\s*(?:-\\s+)?([A-Za-z0-9_.-]+)\\s*:");

    private static String syntaxError(String source, JsonProcessingException e) {
        return syntaxError(source, e, null);
    }

    /** The parser's error at its place in the file, with the key of its line when {@code text} shows one. */
    private static String syntaxError(String source, JsonProcessingException e, String yaml) {
        JsonLocation l = e.getLocation();
        String where = l == null || l.getLineNr() < 1 ? source : source + ":" + l.getLineNr() + ":" + l.getColumnNr();
        String msg = e.getOriginalMessage();
        if (msg == null) {
            msg = e.getClass().getSimpleName();
        }
        if (msg.contains("nesting depth")) {
            JsonLocation deepest = yaml == null ? null : deepestOpening(yaml);
            if (deepest != null) {
                where = source + ":" + deepest.getLineNr() + ":" + deepest.getColumnNr();
            }
            return where + ": not valid as an experiment file: lists or mappings nested more than "
                    + com.fasterxml.jackson.core.StreamReadConstraints.DEFAULT_MAX_DEPTH + " deep (an experiment file"
                    + " needs a few levels; look for a runaway '[' or '{', or a generated file that is not an experiment)";
        }
        if (yaml != null && l != null && l.getLineNr() >= 1 && (msg.contains("'.nan'") || msg.contains(".inf'"))) {
            String[] lines = yaml.split("\n", -1);
            if (l.getLineNr() <= lines.length) {
                java.util.regex.Matcher k = LINE_KEY.matcher(lines[l.getLineNr() - 1]);
                if (k.find()) {
                    where = where + ": key '" + k.group(1) + "'";
                }
            }
        }
        // the YAML scanner's own mark (the last one in its message) is where the problem is
        java.util.regex.Matcher m = MARK.matcher(msg);
        String mark = null;
        String contextMark = null;
        while (m.find()) {
            if (mark != null && contextMark == null) {
                contextMark = mark;
            }
            mark = source + ":" + m.group(1) + ":" + m.group(2);
        }
        if (mark != null) {
            where = mark;
        }
        String hint = hint(msg);
        // the scanner's message: context and problem, each followed by "in 'reader', line L, column C:" and a snippet
        StringBuilder kept = new StringBuilder();
        for (String line : msg.split("\n")) {
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("in 'reader'") || t.startsWith("^") || !kept.isEmpty() && line.startsWith(" ")) {
                continue;
            }
            int cut = t.indexOf(" in 'reader'");
            boolean first = kept.isEmpty();
            kept.append(first ? "" : "; ").append(cut > 0 ? t.substring(0, cut) : t);
            if (first && contextMark != null) {
                // the context (e.g. the list being parsed) starts elsewhere than the problem
                kept.append(" started at ").append(contextMark);
            }
        }
        String text = kept.toString().replaceAll("\\s+", " ").trim();
        return where + ": not valid YAML: " + (text.isEmpty() ? msg.trim() : text) + hint;
    }

    /**
     * Where the deepest list or mapping the parser accepted opens (the next one is too deep): the
     * parser's error carries no place, so the text is read again token by token up to the error.
     */
    private static JsonLocation deepestOpening(String yaml) {
        JsonLocation last = null;
        try (JsonParser p = YAML.createParser(yaml)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) {
                    last = p.currentTokenLocation();
                }
            }
        } catch (IOException e) {
            // the error the tree reader met: the last opening read is the one too deep
        }
        return last == null || last.getLineNr() < 1 ? null : last;
    }

    private static String firstLine(String msg) {
        if (msg == null) {
            return "";
        }
        int nl = msg.indexOf('\n');
        return (nl < 0 ? msg : msg.substring(0, nl)).trim();
    }

    /** What to do about the YAML problems a person most often makes. */
    private static String hint(String msg) {
        String m = msg.toLowerCase(java.util.Locale.ROOT);
        if (m.contains("'.nan'") || m.contains("'.inf'") || m.contains("'-.inf'") || m.contains("'+.inf'")) {
            return " (numbers must be finite: .nan and .inf are not accepted; write a number)";
        }
        if (m.contains("while parsing a flow sequence")) {
            return " (a list opened with '[' is not closed with ']' before the next key, or an element lacks its ',')";
        }
        if (m.contains("while parsing a flow mapping")) {
            return " (a mapping opened with '{' is not closed with '}' before the next key, or an entry lacks its ',')";
        }
        if (m.contains("found character '\\t") || m.contains("found character '\t")) {
            return " (indent with spaces, not tabs)";
        }
        if (m.contains("while scanning a quoted scalar")) {
            return " (a value opened with a quote is not closed: end it with the same quote on its line)";
        }
        if (m.contains("mapping values are not allowed here")) {
            return " (a second ':' on the line, or a key indented under a plain value: quote a value that holds ': ',"
                    + " or line the key up with the keys above it)";
        }
        if (m.contains("could not find expected ':'")) {
            return " (a line inside a mapping that is not 'key: value': add the ':' and a space after the key, or"
                    + " quote the text)";
        }
        if (m.contains("while parsing a block mapping") || m.contains("while parsing a block collection")
                || m.contains("expected <block end>")) {
            return " (this line's indentation does not match the keys or '-' items above it: line up the keys of"
                    + " one mapping, indent a nested one by more spaces)";
        }
        return "";
    }

    public static String kind(JsonNode n) {
        if (n.isArray()) {
            return "list";
        }
        if (n.isObject()) {
            return "mapping";
        }
        if (n.isTextual()) {
            return "text '" + n.asText() + "'";
        }
        if (n.isNumber()) {
            return "number " + n.asText();
        }
        if (n.isBoolean()) {
            return "boolean " + n.asText();
        }
        if (n.isNull()) {
            return "empty value";
        }
        return n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }
}
