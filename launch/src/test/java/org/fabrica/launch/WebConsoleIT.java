package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console through the packaged launcher: refusals before anything starts, and a real
 * headless Chromium (Debian's chromium and chromium-driver, which .ci/run installs; the browser
 * test is skipped, saying so, on a machine without them) driven over the W3C WebDriver protocol:
 * it opens the page, starts a paused run, steps it and sees the progress change and the curves gain
 * points, swaps the routing and reads the catalogue. A failed browser step leaves a screenshot in
 * target/failsafe-reports.
 */
class WebConsoleIT {
    private static final Path JAR = Path.of("target", "fabrica-launcher.jar").toAbsolutePath();
    private static final Path EXPERIMENT = Path.of("..", "examples", "quickstart.yaml").toAbsolutePath().normalize();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

    @TempDir
    Path tmp;

    private final List<Process> processes = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stopProcesses() throws InterruptedException {
        for (Process p : processes) {
            p.destroy();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void anAddressOtherThanLoopbackIsRefusedBeforeAnythingStarts() throws Exception {
        Result r = launch("--web", "0.0.0.0:" + freePort(), "help");
        assertEquals(ExitCodes.BAD_INPUT, r.exit, r.err);
        assertTrue(r.err.contains("loopback") && r.err.contains("0.0.0.0"), r.err);
        assertEquals("", r.out);
    }

    @Test
    void aTakenPortIsRefusedNamingItAndTheOption() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Result r = launch("--web", Integer.toString(taken.getLocalPort()), "help");
            assertEquals(ExitCodes.BAD_INPUT, r.exit, r.err);
            assertTrue(r.err.contains("127.0.0.1:" + taken.getLocalPort()) && r.err.contains("--web PORT"), r.err);
        }
    }

