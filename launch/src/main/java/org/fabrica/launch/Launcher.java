package org.fabrica.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Runs one embedded Felix framework: installs the exported run bundles, starts those of the selected
 * features, then either hands the command to the shell bundle (command-line protocol) or opens the
 * interactive Gogo shell, and stops the framework cleanly at the end or on SIGTERM.
 *
 * <p>Start levels order the start-up: 1 infrastructure, 2 Fabrica bundles and plugins/ (FileInstall),
 * 3 the front end ({@value #SHELL_BUNDLE}), 4 the Gogo shell's prompt, so a command or the first prompt sees
 * every provider, including the plugins that were in the drop-in folder when the launcher started, and
 * the fabrica commands are registered before the prompt invites the first one.
 *
 * <p>The prompt is Gogo's JLine shell ({@value #PROMPT_BUNDLE}); it starts only for {@code shell}. It reads
 * etc/gosh_profile under {@value #GOSH_HOME_PROPERTY} at login: the prompt and the tab completions of the
 * fabrica commands.
 */
final class Launcher {
    /** The bundle whose command-line component answers {@value #COMMAND_PROPERTY}. */
    static final String SHELL_BUNDLE = "org.fabrica.shell";
    /** Bundles that talk to the user: they start last, when every provider is there (the g! prompt too). */
    static final Set<String> FRONT_END = Set.of(SHELL_BUNDLE, "org.apache.felix.gogo.jline");
    /** The bundle that prints the g! prompt and reads the lines typed (JLine: editing, history, completion). */
    static final String PROMPT_BUNDLE = "org.apache.felix.gogo.jline";
    /** JLine, whose class loader the prompt needs as context class loader when it starts. */
    static final String JLINE_BUNDLE = "org.jline";
    /**
     * Framework property: the folder whose etc/gosh_profile the JLine shell reads at login (the build copies
     * it from bundles/shell/src/main/gosh to the installation, launch/target).
     */
    static final String GOSH_HOME_PROPERTY = "gosh.home";
    /**
     * System property of JLine: with standard input not a terminal (a pipe, CI) it makes a line-by-line
     * terminal without warning that it could not make a real one.
     */
    static final String JLINE_DUMB_PROPERTY = "org.jline.terminal.dumb";
    /** Framework property carrying the command's arguments, joined with U+001F. */
    static final String COMMAND_PROPERTY = "fabrica.command";
    /** Service property of the exit-code consumer registered on the system bundle. */
    static final String EXIT_PROPERTY = "fabrica.exit";
    /** System property: seconds to wait for a command-line component to take the command. */
    static final String TIMEOUT_PROPERTY = "fabrica.command.timeout";
    /** Framework property: the Fabrica folder (the one holding launch/, examples/, features/). */
    static final String FABRICA_HOME_PROPERTY = "fabrica.home";
    static final int DEFAULT_TIMEOUT_SECONDS = 60;
    /** Framework property: every feature with its bundles ({@link FeatureCatalog#membership()}). */
    static final String FEATURES_PROPERTY = "fabrica.features";
    /** Felix HTTP Jetty's port and host properties, and the console's port when none is given. */
    static final String HTTP_PORT_PROPERTY = "org.osgi.service.http.port";
    static final String HTTP_HOST_PROPERTY = "org.apache.felix.http.host";
    static final int DEFAULT_WEB_PORT = 8080;
    /** Framework property: the features started, comma-separated, or empty when all are. */
    static final String SELECTED_FEATURES_PROPERTY = "fabrica.features.selected";
    /** System property: print the start-up phases with their times to standard error. */
    static final String TRACE_PROPERTY = "fabrica.launch.trace";

    static final int INFRASTRUCTURE_LEVEL = 1;
    static final int FABRICA_LEVEL = 2;
    /** Feature property prefix: the java.util.logging level of a logger ({@link #applyLogLevels}). */
    static final String LOG_LEVEL_PREFIX = "fabrica.log.level.";
    private static final List<java.util.logging.Logger> LEVELLED = new java.util.concurrent.CopyOnWriteArrayList<>();
    static final int FRONT_END_LEVEL = 3;
    /** The prompt comes after the fabrica commands are registered, so the first command typed finds them. */
    static final int PROMPT_LEVEL = 4;

    private static final long STOP_MILLIS = 30_000;
    /**
     * How long the shutdown hook waits for a command to stop on a signal: a stopped run writes its final outputs
     * (charts, report) before it ends.
     */
    private static final long SIGNAL_WAIT_MILLIS = 120_000;
    /** Service property of the command component's stop request ({@code Runnable}), which a signal runs. */
    static final String INTERRUPT_PROPERTY = "fabrica.interrupt";
    /** Service property of the launcher's {@code BooleanSupplier}: true once a signal came. */
    static final String SIGNAL_PROPERTY = "fabrica.signal";

    private final Installation installation;
    private final LaunchOptions options;
    private final List<Feature> selected;
    private final String featureMembership;
    private final Path plugins;

    private final Object lock = new Object();
    private Framework framework;
    private Path storage;
    private volatile boolean shuttingDown;
    /** Counted down when {@link #run} has stopped the framework: the shutdown hook waits for it. */
    private final CountDownLatch ended = new CountDownLatch(1);
    private final boolean trace = Boolean.getBoolean(TRACE_PROPERTY);
    private final long created = System.nanoTime();

    Launcher(Installation installation, LaunchOptions options, List<Feature> selected, String featureMembership) {
        this.installation = installation;
        this.options = options;
        this.selected = selected;
        this.featureMembership = featureMembership;
        this.plugins = options.plugins() != null ? options.plugins() : installation.plugins();
    }

    /** Runs the framework to the end and returns the process exit code. */
    int run() throws LaunchException {
        // First: a signal at any later moment finds the hook, which lets this thread wind down (see onSignal).
        Thread hook = new Thread(this::onSignal, "fabrica-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return runFramework();
        } catch (RuntimeException e) {
            if (shuttingDown) {
                // The framework went away under a start-up step (the hook gave up waiting): the signal is the news.
                return ExitCodes.INTERRUPTED;
            }
            throw e;
        } finally {
            stop();
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // The hook is running (SIGINT, SIGTERM); it waits for this thread, which is done.
            }
        }
    }

    private int runFramework() throws LaunchException {
        List<Path> jars = runBundles();
        Map<String, Object> config = configuration();
        try {
            Framework fw;
            synchronized (lock) {
                if (shuttingDown) {
                    return interruptedBeforeTheCommand();
                }
                storage = createStorage();
                config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
                fw = newFramework(config);
                fw.init();
                framework = fw;
            }
            trace("framework initialised");
            BundleContext context = fw.getBundleContext();
            CompletableFuture<Integer> exitCode = new CompletableFuture<>();
            ServiceRegistration<IntConsumer> exitRegistration = null;
            if (!options.shell()) {
                // Registered before any bundle starts, so the command component can bind it at once.
                Hashtable<String, Object> props = new Hashtable<>();
                props.put(EXIT_PROPERTY, Boolean.TRUE);
                exitRegistration = context.registerService(IntConsumer.class, exitCode::complete, props);
                // Whether a signal came: a command component that starts after the launcher looked for its stop
                // request (below) sees it, and runs nothing.
                Hashtable<String, Object> signal = new Hashtable<>();
                signal.put(SIGNAL_PROPERTY, Boolean.TRUE);
                context.registerService(java.util.function.BooleanSupplier.class, () -> shuttingDown, signal);
            }
            Map<String, Bundle> installed = install(context, jars);
            if (installed == null) {
                return interruptedBeforeTheCommand();
            }
            startSelected(installed);
            trace(installed.size() + " bundles installed");
            long started = System.nanoTime();
            if (shuttingDown) {
                return interruptedBeforeTheCommand();
            }
            fw.start();
            trace("start level " + FABRICA_LEVEL + " reached");
            boolean plugins = awaitPlugins(context);
            if (plugins) {
                trace("plugins started");
            }
            if (!plugins || !raiseStartLevel(fw, PROMPT_LEVEL)) {
                // The command component may have taken the command meanwhile (it starts at level 3).
                return options.shell() ? interruptedBeforeTheCommand() : windDownCommand(fw, exitCode);
            }
            trace("start level " + PROMPT_LEVEL + " reached");
            if (webPort() > 0) {
                System.err.println("fabrica: web console at http://127.0.0.1:" + webPort() + "/fabrica/ (loopback only)");
            }
            if (options.shell()) {
                startPrompt(installed);
                trace("prompt started");
                // Until the shell's exit stops the framework, or a signal asks this thread to stop it.
                while (!shuttingDown && fw.waitForStop(100).getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                    // keep waiting
                }
                return ExitCodes.OK;
            }
            int code = awaitCommand(fw, exitRegistration, exitCode, started, installed);
            return shuttingDown ? windDownCommand(fw, exitCode) : code;
        } catch (BundleException e) {
            if (shuttingDown) {
                return interruptedBeforeTheCommand();
            }
            throw new LaunchException(ExitCodes.RUN_FAILURE, "the OSGi framework failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.RUN_FAILURE;
        }
    }

    /**
     * The shutdown hook (SIGINT, SIGTERM): asks the launching thread to wind down and waits for it, so that
     * a run in progress is stopped and its results folder finished while its bundles are still there, and the
     * framework is stopped and its storage removed by one thread only, never under a start-up step. Stops the
     * framework itself only when that thread does not end in time.
     */
    private void onSignal() {
        shuttingDown = true;
        try {
            if (!ended.await(SIGNAL_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                System.err.println("fabrica: the command did not stop within " + SIGNAL_WAIT_MILLIS / 1000
                        + " s of the signal; stopping the framework under it");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stop();
        System.out.flush();
        System.err.flush();
    }

    /** A signal came before a command-line component took the command: say so, once. */
    private int interruptedBeforeTheCommand() {
        System.err.println("fabrica: interrupted; nothing was run");
        return ExitCodes.INTERRUPTED;
    }

    /** Stops the framework and removes its storage; safe to call twice and from the shutdown hook. */
    void stop() {
        synchronized (lock) {
            shuttingDown = true;
            if (framework != null) {
                try {
                    framework.stop();
                    FrameworkEvent event = framework.waitForStop(STOP_MILLIS);
                    if (event.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                        System.err.println("fabrica: the framework did not stop within " + STOP_MILLIS / 1000 + " s");
                    }
                } catch (BundleException e) {
                    System.err.println("fabrica: stopping the framework failed: " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                framework = null;
            }
            if (storage != null) {
                deleteTree(storage);
                storage = null;
            }
        }
    }

    private List<Path> runBundles() throws LaunchException {
        Path dir = installation.bundles();
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
            } catch (IOException e) {
                throw new LaunchException(ExitCodes.RUN_FAILURE, "cannot list the run bundles in " + dir + ": " + e.getMessage(), e);
            }
        }
        if (jars.isEmpty()) {
            throw new LaunchException(ExitCodes.RUN_FAILURE, "no run bundles in " + dir
                    + ": build the launcher first (mvn -B install -DskipTests, or just ./fabrica)");
        }
        return jars;
    }

    Map<String, Object> configuration() throws LaunchException {
        Map<String, Object> config = new LinkedHashMap<>();
        // Defaults; a -D system property of the same name wins (e.g. -Dfelix.fileinstall.poll=100).
        putDefault(config, Constants.FRAMEWORK_BEGINNING_STARTLEVEL, Integer.toString(FABRICA_LEVEL));
        putDefault(config, "felix.log.level", "1");
        putDefault(config, "felix.fileinstall.poll", "500");
        putDefault(config, "felix.fileinstall.noInitialDelay", "true");
        putDefault(config, "felix.fileinstall.start.level", Integer.toString(FABRICA_LEVEL));
        putDefault(config, "felix.fileinstall.log.default", "jul");
        putDefault(config, "felix.fileinstall.filter", ".*\\.(jar|cfg|config)");
        if (options.shell()) {
            // Fabrica's profile (prompt, completions) instead of Gogo's built-in one (its banner, no completions).
            putDefault(config, GOSH_HOME_PROPERTY, installation.home().toString());
            if (System.getProperty(JLINE_DUMB_PROPERTY) == null) {
                System.setProperty(JLINE_DUMB_PROPERTY, "true");
            }
        }
        // The selected features' properties.
        Map<String, String> featureProperties = FeatureCatalog.properties(selected);
        config.putAll(featureProperties);
        applyLogLevels(featureProperties);
        // What the launcher owns.
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put("felix.log.logger", new StderrLogger());
        config.put("felix.fileinstall.dir", plugins.toString());
        // Lets a command that needs a provider of a feature not started name that feature.
        config.put(FEATURES_PROPERTY, featureMembership);
        config.put(SELECTED_FEATURES_PROPERTY, String.join(",", options.features()));
        if (installation.fabricaHome() != null) {
            // Lets commands find examples/ and bench/ when started from another working directory.
            config.put(FABRICA_HOME_PROPERTY, installation.fabricaHome().toString());
        }
        if (!options.shell()) {
            config.put(COMMAND_PROPERTY, options.commandProperty());
        }
        if (webPort() > 0) {
            // The console listens on loopback only, whatever a feature or a -D property says.
            checkPortFree(webPort());
            config.put(HTTP_PORT_PROPERTY, Integer.toString(webPort()));
            config.put(HTTP_HOST_PROPERTY, "127.0.0.1");
            config.put("org.apache.felix.https.enable", "false");
        }
        try {
            Files.createDirectories(plugins);
        } catch (IOException e) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "cannot create the plugins folder " + plugins + ": " + e.getMessage(), e);
        }
        return config;
    }

    /**
     * The web console's port: {@code --web PORT}, or the default when feature {@value LaunchOptions#WEB_FEATURE}
     * is named in {@code --features}; 0 when the console is not started.
     */
    int webPort() {
        if (options.webPort() > 0) {
            return options.webPort();
        }
        return selected.stream().anyMatch(f -> f.name().equals(LaunchOptions.WEB_FEATURE)) ? DEFAULT_WEB_PORT : 0;
    }

    /** Refuses a port something already listens on, before anything starts. */
    static void checkPortFree(int port) throws LaunchException {
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new java.net.InetSocketAddress(java.net.InetAddress.getByName("127.0.0.1"), port));
        } catch (IOException e) {
            throw new LaunchException(ExitCodes.BAD_INPUT, "the web console cannot listen on 127.0.0.1:" + port
                    + " (" + e.getMessage() + "): another program or console uses the port; choose another with"
                    + " --web PORT", e);
        }
    }

    /**
     * Applies the features' {@value #LOG_LEVEL_PREFIX}LOGGER = LEVEL properties to java.util.logging, before any
     * bundle starts: a library that logs through it (Hazelcast) says only what a user should read.
     */
    static void applyLogLevels(Map<String, String> properties) throws LaunchException {
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (!e.getKey().startsWith(LOG_LEVEL_PREFIX)) {
                continue;
            }
            String name = e.getKey().substring(LOG_LEVEL_PREFIX.length());
            java.util.logging.Level level;
            try {
                level = java.util.logging.Level.parse(e.getValue().strip());
            } catch (IllegalArgumentException bad) {
                throw new LaunchException(ExitCodes.BAD_INPUT, "feature property " + e.getKey() + " = '" + e.getValue()
                        + "' is not a java.util.logging level (SEVERE, WARNING, INFO, FINE, ...)", bad);
            }
            java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
            logger.setLevel(level);
            LEVELLED.add(logger); // java.util.logging holds loggers weakly; a collected one forgets its level
        }
    }

    private static void putDefault(Map<String, Object> config, String key, String value) {
        config.put(key, System.getProperty(key, value));
    }

    private static Path createStorage() throws LaunchException {
        try {
            return Files.createTempDirectory("fabrica-osgi-");
        } catch (IOException e) {
            throw new LaunchException(ExitCodes.RUN_FAILURE, "cannot create the framework storage: " + e.getMessage(), e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Framework newFramework(Map<String, Object> config) throws LaunchException {
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new LaunchException(ExitCodes.RUN_FAILURE,
                        "no OSGi framework on the class path (lib/org.apache.felix.framework-*.jar beside the launcher)"));
        // Felix takes objects in its configuration (the logger); the OSGi signature says String.
        return factory.newFramework((Map) config);
    }

    private Map<String, Bundle> install(BundleContext context, List<Path> jars) throws BundleException {
        Map<String, Bundle> installed = new LinkedHashMap<>();
        for (Path jar : jars) {
            if (shuttingDown) {
                return null; // a signal: stop installing, the framework is stopped by run()
            }
            // Copied into the framework storage (not installed by reference): a rebuild that replaces
            // launch/target/export while a long run goes on must not pull the jars from under it.
            Bundle bundle = context.installBundle(jar.toUri().toString());
            installed.put(bundle.getSymbolicName(), bundle);
            bundle.adapt(BundleStartLevel.class).setStartLevel(startLevel(bundle.getSymbolicName()));
        }
        return installed;
    }

    /** The start level of a run bundle: infrastructure, then Fabrica and plugins, then the commands, then the prompt. */
    static int startLevel(String bsn) {
        if (PROMPT_BUNDLE.equals(bsn)) {
            return PROMPT_LEVEL;
        }
        return FRONT_END.contains(bsn) ? FRONT_END_LEVEL : bsn.startsWith("org.fabrica.") ? FABRICA_LEVEL : INFRASTRUCTURE_LEVEL;
    }

    private void startSelected(Map<String, Bundle> installed) throws BundleException {
        Map<String, List<String>> missing = new LinkedHashMap<>();
        Set<Bundle> toStart = new LinkedHashSet<>();
        for (Feature feature : selected) {
            for (String bsn : feature.bundles()) {
                Bundle bundle = installed.get(bsn);
                if (bundle == null) {
                    missing.computeIfAbsent(feature.name(), k -> new ArrayList<>()).add(bsn);
                } else {
                    toStart.add(bundle);
                }
            }
        }
        missing.forEach((feature, bsns) -> System.err.println("fabrica: feature '" + feature
                + "' names bundles this launcher does not have (not built yet, or missing from launch/fabrica.bndrun): "
                + String.join(", ", bsns)));
        for (Bundle bundle : toStart) {
            if (PROMPT_BUNDLE.equals(bundle.getSymbolicName())) {
                // Started by startPrompt, and only for the shell: a command needs no prompt, and the JLine shell
                // would take over the terminal's signals (Ctrl-C would no longer stop the command).
                continue;
            }
            if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                // Marks the bundle persistently started; it starts when its start level is reached.
                bundle.start();
            }
        }
    }

    /**
     * Starts the JLine shell, if a selected feature has it, on this thread with JLine's class loader as the
     * context class loader: JLine finds its terminal implementations through it (TerminalProvider.load), and
     * with the launcher's own it finds none and falls back to a dumb terminal (no line editing, no completion).
     */
    private void startPrompt(Map<String, Bundle> installed) throws BundleException {
        Bundle prompt = installed.get(PROMPT_BUNDLE);
        if (prompt == null || selected.stream().noneMatch(f -> f.bundles().contains(PROMPT_BUNDLE))) {
            return;
        }
        Bundle jline = installed.get(JLINE_BUNDLE);
        BundleWiring wiring = jline == null ? null : jline.adapt(BundleWiring.class);
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        try {
            if (wiring != null) {
                current.setContextClassLoader(wiring.getClassLoader());
            }
            prompt.start(); // the shell builds its terminal in start(), on this thread
        } finally {
            current.setContextClassLoader(previous);
        }
    }

    /**
     * Waits until the plugins that were in the drop-in folder at launch are started by FileInstall,
     * so the command sees them. Bounded: while bundles still change state it waits (a busy machine), up to 300 s;
     * once nothing changes for 10 s, a plugin not started is reported and not waited for ({@link PluginSettling}).
     *
     * @return false when a signal came meanwhile
     */
    private boolean awaitPlugins(BundleContext context) throws InterruptedException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(plugins)) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".jar")).sorted().forEach(names::add);
        } catch (IOException e) {
            return !shuttingDown;
        }
        if (names.isEmpty()) {
            return !shuttingDown;
        }
        PluginSettling settling = new PluginSettling(System.nanoTime());
        List<String> pending = names;
        Set<String> unresolvable = new LinkedHashSet<>();
        long now;
        while (true) {
            pending = pendingPlugins(context, names);
            pending.removeAll(unresolvable);
            if (shuttingDown) {
                return false;
            }
            now = System.nanoTime();
            if (pending.isEmpty() || !settling.keepWaiting(now, bundleStates(context))) {
                break;
            }
            reportUnresolvable(context, names, pending, unresolvable);
            Thread.sleep(50);
        }
        for (String name : pending) {
            System.err.println("fabrica: plugin " + plugins.resolve(name) + " " + settling.why(now)
                    + " (not a bundle, or its imports are missing); going on without it");
        }
        return true;
    }

    /**
     * Once every plugin of the folder is installed, a pending one that the framework cannot resolve will
     * not start however long one waits: say now what it misses, and stop waiting for it.
     */
    private void reportUnresolvable(BundleContext context, List<String> names, List<String> pending, Set<String> unresolvable) {
        Map<String, Bundle> byFile = pluginBundles(context);
        if (!byFile.keySet().containsAll(names)) {
            return; // FileInstall is still installing: a missing import may come with the next jar
        }
        for (String name : pending) {
            Bundle bundle = byFile.get(name);
            if (bundle.getState() != Bundle.INSTALLED
                    || context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(List.of(bundle))) {
                continue;
            }
            String why;
            try {
                bundle.start(Bundle.START_TRANSIENT); // fails, with the framework's account of what is missing
                continue;
            } catch (BundleException e) {
                why = unresolvedRequirement(e.getMessage());
            } catch (IllegalStateException | SecurityException e) {
                continue;
            }
            unresolvable.add(name);
            System.err.println("fabrica: plugin " + plugins.resolve(name) + " (bundle " + bundle.getSymbolicName() + " "
                    + bundle.getVersion() + ") cannot be resolved: " + why + "; going on without it (rebuild it against "
                    + "this Fabrica's APIs, or add the bundle that provides it to the plugins folder)");
        }
    }

    private static final java.util.regex.Pattern PACKAGE_REQUIREMENT = java.util.regex.Pattern.compile(
            "osgi\\.wiring\\.package; \\(&?\\(?osgi\\.wiring\\.package=([^)]+)\\)(?:\\(version>=([^)]+)\\))?"
            + "(?:\\(!\\(version>=([^)]+)\\)\\))?.*");

    /**
     * What Felix's "Unable to resolve ... missing requirement [...] osgi.wiring.package; (filter) Unresolved
     * requirements: ..." says is missing, in words for a package import, or Felix's requirement as it is.
     */
    static String unresolvedRequirement(String felixMessage) {
        if (felixMessage == null) {
            return "(the framework gave no reason)";
        }
        String m = felixMessage;
        int at = m.indexOf("missing requirement [");
        if (at < 0) {
            return m.strip();
        }
        m = m.substring(m.indexOf("] ", at) + 2);
        int end = m.indexOf(" Unresolved requirements:");
        if (end >= 0) {
            m = m.substring(0, end);
        }
        m = m.strip();
        java.util.regex.Matcher p = PACKAGE_REQUIREMENT.matcher(m);
        if (p.matches()) {
            String range = p.group(2) == null ? "" : " version " + (p.group(3) == null ? p.group(2) + " or later"
                    : "[" + p.group(2) + "," + p.group(3) + ")");
            return "it imports package " + p.group(1) + range + ", which no bundle of this launcher exports";
        }
        return "missing requirement " + m;
    }

    private static Map<String, Bundle> pluginBundles(BundleContext context) {
        Map<String, Bundle> byFile = new HashMap<>();
        for (Bundle bundle : context.getBundles()) {
            String location = bundle.getLocation();
            byFile.put(location.substring(location.lastIndexOf('/') + 1), bundle);
        }
        return byFile;
    }

    /** Every bundle's id and state: what changes while the framework and FileInstall are still at work. */
    private static String bundleStates(BundleContext context) {
        StringBuilder sb = new StringBuilder();
        for (Bundle b : context.getBundles()) {
            sb.append(b.getBundleId()).append(':').append(b.getState()).append(' ');
        }
        return sb.toString();
    }

    private static List<String> pendingPlugins(BundleContext context, List<String> names) {
        Map<String, Bundle> byFile = pluginBundles(context);
        List<String> pending = new ArrayList<>();
        for (String name : names) {
            Bundle bundle = byFile.get(name);
            boolean fragment = bundle != null && bundle.getHeaders().get(Constants.FRAGMENT_HOST) != null;
            if (bundle == null || !(bundle.getState() == Bundle.ACTIVE || fragment && bundle.getState() == Bundle.RESOLVED)) {
                pending.add(name);
            }
        }
        return pending;
    }

    /** Raises the start level and waits until it is reached; false when a signal came meanwhile. */
    private boolean raiseStartLevel(Framework fw, int level) throws InterruptedException {
        CountDownLatch reached = new CountDownLatch(1);
        fw.adapt(FrameworkStartLevel.class).setStartLevel(level, event -> {
            if (event.getType() == FrameworkEvent.STARTLEVEL_CHANGED || event.getType() == FrameworkEvent.ERROR) {
                reached.countDown();
            }
        });
        // The framework may stop meanwhile (the shell's exit, SIGTERM): then there is nothing to wait for.
        while (!reached.await(100, TimeUnit.MILLISECONDS) && fw.getState() == Bundle.ACTIVE) {
            if (shuttingDown) {
                return false;
            }
        }
        return !shuttingDown;
    }

    private void trace(String phase) {
        if (trace) {
            System.err.printf("fabrica: %6d ms  %s%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - created), phase);
        }
    }

    private int awaitCommand(Framework fw, ServiceRegistration<IntConsumer> exitRegistration,
            CompletableFuture<Integer> exitCode, long started, Map<String, Bundle> installed)
            throws InterruptedException {
        long timeoutNanos = TimeUnit.SECONDS.toNanos(Long.getLong(TIMEOUT_PROPERTY, DEFAULT_TIMEOUT_SECONDS));
        Bundle shell = installed.get(SHELL_BUNDLE);
        if (shell == null || (shell.getState() & (Bundle.ACTIVE | Bundle.STARTING)) == 0) {
            // Nothing can answer (missing, not selected, or failed to start): say so now, not in 60 s.
            System.err.println("fabrica: no command-line component can take the command: " + diagnose(shell));
            return ExitCodes.NO_COMMAND_COMPONENT;
        }
        boolean answered = false;
        while (true) {
            try {
                int code = exitCode.get(100, TimeUnit.MILLISECONDS);
                trace("exit code " + code);
                return code;
            } catch (TimeoutException e) {
                // Keep waiting: a run may take hours once a component has taken the command.
            } catch (ExecutionException e) {
                return ExitCodes.RUN_FAILURE;
            }
            if ((fw.getState() & (Bundle.ACTIVE | Bundle.STARTING)) == 0) {
                if (!shuttingDown) { // on SIGTERM the stop is expected
                    System.err.println("fabrica: the framework stopped before the command finished");
                }
                return shuttingDown ? ExitCodes.INTERRUPTED : ExitCodes.RUN_FAILURE;
            }
            if (shuttingDown) {
                return ExitCodes.INTERRUPTED; // the caller winds the command down
            }
            if (!answered) {
                try {
                    answered = exitRegistration.getReference().getUsingBundles() != null;
                } catch (IllegalStateException stopping) {
                    continue;
                }
                if (answered) {
                    trace("command taken by the command-line component");
                }
                if (!answered && System.nanoTime() - started > timeoutNanos) {
                    System.err.println("fabrica: no command-line component took the command within "
                            + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos) + " s: " + diagnose(installed.get(SHELL_BUNDLE)));
                    return ExitCodes.NO_COMMAND_COMPONENT;
                }
            }
        }
    }

    /**
     * After a signal: asks the command component to stop (its run stops, finishes its results folder and says
     * how to continue) and waits until it hands back its exit code; only then may the framework stop, with the
     * run's bundles still wired. Without a command component nothing has started, which is said.
     */
    private int windDownCommand(Framework fw, CompletableFuture<Integer> exitCode) throws InterruptedException {
        if (exitCode.isDone()) {
            return ExitCodes.INTERRUPTED; // the command ended on its own, and said what it did
        }
        if (!askToStop(fw.getBundleContext())) {
            return interruptedBeforeTheCommand();
        }
        trace("stop asked of the command");
        while (true) {
            try {
                exitCode.get(100, TimeUnit.MILLISECONDS);
                trace("the command stopped");
                return ExitCodes.INTERRUPTED;
            } catch (TimeoutException e) {
                if ((fw.getState() & (Bundle.ACTIVE | Bundle.STARTING)) == 0) {
                    return ExitCodes.INTERRUPTED;
                }
            } catch (ExecutionException e) {
                return ExitCodes.INTERRUPTED;
            }
        }
    }

    /**
     * Runs the command component's stop request ({@value #INTERRUPT_PROPERTY}), on a thread of its own: it
     * returns at once, the command's exit code says when the command has wound down. False when no component
     * offers one.
     */
    private static boolean askToStop(BundleContext context) {
        try {
            var refs = context.getServiceReferences(Runnable.class, "(" + INTERRUPT_PROPERTY + "=true)");
            if (refs.isEmpty()) {
                return false;
            }
            Runnable stop = context.getService(refs.iterator().next());
            if (stop == null) {
                return false;
            }
            Thread t = new Thread(stop, "fabrica-interrupt");
            t.setDaemon(true);
            t.start();
            return true;
        } catch (org.osgi.framework.InvalidSyntaxException | IllegalStateException e) {
            return false;
        }
    }

    private String diagnose(Bundle shell) {
        if (shell == null) {
            return "bundle " + SHELL_BUNDLE + " is missing from this launcher (" + installation.bundles()
                    + "); it is built by bundles/shell and must be in launch/fabrica.bndrun";
        }
        boolean selectedFeature = selected.stream().anyMatch(f -> f.bundles().contains(SHELL_BUNDLE));
        if (!selectedFeature) {
            return "bundle " + SHELL_BUNDLE + " is installed but not started because no selected feature contains it"
                    + " (add the 'core' feature to --features)";
        }
        return switch (shell.getState()) {
            case Bundle.ACTIVE -> "bundle " + SHELL_BUNDLE + " is active but its command-line component did not bind the "
                    + "exit service; a service it needs is probably missing (inspect with ./fabrica shell, then scr:list)";
            case Bundle.INSTALLED -> "bundle " + SHELL_BUNDLE + " could not be resolved (see the errors above)";
            default -> "bundle " + SHELL_BUNDLE + " did not start (state " + shell.getState() + "; see the errors above)";
        };
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // Best effort: a leftover temp folder is harmless.
                }
            });
        } catch (IOException e) {
            // Best effort, as above.
        }
    }
}
