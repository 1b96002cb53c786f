package org.fabrica.web.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.servlet.http.HttpServletRequest;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterSchema;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

/** The console's JSON: runs and their progress, curves from finished points, the catalogue; the cross-site guard. */
class ConsoleJsonTest {
    /** A run of 10 points, 4 finished, one running at cycle 1,234 in its drain. */
    static final class FakeRun implements RunHandle {
        final List<PointResult> results = new ArrayList<>();
        RunState state = RunState.RUNNING;

        @Override
        public String id() {
            return "r1";
        }

        @Override
        public String experimentName() {
            return "quickstart";
        }

        @Override
        public RunState state() {
            return state;
        }

        @Override
        public Path outDir() {
            return Path.of("results/quickstart");
        }

        @Override
        public void pause() {
        }

        @Override
        public void resume() {
        }

        @Override
        public void step(long cycles) {
        }

        @Override
        public void stop() {
        }

        @Override
        public void swap(String concept, String name, Map<String, Object> parameters) {
        }

        @Override
        public Map<String, Object> stats() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("points.total", 10);
            m.put("points.finished", 4);
            m.put("points.saturated", 1);
            m.put("points.failed", 1);
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("point", "uniform/dor/l0.3/s1");
            p.put("cycle", 1234L);
            p.put("paused", true);
            p.put("phase", "drain, limit at cycle 8,000");
            m.put("active", List.of(p));
            return m;
        }

        @Override
        public List<PointResult> results() {
            return results;
        }

        @Override
        public CompletionStage<RunState> completion() {
            return new CompletableFuture<>();
        }

        void point(String pattern, String scheme, double offered, double accepted, double latency, String status,
                String failure) {
            Map<String, String> notes = Map.of("pattern", pattern, "scheme", scheme, "status", status);
            results.add(new PointResult(new SweepPoint("e", pattern + "/" + scheme + "/" + offered, results.size()),
                    List.of(new Metric("offered", offered, "", ""), new Metric("accepted", accepted, "", ""),
                            new Metric("latency.avg", latency, "cycles", "")), notes, failure, 10));
        }
    }

    @Test
    void aRunShowsItsProgressEtaAndRunningPoints() {
        FakeRun run = new FakeRun();
        ObjectNode o = ConsoleJson.run(run, 100_000, 60_000L);
        assertEquals("r1", o.get("id").asText());
        assertEquals("running", o.get("state").asText());
        assertEquals(0.4, o.get("progress").asDouble(), 1e-12);
        assertEquals(4, o.get("pointsFinished").asInt());
        assertEquals(1, o.get("pointsSaturated").asInt());
        // 40 s for 4 points: 10 s a point, 6 to go
        assertEquals(60, o.get("etaSeconds").asLong());
        JsonNode active = o.get("active").get(0);
        assertEquals(1234, active.get("cycle").asLong());
        assertTrue(active.get("paused").asBoolean());
        assertEquals("drain, limit at cycle 8,000", active.get("phase").asText());
        assertNull(ConsoleJson.run(run, 100_000, null).get("etaSeconds"), "no ETA before the console saw the run start");
    }

    @Test
    void curvesGroupFinishedPointsBySeriesInOrderOfLoadLeavingFailuresOut() {
        FakeRun run = new FakeRun();
        run.point("uniform", "dor", 0.3, 0.29, 40, "saturated", null);
        run.point("uniform", "dor", 0.1, 0.1, 30, "ok", null);
        run.point("tornado", "dor", 0.1, 0.1, 35, "ok", null);
        run.point("uniform", "dor", 0.2, 0.2, 33, "failed", "deadlock");
        JsonNode series = ConsoleJson.curves(run).get("series");
        assertEquals(2, series.size());
        assertEquals("tornado", series.get(0).get("pattern").asText(), "series in name order");
        JsonNode uniform = series.get(1).get("points");
        assertEquals(2, uniform.size(), "the failed point is left out");
        assertEquals(0.1, uniform.get(0).get("offered").asDouble());
        assertEquals(0.29, uniform.get(1).get("accepted").asDouble());
        assertTrue(uniform.get(1).get("saturated").asBoolean());
        assertFalse(uniform.get(0).get("saturated").asBoolean());
        assertEquals(30, uniform.get(0).get("latency").asDouble());
    }

    @Test
    void theCatalogueListsProvidersUnderTheirConceptWithParameters() {
        ParameterSchema schema = new ParameterSchema("dor", "dor", "", List.of(new ParameterDescriptor("dateline",
                "String", "classic", null, null, "how rings are broken", List.of("classic", "balanced"))));
        ProviderCatalog catalog = new ProviderCatalog() {
            @Override
            public List<String> concepts() {
                return List.of("topology", "routing");
            }

            @Override
            public List<ProviderInfo> providers() {
                return List.of(new ProviderInfo("routing", "dor", "dimension order", "org.fabrica.routing.cube", "0.1.0",
                        schema), new ProviderInfo("topology", "torus", "k-ary n-cube", "org.fabrica.topology.cube",
                                "0.1.0", null));
            }

            @Override
            public ProviderInfo find(String concept, String name) {
                throw new UnsupportedOperationException();
            }
        };
        JsonNode concepts = ConsoleJson.catalogue(catalog).get("concepts");
        assertEquals("topology", concepts.get(0).get("concept").asText());
        assertEquals("torus", concepts.get(0).get("providers").get(0).get("name").asText());
        JsonNode dor = concepts.get(1).get("providers").get(0);
        assertEquals("org.fabrica.routing.cube", dor.get("bundle").asText());
        JsonNode dateline = dor.get("parameters").get(0);
        assertEquals("classic", dateline.get("default").asText());
        assertEquals("classic | balanced", dateline.get("range").asText());
    }

    static HttpServletRequest request(String contentType, String origin) {
        return (HttpServletRequest) Proxy.newProxyInstance(ConsoleJsonTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getContentType" -> contentType;
                    case "getScheme" -> "http";
                    case "getHeader" -> switch ((String) args[0]) {
                        case "Origin" -> origin;
                        case "Host" -> "127.0.0.1:8080";
                        default -> null;
                    };
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void postsFromAnotherSitesPageAreRefused() {
        assertNull(ConsoleServlet.crossSite(request("application/json", "http://127.0.0.1:8080")));
        assertNull(ConsoleServlet.crossSite(request("application/json; charset=utf-8", null)), "curl sends no Origin");
        String form = ConsoleServlet.crossSite(request("text/plain", null));
        assertNotNull(form);
        assertTrue(form.contains("application/json"), form);
        String foreign = ConsoleServlet.crossSite(request("application/json", "http://evil.example"));
        assertTrue(foreign != null && foreign.contains("evil.example"), foreign);
    }
}
