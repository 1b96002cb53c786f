package org.fabrica.itests.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Builds the faulty routing plugin bundle from this package's classes, the way a third party's
 * build would: its own symbolic name, imports of the routing, topology and kernel APIs only, and a
 * Declarative Services component registering {@code RoutingFactory} with {@code fabrica.name}.
 */
public final class PluginJar {
    private static final List<Class<?>> CLASSES = List.of(FaultyRouting.class, FaultyRoutingParameters.class,
            ThrowingRoutingAlgorithm.class, HangingRoutingAlgorithm.class);
    private static final String COMPONENT = "OSGI-INF/" + FaultyRouting.class.getName() + ".xml";

    private PluginJar() {
    }

    /** Writes the bundle to {@code target} atomically (FileInstall must never see half a jar). */
    public static Path write(Path target) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), ".plugin", ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp); JarOutputStream jar = new JarOutputStream(out, manifest())) {
            for (Class<?> c : CLASSES) {
                String resource = c.getName().replace('.', '/') + ".class";
                jar.putNextEntry(new JarEntry(resource));
                try (InputStream in = c.getClassLoader().getResourceAsStream(resource)) {
                    if (in == null) {
                        throw new IOException("class file " + resource + " not found");
                    }
                    in.transferTo(jar);
                }
                jar.closeEntry();
            }
            jar.putNextEntry(new JarEntry(COMPONENT));
            jar.write(component().getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        // A dot-file is ignored by FileInstall's jar filter; the move makes the whole jar appear at once.
        return Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static Manifest manifest() {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", FaultyRouting.BUNDLE);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Name", "Integration-test faulty routing plugin");
        a.putValue("Import-Package", "org.fabrica.kernel;version=\"[1.0,2)\",org.fabrica.routing;version=\"[1.0,2)\","
                + "org.fabrica.topology;version=\"[1.0,2)\"");
        a.putValue("Service-Component", COMPONENT);
        a.putValue("Require-Capability", "osgi.extender;filter:=\"(&(osgi.extender=osgi.component)(version>=1.3.0)(!(version>=2.0.0)))\"");
        return m;
    }

    private static String component() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.3.0" name="%1$s" immediate="true">
                  <implementation class="%1$s"/>
                  <service><provide interface="org.fabrica.routing.RoutingFactory"/></service>
                  <property name="fabrica.name" value="%2$s"/>
                  <property name="fabrica.description" value="Integration-test routing that throws from route (or with hang: true never returns)"/>
                </scr:component>
                """.formatted(FaultyRouting.class.getName(), FaultyRouting.NAME);
    }
}
