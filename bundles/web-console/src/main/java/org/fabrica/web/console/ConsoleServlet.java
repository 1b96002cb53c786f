package org.fabrica.web.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.http.whiteboard.annotations.RequireHttpWhiteboard;
import org.osgi.service.http.whiteboard.propertytypes.HttpWhiteboardServletPattern;

/**
 * The console at {@code /fabrica/}: the page and its script from this bundle, and a JSON API the
 * page polls and posts to.
 *
 * <ul>
 * <li>{@code GET /fabrica/api/runs}: every run with its progress ({@link ConsoleJson#run}).</li>
 * <li>{@code GET /fabrica/api/runs/ID/curves}: the run's curves from its finished points.</li>
 * <li>{@code GET /fabrica/api/catalogue}: the providers per concept with their parameters; it is read
 *     afresh on every request, so a plugin dropped into the plugins folder appears on the next poll.</li>
 * <li>{@code POST /fabrica/api/runs} with {@code {"file": ..., "out": ..., "paused": true, "set": {...}}}:
 *     starts a run, as {@code fabrica:run FILE [--out DIR] [--paused] [--set k=v]} does.</li>
 * <li>{@code POST /fabrica/api/runs/ID/pause|resume|stop}, {@code .../step} with {@code {"cycles": N}},
 *     {@code .../swap} with {@code {"concept": ..., "name": ..., "parameters": {...}}}: the shell's
 *     controls, with the same checks and messages.</li>
 * </ul>
 *
 * Errors answer 400 (bad request, with the service's message), 403 (a post from another site's page)
 * or 404 (no such run) as {@code {"error": message}}. The HTTP service itself listens on loopback only (the launcher sets
 * the host; see the user guide, "The web console").
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/fabrica/*")
@RequireHttpWhiteboard
public final class ConsoleServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js",
            "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "svg", "image/svg+xml");

    @Reference(policy = ReferencePolicy.DYNAMIC)
    private volatile ExperimentService experiments;

    @Reference(policy = ReferencePolicy.DYNAMIC)
    private volatile ProviderCatalog catalog;

    /** When the console first saw each run (for its ETA). */
    private final transient Map<String, Long> firstSeen = new ConcurrentHashMap<>();

    public ConsoleServlet() {
    }

    /** For tests: fixed services. */
    ConsoleServlet(ExperimentService experiments, ProviderCatalog catalog) {
        this.experiments = experiments;
        this.catalog = catalog;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = path(request);
        if (path.isEmpty()) {
            response.sendRedirect(request.getContextPath() + request.getServletPath() + "/");
            return;
        }
        if (path.equals("/") || path.equals("/index.html")) {
            resource(response, "index.html");
        } else if (path.matches("/[a-z-]+\\.(js|css|svg)")) {
            resource(response, path.substring(1));
        } else if (path.equals("/api/runs")) {
            long now = System.currentTimeMillis();
            java.util.List<RunHandle> runs = experiments.runs();
            for (RunHandle h : runs) {
                firstSeen.putIfAbsent(h.id(), now);
            }
            json(response, 200, ConsoleJson.runs(runs, now, firstSeen));
        } else if (path.matches("/api/runs/[^/]+/curves")) {
            Optional<RunHandle> h = experiments.run(path.split("/")[3]);
            if (h.isEmpty()) {
                error(response, 404, "no run " + path.split("/")[3] + "; the runs are at /fabrica/api/runs");
            } else {
                json(response, 200, ConsoleJson.curves(h.get()));
            }
        } else if (path.equals("/api/catalogue")) {
            json(response, 200, ConsoleJson.catalogue(catalog));
        } else {
            error(response, 404, "no page " + path + " in the console; open /fabrica/");
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = path(request);
        String refused = crossSite(request);
        if (refused != null) {
            error(response, 403, refused);
            return;
        }
        JsonNode body;
        try (InputStream in = request.getInputStream()) {
            byte[] bytes = in.readAllBytes();
            body = bytes.length == 0 ? ConsoleJson.JSON.createObjectNode() : ConsoleJson.JSON.readTree(bytes);
        } catch (IOException e) {
            error(response, 400, "the request body is not JSON: " + e.getMessage());
            return;
        }
        try {
            if (path.equals("/api/runs")) {
                json(response, 200, start(body));
                return;
            }
            String[] parts = path.split("/");
            if (parts.length != 5 || !parts[1].equals("api") || !parts[2].equals("runs")) {
                error(response, 404, "no action " + path + "; post to /fabrica/api/runs/ID/ACTION");
                return;
            }
            Optional<RunHandle> found = experiments.run(parts[3]);
            if (found.isEmpty()) {
                error(response, 404, "no run " + parts[3] + "; the runs are at /fabrica/api/runs");
                return;
            }
            json(response, 200, act(found.get(), parts[4], body));
        } catch (ExperimentException | IllegalArgumentException | IllegalStateException e) {
            error(response, 400, e.getMessage());
        }
    }

    /**
     * Why a post is refused as coming from another site, or null: a page of any site the browser has
     * open can post to 127.0.0.1, so an action needs a JSON body (which a foreign page can send only
     * after a CORS preflight the console never grants) and, when the browser names the page's origin,
     * the console's own.
     */
    static String crossSite(HttpServletRequest request) {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            return "actions take a JSON body (Content-Type: application/json), got " + (type == null ? "none" : type);
        }
        String origin = request.getHeader("Origin");
        if (origin != null) {
            String own = request.getScheme() + "://" + request.getHeader("Host");
            if (!origin.equals(own)) {
                return "an action from the page of " + origin + " is refused: only the console's own page ("
                        + own + ") may act on runs";
            }
        }
        return null;
    }

    /** Starts a run from a file on the launcher's machine. */
    private ObjectNode start(JsonNode body) {
        String file = text(body, "file");
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("no experiment file: post {\"file\": \"examples/quickstart.yaml\"}");
        }
        Map<String, String> overrides = new LinkedHashMap<>();
        JsonNode set = body.get("set");
        if (set != null && set.isObject()) {
            set.fields().forEachRemaining(e -> overrides.put(e.getKey(), e.getValue().isTextual()
                    ? e.getValue().asText() : e.getValue().toString()));
        }
        String out = text(body, "out");
        boolean paused = body.path("paused").asBoolean(false);
        Path experiment = Path.of(file);
        Path outDir = out == null || out.isBlank() ? null : Path.of(out);
        RunHandle h = experiments.start(experiment, new RunOptions(outDir, false, body.path("threads").asInt(0),
                overrides, paused), new org.fabrica.experiment.ProgressListener() { });
        firstSeen.put(h.id(), System.currentTimeMillis());
        ObjectNode o = ConsoleJson.run(h, System.currentTimeMillis(), firstSeen.get(h.id()));
        o.put("message", "Started run " + h.id() + " (" + h.experimentName() + ")"
                + (paused ? ", paused before its first cycle" : "") + "; results in " + h.outDir());
        return o;
    }

    /** The shell's controls on one run. */
    private ObjectNode act(RunHandle h, String action, JsonNode body) {
        String message;
        switch (action) {
            case "pause" -> {
                live(h, "pause");
                h.pause();
                message = "Run " + h.id() + " paused.";
            }
            case "resume" -> {
                live(h, "resume");
                h.resume();
                message = "Run " + h.id() + " resumed.";
            }
            case "step" -> {
                long cycles = body.path("cycles").asLong(0);
                if (cycles < 1) {
                    throw new ExperimentException("step " + cycles + ": give a positive number of cycles, e.g."
                            + " {\"cycles\": 1000}");
                }
                h.step(cycles);
                message = "Run " + h.id() + " advanced " + cycles + " cycles and is paused.";
            }
            case "stop" -> {
                h.stop();
                message = "Run " + h.id() + " stopped; results in " + h.outDir();
            }
            case "swap" -> {
                String concept = text(body, "concept");
                String name = text(body, "name");
                if (concept == null || name == null) {
                    throw new ExperimentException("swap needs a concept and a provider name, e.g. {\"concept\":"
                            + " \"routing\", \"name\": \"dor\"}");
                }
                Map<String, Object> parameters = new LinkedHashMap<>();
                JsonNode p = body.get("parameters");
                if (p != null && p.isObject()) {
                    p.fields().forEachRemaining(e -> parameters.put(e.getKey(), value(e.getValue())));
                }
                h.swap(concept, name, parameters);
                message = "Run " + h.id() + ": " + concept + " is now " + name
                        + (parameters.isEmpty() ? "" : " " + parameters) + "; resume it to go on.";
            }
            default -> throw new IllegalArgumentException("no action '" + action + "'; the actions are pause, step,"
                    + " resume, stop and swap");
        }
        ObjectNode o = ConsoleJson.run(h, System.currentTimeMillis(), firstSeen.get(h.id()));
        o.put("message", message);
        return o;
    }

    /** The shell's check: a run that ended cannot be paused or resumed. */
    private static void live(RunHandle h, String action) {
        RunState s = h.state();
        if (s != RunState.RUNNING && s != RunState.PAUSED) {
            throw new ExperimentException("run " + h.id() + " is " + s.name().toLowerCase(java.util.Locale.ROOT)
                    + "; only a running or paused run can " + action);
        }
    }

    private static Object value(JsonNode v) {
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        return v.asText();
    }

    private static String text(JsonNode body, String key) {
        JsonNode v = body.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String path(HttpServletRequest request) {
        String p = request.getPathInfo();
        return p == null ? "" : p;
    }

    private static void resource(HttpServletResponse response, String name) throws IOException {
        try (InputStream in = ConsoleServlet.class.getResourceAsStream("static/" + name)) {
            if (in == null) {
                error(response, 404, "no file " + name + " in the console");
                return;
            }
            response.setContentType(TYPES.get(name.substring(name.lastIndexOf('.') + 1)));
            response.setHeader("Cache-Control", "no-cache");
            in.transferTo(response.getOutputStream());
        }
    }

    private static void json(HttpServletResponse response, int status, JsonNode body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json; charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(ConsoleJson.JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8));
    }

    private static void error(HttpServletResponse response, int status, String message) throws IOException {
        ObjectNode o = ConsoleJson.JSON.createObjectNode();
        o.put("error", message == null ? "failed" : message);
        json(response, status, o);
    }
}
