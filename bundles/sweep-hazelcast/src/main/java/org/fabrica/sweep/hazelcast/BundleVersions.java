package org.fabrica.sweep.hazelcast;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * The active bundles of a launcher and their versions (a task a submitter sends to every member
 * before a sweep), and the check that a member runs every bundle of the submitter in the same
 * version: plugins the experiment needs must be the same everywhere (docs/user-guide.md, "Running on a cluster").
 */
final class BundleVersions implements Callable<String>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public String call() {
        return encode(local());
    }

    /** Symbolic name to version of every active bundle of this framework (the framework itself excluded). */
    static Map<String, String> local() {
        Map<String, String> m = new TreeMap<>();
        Bundle self = FrameworkUtil.getBundle(BundleVersions.class);
        BundleContext ctx = self == null ? null : self.getBundleContext();
        if (ctx == null) {
            return m;
        }
        for (Bundle b : ctx.getBundles()) {
            if (b.getBundleId() != 0 && b.getState() == Bundle.ACTIVE && b.getSymbolicName() != null) {
                m.put(b.getSymbolicName(), b.getVersion().toString());
            }
        }
        return m;
    }

    static String encode(Map<String, String> versions) {
        StringBuilder sb = new StringBuilder();
        versions.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
        return sb.toString();
    }

    static Map<String, String> decode(String text) {
        Map<String, String> m = new TreeMap<>();
        for (String line : text.split("\n")) {
            int sp = line.indexOf(' ');
            if (sp > 0) {
                m.put(line.substring(0, sp), line.substring(sp + 1));
            }
        }
        return m;
    }

    /**
     * The first difference between this launcher's bundles and a member's, as a sentence naming the
     * member and the bundle, or null when the member runs every bundle of ours in the same version.
     */
    static String difference(String member, Map<String, String> ours, Map<String, String> theirs) {
        for (Map.Entry<String, String> e : ours.entrySet()) {
            String v = theirs.get(e.getKey());
            if (v == null) {
                return "member " + member + " does not run bundle " + e.getKey() + " (" + e.getValue()
                        + " here): start it with the same features and plugins as this launcher";
            }
            if (!v.equals(e.getValue())) {
                return "member " + member + " runs bundle " + e.getKey() + " " + v + ", this launcher " + e.getValue()
                        + ": install the same Fabrica build and plugins on every member";
            }
        }
        return null;
    }
}
