package org.fabrica.experiment.runner;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * Symbolic name and version of the bundle a class comes from: from the framework when the class
 * was loaded by a bundle, else from the manifest of the jar or class folder it was loaded from
 * (bnd writes the same headers there), so provenance is the same in and outside a framework.
 *
 * @param symbolicName Bundle-SymbolicName, or the class's package when there is no manifest
 * @param version Bundle-Version, or 0.0.0 when unknown
 */
public record BundleIdentity(String symbolicName, String version) {

    public static BundleIdentity of(Class<?> type) {
        Bundle b = FrameworkUtil.getBundle(type);
        if (b != null) {
            return new BundleIdentity(b.getSymbolicName(), b.getVersion().toString());
        }
        Manifest m = manifest(type);
        if (m != null) {
            Attributes a = m.getMainAttributes();
            String bsn = a.getValue("Bundle-SymbolicName");
            if (bsn != null) {
                int semicolon = bsn.indexOf(';');
                String version = a.getValue("Bundle-Version");
                return new BundleIdentity((semicolon < 0 ? bsn : bsn.substring(0, semicolon)).trim(),
                        version == null ? "0.0.0" : version.trim());
            }
        }
        return new BundleIdentity(type.getPackageName(), "0.0.0");
    }

    /**
     * A header of the bundle (or manifest) a class comes from, or null without one: the build writes
     * {@code Fabrica-Commit}, the source commit it was built from ({@code git describe}, with
     * {@code +changes} when the tree had uncommitted changes; absent when built outside a clone).
     */
    public static String header(Class<?> type, String name) {
        Bundle b = FrameworkUtil.getBundle(type);
        String value = null;
        if (b != null) {
            value = b.getHeaders("").get(name);
        } else {
            Manifest m = manifest(type);
            value = m == null ? null : m.getMainAttributes().getValue(name);
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static Manifest manifest(Class<?> type) {
        CodeSource cs = type.getProtectionDomain() == null ? null : type.getProtectionDomain().getCodeSource();
        URL location = cs == null ? null : cs.getLocation();
        if (location == null || !"file".equals(location.getProtocol())) {
            return null;
        }
        try {
            Path p = Path.of(location.toURI());
            if (Files.isDirectory(p)) {
                Path mf = p.resolve("META-INF/MANIFEST.MF");
                if (!Files.isRegularFile(mf)) {
                    return null;
                }
                try (InputStream in = Files.newInputStream(mf)) {
                    return new Manifest(in);
                }
            }
            try (JarFile jar = new JarFile(p.toFile())) {
                return jar.getManifest();
            }
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
