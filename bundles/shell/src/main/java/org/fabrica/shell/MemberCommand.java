package org.fabrica.shell;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fabrica.sweep.SweepMember;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fabrica member [--config FILE] [--cluster-name N] [--bind ADDR] [--port P] [--members host:port,...]
 * [--threads N]}: joins a cluster of launchers and runs the points submitted to it until the launcher
 * is stopped (Ctrl-C, SIGTERM). The flags override the file's keys (docs/user-guide.md, "Cluster").
 */
@Command(name = "member", mixinStandardHelpOptions = true,
        description = "Join a cluster of Fabrica launchers and run the points that 'run --cluster' sends, until stopped.")
final class MemberCommand implements Callable<Integer> {
    private static final long SERVICE_WAIT_MILLIS = 10_000;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Cluster configuration (properties: cluster.name, bind, port, members, threads).")
    Path config;

    @Option(names = "--cluster-name", paramLabel = "N", description = "Cluster name (default fabrica).")
    String clusterName;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Address to listen on (default 127.0.0.1).")
    String bind;

    @Option(names = "--port", paramLabel = "P", description = "First port to try (default 5701; the next 99 too).")
    String port;

    @Option(names = "--members", paramLabel = "HOST:PORT,...",
            description = "TCP/IP member list; without one (and none in the file), multicast discovery.")
    String members;

    @Option(names = "--threads", paramLabel = "N", description = "Points run at once (default: one per core).")
    String threads;

    private final PrintStream out;
    private final PrintStream err;

    MemberCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** The settings the flags give, by the cluster executor's keys (blank: not given). */
    Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("config", config == null ? null : config.toAbsolutePath().normalize().toString());
        s.put("cluster.name", clusterName);
        s.put("bind", bind);
        s.put("port", port);
        s.put("members", members);
        s.put("threads", threads);
        s.values().removeIf(v -> v == null);
        return s;
    }

    @Override
    public Integer call() {
        SweepMember member = member();
        if (member == null) {
            err.println("No cluster member service (org.fabrica.sweep.SweepMember, fabrica.name=cluster): start the "
                    + "launcher with the 'cluster' feature (bundle org.fabrica.sweep.hazelcast).");
            return FabricaCli.BAD_INPUT;
        }
        AutoCloseable joined;
        try {
            joined = member.join(settings(), line -> {
                out.println(line);
                out.flush();
            });
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return FabricaCli.BAD_INPUT;
        } catch (IllegalStateException e) {
            err.println(e.getMessage());
            return FabricaCli.FAILED;
        }
        try {
            Thread.sleep(Long.MAX_VALUE); // until the launcher stops (interrupt)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                joined.close();
            } catch (Exception e) {
                err.println("leaving the cluster: " + e.getMessage());
            }
        }
        return FabricaCli.OK;
    }

    private static SweepMember member() {
        Bundle bundle = FrameworkUtil.getBundle(MemberCommand.class);
        BundleContext ctx = bundle == null ? null : bundle.getBundleContext();
        if (ctx == null) {
            return null;
        }
        long deadline = System.currentTimeMillis() + SERVICE_WAIT_MILLIS;
        try {
            while (true) {
                Collection<ServiceReference<SweepMember>> refs = ctx.getServiceReferences(SweepMember.class,
                        "(fabrica.name=cluster)");
                for (ServiceReference<SweepMember> r : refs) {
                    SweepMember m = ctx.getService(r);
                    if (m != null) {
                        return m;
                    }
                }
                if (System.currentTimeMillis() > deadline) {
                    return null;
                }
                Thread.sleep(100);
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
