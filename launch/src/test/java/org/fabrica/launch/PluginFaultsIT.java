package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.fabrica.launch.plugin.BrokenActivationRouting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin in the drop-in folder at launch whose component throws when activated, through the packaged launcher:
 * the bundle is valid, so it is not reported as one that did not start; the failure is one line (the bundle,
 * the component, the cause and its frame), without Declarative Services' follow-up warnings of the consumer's
 * side ("Could not get service", "invokeBindMethod : Service not available"), and the command answers.
 */
class PluginFaultsIT {
    private static final Path JAR = Path.of("target", "fabrica-launcher.jar").toAbsolutePath();
    private static final Path EXPORT = Path.of("target", "export", "fabrica");

    @TempDir
    Path tmp;

    @Test
    void aPluginThatThrowsWhenActivatedIsOneLineAndTheCommandAnswers() throws Exception {
        try (Stream<Path> jars = Files.list(EXPORT)) {
            if (jars.noneMatch(j -> j.getFileName().toString().startsWith("shell-"))) {
                return; // LauncherIT names the missing shell bundle
            }
        }
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        writeBundle(plugins.resolve("broken.jar"));
        List<String> cmd = LauncherJvm.command(tmp);
        cmd.addAll(List.of("-jar", JAR.toString(), "--plugins", plugins.toString(), "algorithms"));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread a = LauncherIT.pump(p.getInputStream(), out);
        Thread b = LauncherIT.pump(p.getErrorStream(), err);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the launcher did not end");
        a.join();
        b.join();
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCodes.OK, p.exitValue(), stderr);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("dor"), "the providers are listed");
        List<String> lines = stderr.lines().toList();
        assertEquals(1, lines.size(), "one line: " + stderr);
        assertTrue(lines.get(0).startsWith("fabrica: ERROR: bundle org.fabrica.launch.itest.broken 1.0.0, component "
                + BrokenActivationRouting.class.getName() + ": The activate method has thrown an exception: "
                + "java.lang.IllegalStateException: " + BrokenActivationRouting.MESSAGE), lines.get(0));
        assertFalse(stderr.contains("did not start") || stderr.contains("invokeBindMethod") || stderr.contains("WARN"),
                stderr);
    }

    /** The bundle a third party's build would make: its own name, the APIs' imports, a hand-written component. */
    private static void writeBundle(Path target) throws IOException {
        Manifest m = new Manifest();
        Attributes at = m.getMainAttributes();
        at.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        at.putValue("Bundle-ManifestVersion", "2");
        at.putValue("Bundle-SymbolicName", "org.fabrica.launch.itest.broken");
        at.putValue("Bundle-Version", "1.0.0");
        at.putValue("Import-Package", "org.fabrica.kernel;version=\"[1.0,2)\",org.fabrica.routing;version=\"[1.0,2)\","
                + "org.fabrica.topology;version=\"[1.0,2)\"");
        String component = "OSGI-INF/broken.xml";
        at.putValue("Service-Component", component);
        at.putValue("Require-Capability",
                "osgi.extender;filter:=\"(&(osgi.extender=osgi.component)(version>=1.3.0)(!(version>=2.0.0)))\"");
        Path tmp = Files.createTempFile(target.getParent(), ".plugin", ".tmp");
        try (OutputStream os = Files.newOutputStream(tmp); JarOutputStream jar = new JarOutputStream(os, m)) {
            String resource = BrokenActivationRouting.class.getName().replace('.', '/') + ".class";
            jar.putNextEntry(new JarEntry(resource));
            try (InputStream in = BrokenActivationRouting.class.getClassLoader().getResourceAsStream(resource)) {
                in.transferTo(jar);
            }
            jar.closeEntry();
            jar.putNextEntry(new JarEntry(component));
            jar.write(("""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.3.0" name="%1$s" activate="activate">
                      <implementation class="%1$s"/>
                      <service><provide interface="org.fabrica.routing.RoutingFactory"/></service>
                      <property name="fabrica.name" value="broken"/>
                    </scr:component>
                    """).formatted(BrokenActivationRouting.class.getName()).getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        Files.move(tmp, target);
    }
}
