package org.fabrica.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of the command line of a launcher the integration tests run as a separate process: this JDK's
 * java, the test's temporary folder and the JIT setting for short runs. The launches of these tests run a
 * framework for a few seconds, where C2 compilation is mostly overhead, so the launcher JVMs compile with
 * C1 only ({@code -XX:TieredStopAtLevel=1}, a quicker start); {@code -Dfabrica.itest.launchJit=default}
 * runs them with the JVM's default (tiered) compilation instead, as {@code ./fabrica} does.
 */
final class LauncherJvm {
    /** The system property that opts out of C1 only: {@code default}. */
    static final String JIT_PROPERTY = "fabrica.itest.launchJit";

    private LauncherJvm() {
    }

    /** {@code java -Djava.io.tmpdir=TMP [-XX:TieredStopAtLevel=1]}, to which a test adds options and {@code -jar}. */
    static List<String> command(Path tmp) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djava.io.tmpdir=" + tmp);
        cmd.addAll(jitOptions(System.getProperty(JIT_PROPERTY, "")));
        return cmd;
    }

    /** The JIT options for a value of {@link #JIT_PROPERTY}: none for {@code default}, else C1 only. */
    static List<String> jitOptions(String setting) {
        String s = setting.trim();
        if (s.equals("default")) {
            return List.of();
        }
        if (!s.isEmpty() && !s.equals("c1")) {
            throw new IllegalArgumentException("-D" + JIT_PROPERTY + "=" + setting + ": use c1 (the default for these"
                    + " tests) or default (the JVM's tiered compilation)");
        }
        return List.of("-XX:TieredStopAtLevel=1");
    }
}
