package org.fabrica.shell;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProviderCatalog;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The launcher's command-line mode ({@code ./fabrica run FILE}, {@code ./fabrica bench}, ...).
 * Protocol with the launcher's Main: the command line is the framework property
 * {@value #COMMAND_PROPERTY}, its arguments joined with the unit separator U+001F; Main registers
 * an {@link IntConsumer} service with {@code fabrica.exit=true} that receives the exit code
 * (0 ok, 1 a point or run failed, 2 bad input). Without the property (the shell) this component
 * does nothing.
 */
@Component(immediate = true)
public final class CommandLineMode {
    static final String COMMAND_PROPERTY = "fabrica.command";
    static final String HOME_PROPERTY = "fabrica.home";
    /** FileInstall's drop-in folder, launch/plugins in a Fabrica folder. */
    static final String PLUGINS_PROPERTY = "felix.fileinstall.dir";
    static final String SEPARATOR = "\u001F";
    /**
     * Service property of the stop request this component registers ({@code Runnable}): the launcher runs it on
     * SIGINT or SIGTERM before it stops the framework, so a run stops and finishes its results folder first.
     */
    static final String INTERRUPT_PROPERTY = "fabrica.interrupt";
    /** How long to wait for the experiment runner's services before giving up. */
    static final long SERVICE_WAIT_MILLIS = 30_000;
    /** The catalogue counts as settled after this long without a change ... */
    static final long QUIET_MILLIS = 300;
    /** ... or after this long in any case. */
    static final long SETTLE_MAX_MILLIS = 5_000;

    // Optional so that the shell, where Main registers no exit service, still resolves; in
    // command-line mode Main registers it before the bundles start.
    @Reference(target = "(fabrica.exit=true)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile IntConsumer exit;

    /**
     * The launcher's "a signal came" (registered before the bundles start): when this component starts after the
     * launcher looked for its stop request and said that nothing was run, the command runs nothing, silently.
     */
    @Reference(target = "(fabrica.signal=true)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile java.util.function.BooleanSupplier signal;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ExperimentService experiments;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ProviderCatalog catalog;

    private final AtomicBoolean exited = new AtomicBoolean();
    private volatile boolean deactivated;
    private volatile FabricaCli cli;
    /** The launcher asked the command to stop (a signal): set before the command line is built, or after. */
    private volatile boolean interrupted;
    private Thread worker;
    private org.osgi.framework.ServiceRegistration<Runnable> interruptRegistration;

    @Activate
    void activate(BundleContext context) {
        String command = context.getProperty(COMMAND_PROPERTY);
        if (command == null) {
            return;
        }
        Path home = home(context.getProperty(HOME_PROPERTY), context.getProperty(PLUGINS_PROPERTY));
        String[] args = split(command);
        java.util.Hashtable<String, Object> props = new java.util.Hashtable<>();
        props.put(INTERRUPT_PROPERTY, Boolean.TRUE);
        interruptRegistration = context.registerService(Runnable.class, this::interrupt, props);
        worker = new Thread(() -> {
            int code = FabricaCli.FAILED;
            try {
                code = run(args, home);
            } catch (OutOfMemoryError e) {
                System.err.println(FabricaCli.outOfMemory(Runtime.getRuntime().maxMemory()));
            } catch (RuntimeException | Error e) {
                // whatever happens, the launcher gets an exit code: a dead worker would leave it waiting for ever;
                // once the framework stops under the command (a signal at start-up), the bundles' classes go
                // away and the launcher has said what happened: nothing to add
                if (!deactivated) {
                    System.err.println("fabrica: the command failed: " + e);
                }
            } finally {
                report(code);
            }
        }, "fabrica-command");
        worker.start();
    }

    private boolean signalled() {
        java.util.function.BooleanSupplier s = signal;
        return s != null && s.getAsBoolean();
    }

    /** The launcher's stop request: the command winds down (a run stops, its folder finished) and reports its code. */
    private void interrupt() {
        interrupted = true;
        FabricaCli c = cli;
        if (c != null) {
            c.interrupt();
        }
    }

    @Deactivate
    void deactivate() {
        deactivated = true;
        if (interruptRegistration != null) {
            try {
                interruptRegistration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the bundle is stopping: its services are gone
            }
        }
        FabricaCli c = cli;
        if (c != null) {
            c.cancel();
        }
        Thread w = worker;
        if (w != null) {
            w.interrupt();
            try {
                w.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Hands the exit code to the launcher, once; not when the framework is already stopping. */
    private void report(int code) {
        try {
            long deadline = System.currentTimeMillis() + SERVICE_WAIT_MILLIS;
            IntConsumer e;
            while ((e = exit) == null && !deactivated) {
                if (System.currentTimeMillis() > deadline) {
                    System.err.println("No exit service (java.util.function.IntConsumer with fabrica.exit=true) is "
                            + "registered; the launcher cannot receive exit code " + code + ".");
                    return;
                }
                Thread.sleep(CatalogSettling.POLL_MILLIS);
            }
            if (!deactivated && exited.compareAndSet(false, true)) {
                e.accept(code);
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }

    private int run(String[] args, Path home) {
        try {
            long deadline = System.currentTimeMillis() + SERVICE_WAIT_MILLIS;
            while (experiments == null || catalog == null) {
                if (System.currentTimeMillis() > deadline) {
                    System.err.println("The experiment runner is not available after " + SERVICE_WAIT_MILLIS / 1000
                            + " s (no ExperimentService or ProviderCatalog service); check that bundle "
                            + "org.fabrica.experiment.runner is resolved and active.");
                    return FabricaCli.FAILED;
                }
                Thread.sleep(CatalogSettling.POLL_MILLIS);
            }
            ProviderCatalog c = catalog;
            CatalogSettling.awaitStable(c::providers, QUIET_MILLIS, SETTLE_MAX_MILLIS, System::currentTimeMillis,
                    Thread::sleep);
            if (interrupted || signalled()) {
                if (interrupted) { // asked by the launcher: it waits for this to say what happened
                    System.err.println(FabricaCli.NOTHING_RUN);
                }
                return FabricaCli.FAILED;
            }
            FabricaCli built = new FabricaCli(experiments, c, System.out, System.err, System.console() != null, home);
            built.stopWhen(this::signalled);
            cli = built;
            if (interrupted) { // asked between the check above and now: the cli has not seen it
                built.interrupt();
            }
            return built.execute(args);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FabricaCli.FAILED;
        } finally {
            System.out.flush();
            System.err.flush();
        }
    }

    /**
     * The Fabrica folder, to find examples/bench when the working directory is elsewhere: the
     * {@value #HOME_PROPERTY} property, else the folder holding launch/plugins (the launcher's
     * drop-in folder), else null.
     */
    static Path home(String homeProperty, String pluginsProperty) {
        if (homeProperty != null && !homeProperty.isBlank()) {
            return Path.of(homeProperty);
        }
        if (pluginsProperty != null && !pluginsProperty.isBlank()) {
            Path plugins = Path.of(pluginsProperty).toAbsolutePath().normalize();
            Path launch = plugins.getParent();
            if (plugins.getFileName() != null && plugins.getFileName().toString().equals("plugins") && launch != null
                    && launch.getFileName() != null && launch.getFileName().toString().equals("launch")) {
                return launch.getParent();
            }
        }
        return null;
    }

    /** The arguments of the {@value #COMMAND_PROPERTY} property; an empty property has none. */
    static String[] split(String command) {
        return command.isEmpty() ? new String[0] : command.split(SEPARATOR, -1);
    }
}
