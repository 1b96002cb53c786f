package org.fabrica.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's own options, separated from the command that is passed on to the shell bundle.
 * Only {@code --features}, {@code --plugins} and {@code --web} belong to the launcher; every other
 * argument, in order, is the command. {@code --} ends the launcher's options and is passed on with the rest.
 *
 * @param features feature names in the order given; empty means every feature
 * @param plugins the drop-in folder, or null for the default ({@code launch/plugins})
 * @param shell true for {@code fabrica shell}: interactive Gogo instead of a command
 * @param command the command's arguments (empty in shell mode)
 * @param webPort the loopback port of the web console ({@code --web PORT}: starts feature {@value #WEB_FEATURE}),
 *        0 for none
 */
record LaunchOptions(List<String> features, Path plugins, boolean shell, List<String> command, int webPort) {

    /** Separates the command's arguments in the {@code fabrica.command} framework property. */
    static final char ARGUMENT_SEPARATOR = '\u001F';

    static final String FEATURES = "--features";
    static final String PLUGINS = "--plugins";
    static final String WEB = "--web";
    /** The feature {@code --web} starts. */
    static final String WEB_FEATURE = "web";

    static LaunchOptions parse(String[] args) throws LaunchException {
        List<String> features = new ArrayList<>();
        Path plugins = null;
        int webPort = 0;
        List<String> rest = new ArrayList<>();
        boolean launcherOptionsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (launcherOptionsEnded) {
                rest.add(arg);
            } else if (arg.equals("--")) {
                launcherOptionsEnded = true;
                rest.add(arg);
            } else if (arg.equals(FEATURES) || arg.startsWith(FEATURES + "=")) {
                String value = arg.equals(FEATURES) ? valueAfter(args, i++, FEATURES) : arg.substring(FEATURES.length() + 1);
                for (String name : value.split(",")) {
                    if (!name.isBlank()) {
                        features.add(name.trim());
                    }
                }
                if (features.isEmpty()) {
                    throw new LaunchException(ExitCodes.BAD_INPUT,
                            FEATURES + " needs a comma-separated list of feature names, e.g. --features core,torus");
                }
            } else if (arg.equals(PLUGINS) || arg.startsWith(PLUGINS + "=")) {
                String value = arg.equals(PLUGINS) ? valueAfter(args, i++, PLUGINS) : arg.substring(PLUGINS.length() + 1);
                if (value.isBlank()) {
                    throw new LaunchException(ExitCodes.BAD_INPUT, PLUGINS + " needs a folder, e.g. --plugins launch/plugins");
                }
                plugins = Path.of(value).toAbsolutePath().normalize();
            } else if (arg.equals(WEB) || arg.startsWith(WEB + "=")) {
                webPort = webPort(arg.equals(WEB) ? valueAfter(args, i++, WEB) : arg.substring(WEB.length() + 1));
            } else {
                rest.add(arg);
            }
        }
        boolean shell = !rest.isEmpty() && rest.get(0).equals("shell");
        if (shell && rest.size() > 1) {
            throw new LaunchException(ExitCodes.BAD_INPUT,
                    "'shell' takes no arguments (got " + String.join(" ", rest.subList(1, rest.size()))
                            + "); type commands at the g! prompt instead");
        }
        return new LaunchOptions(List.copyOf(features), plugins, shell, shell ? List.of() : List.copyOf(rest), webPort);
    }

    /**
     * The port of {@code --web PORT} (or {@code 127.0.0.1:PORT}, {@code localhost:PORT}): the console
     * listens on the loopback address only, and any other address is refused.
     */
    static int webPort(String value) throws LaunchException {
        String port = value.strip();
        int colon = port.lastIndexOf(':');
        if (colon >= 0) {
            String host = port.substring(0, colon);
            if (!host.equals("127.0.0.1") && !host.equals("localhost") && !host.equals("[::1]")) {
                throw new LaunchException(ExitCodes.BAD_INPUT, WEB + " " + value + ": the web console listens on the"
                        + " loopback address only (127.0.0.1), never on " + host + "; give " + WEB + " PORT, e.g. "
                        + WEB + " 8080, and reach it from elsewhere through an SSH tunnel (ssh -L 8080:127.0.0.1:8080)");
            }
            port = port.substring(colon + 1);
        }
        try {
            int p = Integer.parseInt(port);
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new LaunchException(ExitCodes.BAD_INPUT, WEB + " needs a port between 1 and 65535, e.g. " + WEB
                + " 8080 (got '" + value + "')");
    }

    /** The command as the {@code fabrica.command} framework property carries it. */
    String commandProperty() {
        return String.join(String.valueOf(ARGUMENT_SEPARATOR), command);
    }

    private static String valueAfter(String[] args, int i, String option) throws LaunchException {
        if (i + 1 >= args.length) {
            throw new LaunchException(ExitCodes.BAD_INPUT, option + " needs a value");
        }
        return args[i + 1];
    }
}
