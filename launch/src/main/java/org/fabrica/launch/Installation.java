package org.fabrica.launch;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * Where a launcher's pieces are. The build lays them out beside the launcher jar in launch/target:
 * {@code export/fabrica/} (the resolved run bundles), {@code features/}, {@code lib/} (the framework);
 * the drop-in folder is {@code launch/plugins}.
 *
 * @param home the folder holding the launcher jar
 * @param bundles the exported run bundles
 * @param features the feature descriptors
 * @param plugins the default drop-in folder watched by FileInstall
 */
record Installation(Path home, Path bundles, Path features, Path plugins) {

    /** System property naming another home folder (tests run Main from target/classes). */
    static final String HOME_PROPERTY = "fabrica.launch.home";

    static Installation at(Path home) {
        Path h = home.toAbsolutePath().normalize();
        return new Installation(h, h.resolve("export").resolve("fabrica"), h.resolve("features"),
                h.getParent().resolve("plugins"));
    }

    /** The Fabrica folder holding launch/ when the launcher runs from launch/target, else null. */
    Path fabricaHome() {
        Path launch = home.getParent();
        if (launch != null && launch.getFileName() != null && launch.getFileName().toString().equals("launch")
                && launch.getParent() != null) {
            return launch.getParent();
        }
        return null;
    }

    /** The installation of the running launcher jar. */
    static Installation locate() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null) {
            return at(Path.of(home));
        }
        try {
            Path code = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return at(code.getParent());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the launcher jar", e);
        }
    }
}