    @Test
    void aBrowserStartsStepsAndSwapsARunAndReadsTheCatalogue() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no Chromium and ChromeDriver here (apt-get install chromium chromium-driver): browser test skipped");
        int port = freePort();
        Process launcher = start("shell", "--web", Integer.toString(port));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LauncherIT.pump(launcher.getInputStream(), OutputStream.nullOutputStream());
        LauncherIT.pump(launcher.getErrorStream(), err);
        String base = "http://127.0.0.1:" + port + "/fabrica/";
        await("the console answers at " + base + " (launcher said: " + err + ")", 120, () -> get(base + "api/runs") == 200);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("web console at " + base), err.toString());
        for (InetAddress address : nonLoopbackAddresses()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, port), 1000);
                throw new AssertionError("the console also listens on " + address + ":" + port);
            } catch (IOException expected) {
                // refused: loopback only
            }
        }

        int driverPort = freePort();
        Process driver = new ProcessBuilder(CHROMEDRIVER.toString(), "--port=" + driverPort)
                .redirectErrorStream(true).redirectOutput(tmp.resolve("chromedriver.log").toFile()).start();
        processes.add(driver);
        String wd = "http://127.0.0.1:" + driverPort;
        await("chromedriver answers", 30, () -> get(wd + "/status") == 200);
        Map<?, ?> created = (Map<?, ?>) webDriver("POST", wd + "/session", "{\"capabilities\": {\"alwaysMatch\": {"
                + "\"goog:chromeOptions\": {\"binary\": \"" + CHROMIUM + "\", \"args\": [\"--headless=new\","
                + " \"--no-sandbox\", \"--disable-gpu\", \"--disable-dev-shm-usage\", \"--window-size=1400,1200\"]}}}}");
        String session = wd + "/session/" + ((Map<?, ?>) created.get("value")).get("sessionId");
        try {
            webDriver("POST", session + "/url", "{\"url\": \"" + base + "\"}");
            awaitScript(session, "the page loaded its catalogue", 30,
                    "return document.querySelectorAll('#catalogue details').length > 0");

            // start a paused run
            type(session, "#start-file", EXPERIMENT.toString());
            type(session, "#start-out", tmp.resolve("web-run").toString());
            click(session, "#start-paused");
            click(session, "#start-button");
            awaitScript(session, "the run is started and shown paused", 60,
                    "const m = document.getElementById('message').textContent;"
                            + "const s = document.querySelector('#runs tbody tr .state');"
                            + "return m.startsWith('Started run') && s !== null && s.textContent === 'paused'");
            assertEquals(0L, script(session, "return document.querySelectorAll('circle.point').length"),
                    "no point has finished before a step");
            assertEquals("0 / 16", script(session, "return document.querySelector('#runs tbody tr .points').textContent"));

            // step it: the running points' cycle moves, points finish, the curves gain points
            clear(session, "#runs tbody tr .step-cycles");
            type(session, "#runs tbody tr .step-cycles", "20000");
            click(session, "#runs tbody tr button.step");
            awaitScript(session, "the step's message", 120, "return document.getElementById('message').textContent"
                    + ".includes('advanced 20000 cycles')");
            awaitScript(session, "the progress changed and the curves gained points", 60,
                    "return document.querySelector('#runs tbody tr .points').textContent !== '0 / 16'"
                            + " && document.querySelectorAll('#chart-latency circle.point').length > 0");

            // swap the routing of the paused run
            type(session, "#runs tbody tr .swap-name", "dor");
            click(session, "#runs tbody tr button.swap");
            awaitScript(session, "the swap's message", 60,
                    "return document.getElementById('message').textContent.includes('routing is now dor')");
            // a bad swap gets the shell's message, not a page error
            clear(session, "#runs tbody tr .swap-name");
            type(session, "#runs tbody tr .swap-name", "no-such-routing");
            click(session, "#runs tbody tr button.swap");
            awaitScript(session, "the refusal of an unknown provider", 60,
                    "const m = document.getElementById('message'); return m.className === 'error'"
                            + " && m.textContent.includes('no-such-routing')");

            // the catalogue: dimension-order routing with its parameters
            click(session, "#catalogue details[data-concept='routing'] summary");
            String dor = (String) script(session, "return document.querySelector(\"tr[data-provider='routing/dor']\")"
                    + ".textContent");
            assertTrue(dor.contains("org.fabrica.routing.cube") && dor.contains("dateline"), dor);
        } catch (AssertionError | RuntimeException e) {
            screenshot(session);
            throw e;
        } finally {
            webDriver("DELETE", session, null);
        }
        // the run's points stay in its results folder
        assertTrue(Files.exists(tmp.resolve("web-run").resolve("points.jsonl"))
                || Files.exists(tmp.resolve("web-run").resolve("run.json")), "the run wrote its results folder");
    }

    private void type(String session, String css, String text) throws Exception {
        webDriver("POST", session + "/element/" + find(session, css) + "/value", "{\"text\": " + quote(text) + "}");
    }

    private void clear(String session, String css) throws Exception {
        webDriver("POST", session + "/element/" + find(session, css) + "/clear", "{}");
    }

    private void click(String session, String css) throws Exception {
        webDriver("POST", session + "/element/" + find(session, css) + "/click", "{}");
    }

    private String find(String session, String css) throws Exception {
        Map<?, ?> found = (Map<?, ?>) webDriver("POST", session + "/element",
                "{\"using\": \"css selector\", \"value\": " + quote(css) + "}");
        return (String) ((Map<?, ?>) found.get("value")).get(ELEMENT);
    }

    private Object script(String session, String body) throws Exception {
        Object value = ((Map<?, ?>) webDriver("POST", session + "/execute/sync", "{\"script\": " + quote(body)
                + ", \"args\": []}")).get("value");
        // the launcher's JSON reader gives numbers and booleans as their text
        if (value instanceof String s && s.matches("-?\\d+")) {
            return Long.parseLong(s);
        }
        return value;
    }

    private void awaitScript(String session, String what, int seconds, String body) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if ("true".equals(String.valueOf(script(session, body)))) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("waited " + seconds + " s for " + what + "; the page says: "
                + script(session, "return document.getElementById('message').textContent + ' | '"
                        + " + document.querySelector('#runs').innerText"));
    }

    private void screenshot(String session) {
        try {
            Map<?, ?> shot = (Map<?, ?>) webDriver("GET", session + "/screenshot", null);
            Path dir = Files.createDirectories(Path.of("target", "failsafe-reports"));
            Path file = dir.resolve("web-console-failure-" + System.currentTimeMillis() + ".png");
            Files.write(file, Base64.getDecoder().decode((String) shot.get("value")));
            System.err.println("WebConsoleIT: screenshot of the failure in " + file.toAbsolutePath());
        } catch (Exception e) {
            System.err.println("WebConsoleIT: no screenshot: " + e.getMessage());
        }
    }

    private Object webDriver(String method, String url, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new AssertionError("WebDriver " + method + " " + url + " answered " + r.statusCode() + ": " + r.body());
        }
        return Json.parse(r.body());
    }

    private int get(String url) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void await(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + seconds + " s for " + what);
            }
            Thread.sleep(200);
        }
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    private static List<InetAddress> nonLoopbackAddresses() throws IOException {
        List<InetAddress> all = new ArrayList<>();
        for (NetworkInterface i : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(i.getInetAddresses())) {
                if (!a.isLoopbackAddress() && a instanceof Inet4Address) {
                    all.add(a);
                }
            }
        }
        return all;
    }

    private Process start(String... args) throws IOException {
        List<String> cmd = LauncherJvm.command(tmp);
        cmd.add("-jar");
        cmd.add(JAR.toString());
        cmd.add("--plugins");
        cmd.add(tmp.resolve("plugins").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        processes.add(p);
        return p;
    }

    private Result launch(String... args) throws Exception {
        Process p = start(args);
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread a = LauncherIT.pump(p.getInputStream(), out);
        Thread b = LauncherIT.pump(p.getErrorStream(), err);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher did not end");
        a.join();
        b.join();
        assertFalse(p.isAlive());
        return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int exit, String out, String err) {
    }
}
