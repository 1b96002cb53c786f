package org.fabrica.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's own options, separated from the command that is passed on to the shell bundle.
 * Only {@code --features} and {@code --plugins} belong to the launcher; every other argument, in
 * order, is the command. {@code --} ends the launcher's options and is passed on with the rest.
 *
 * @param features feature names in the order given; empty means every feature
 * @param plugins the drop-in folder, or null for the default ({@code launch/plugins})
 * @param shell true for {@code fabrica shell}: interactive Gogo instead of a command
 * @param command the command's arguments (empty in shell mode)
 */
record LaunchOptions(List<String> features, Path plugins, boolean shell, List<String> command) {

    /** Separates the command's arguments in the {@code fabrica.command} framework property. */
    static final char ARGUMENT_SEPARATOR = '\u001F';

    static final String FEATURES = "--features";
    static final String PLUGINS = "--plugins";

    static LaunchOptions parse(String[] args) throws LaunchException {
        List<String> features = new ArrayList<>();
        Path plugins = null;
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
        return new LaunchOptions(List.copyOf(features), plugins, shell, shell ? List.of() : List.copyOf(rest));
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
