package org.fabrica.shell;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code fabrica --version}: the version of the Fabrica bundles (this one's), the source commit
 * they were built from (the launcher's {@code fabrica.commit}, else the build's
 * {@code Fabrica-Commit} header, as results name it in their provenance) and when, if bnd wrote
 * {@code Bnd-LastModified}, and the Java that runs it.
 */
final class FabricaVersion implements IVersionProvider {
    @Override
    public String[] getVersion() {
        Bundle bundle = FrameworkUtil.getBundle(FabricaVersion.class);
        return lines(bundle == null ? null : bundle.getVersion().toString(),
                bundle == null ? null : bundle.getHeaders().get("Bnd-LastModified"),
                commit(System.getProperty("fabrica.commit"), bundle == null ? null : bundle.getHeaders().get(
                        "Fabrica-Commit")),
                Runtime.version().toString(),
                System.getProperty("java.vendor", "?"));
    }

    /** The launcher's {@code fabrica.commit} when set, else the build's header (or null), as in provenance. */
    static String commit(String property, String header) {
        return property != null && !property.isBlank() ? property.trim() : header;
    }

    /** The lines printed, from what is known (null: not running as a bundle, or not known). */
    static String[] lines(String version, String lastModified, String commit, String java, String vendor) {
        String built = commit == null || commit.isBlank() ? "" : " (commit " + commit.trim() + ")";
        if (lastModified != null) {
            try {
                built += ", built " + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
                        Instant.ofEpochMilli(Long.parseLong(lastModified.trim())).atOffset(ZoneOffset.UTC)
                                .toLocalDateTime().withNano(0)) + " UTC";
            } catch (NumberFormatException e) {
                // no date: the rest stands
            }
        }
        return new String[] {"Fabrica " + (version == null ? "(development classes, not a bundle)" : version) + built,
            "Java " + java + " (" + vendor + ")"};
    }
}
