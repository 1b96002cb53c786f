package org.fabrica.network.flit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.Pipeline;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.topology.Topology;

/**
 * The router of every router: a topology gives each router a kind ({@link Topology#routerKind}),
 * the hardware model one description per kind ({@code NetworkSetup.router(String)}). Kinds may
 * differ in their pipeline delays, VC buffer sizes and links; everything routers must agree on to
 * exchange flits and share one set of allocator parts is checked against the first kind and
 * refused with the kind and the field named.
 *
 * <p>What the parts read per router or per port, as flat arrays:
 * <ul>
 * <li>per router: route computation and VC allocation delays (used by {@link VcAllocation});</li>
 * <li>per input VC: its buffer capacity, from the kind of the router it belongs to;</li>
 * <li>per credit counter: the capacity of the buffer it counts (the downstream router's input
 * VC for an output VC, the router's terminal input VC for a network interface's counter);</li>
 * <li>per output port (in {@link Links}): switch allocation and traversal of its router, the
 * latency and serialisation of the link leaving it (a kind's {@code link} and {@code terminalLink}
 * are the links leaving its ports); per input port the credit return crosses the upstream
 * router's link and takes the receiving router's credit delay.</li>
 * </ul>
 * Network interfaces share one terminal link timing and one credit delay: kinds that attach end
 * nodes must agree on them.
 */
final class RouterKinds {
    /** The description of every router, by router. */
    private final RouterDescription[] byRouter;
    /** The distinct kinds, in router order, with their descriptions. */
    final Map<String, RouterDescription> kinds;
    /** Every router has the same description. */
    final boolean uniform;
    final int[] routingDelay;
    final int[] vcAllocDelay;

    /** Every router of {@code topology} is {@code d}, whatever its kind. */
    static RouterKinds all(Topology topology, RouterDescription d) {
        return new RouterKinds(topology, kind -> d);
    }

    RouterKinds(Topology topology, Function<String, RouterDescription> describe) {
        int routers = topology.routers();
        this.byRouter = new RouterDescription[routers];
        this.routingDelay = new int[routers];
        this.vcAllocDelay = new int[routers];
        Map<String, RouterDescription> found = new LinkedHashMap<>();
        for (int r = 0; r < routers; r++) {
            String kind = topology.routerKind(r);
            if (kind == null || kind.isBlank()) {
                throw new IllegalArgumentException("topology " + topology.describe() + " gives router " + r
                        + " no kind (routerKind returned " + (kind == null ? "null" : "'" + kind + "'")
                        + "); use \"" + Topology.SWITCH + "\", \"" + Topology.INTERFACE + "\" or a name of its own");
            }
            RouterDescription d = found.get(kind);
            if (d == null) {
                d = describe.apply(kind);
                if (d == null) {
                    throw new IllegalArgumentException("the hardware model gave no router description for routers of kind '"
                            + kind + "'");
                }
                found.put(kind, d);
            }
            byRouter[r] = d;
            routingDelay[r] = d.pipeline().routingDelay();
            vcAllocDelay[r] = d.pipeline().vcAllocDelay();
        }
        this.kinds = found;
        this.uniform = found.size() == 1;
        check(topology);
    }

    /** The description of router {@code r}. */
    RouterDescription of(int r) {
        return byRouter[r];
    }

    /** The first kind's description: the one every kind agrees with on what must be shared. */
    RouterDescription first() {
        return byRouter[0];
    }

    /** Per VC index: the largest buffer of any kind. */
    int[] maxCapacityPerVc() {
        int vcs = first().vcs();
        int[] max = new int[vcs];
        for (RouterDescription d : kinds.values()) {
            for (int v = 0; v < vcs; v++) {
                max[v] = Math.max(max[v], d.channels().get(v).bufferFlits());
            }
        }
        return max;
    }

    int maxBufferFlits() {
        int m = 0;
        for (RouterDescription d : kinds.values()) {
            m = Math.max(m, d.maxBufferFlits());
        }
        return m;
    }

    int minBufferFlits() {
        int m = Integer.MAX_VALUE;
        for (RouterDescription d : kinds.values()) {
            m = Math.min(m, d.minBufferFlits());
        }
        return m;
    }

    /** Capacity in flits of every global input VC ({@code globalPort * vcs + vc}). */
    int[] inputCapacity(Wiring w) {
        int vcs = w.vcs;
        int[] c = new int[w.totalVcs()];
        for (int gp = 0; gp < w.totalPorts; gp++) {
            List<VirtualChannel> ch = byRouter[w.portRouter[gp]].channels();
            for (int v = 0; v < vcs; v++) {
                c[gp * vcs + v] = ch.get(v).bufferFlits();
            }
        }
        return c;
    }

    /**
     * Capacity of the buffer every credit counter counts: an output VC counts the input VC at the
     * other end of its link (its own router's kind for a terminal output, whose network interface
     * buffers like the router it hangs on); a network interface's counter counts its router's
     * terminal input VC.
     */
    int[] creditCapacity(Wiring w) {
        int vcs = w.vcs;
        int[] c = new int[w.niCreditBase + w.nodes * vcs];
        for (int gp = 0; gp < w.totalPorts; gp++) {
            int peer = w.peerPort[gp];
            int r = peer >= 0 ? w.portRouter[peer] : w.portRouter[gp];
            List<VirtualChannel> ch = byRouter[r].channels();
            for (int v = 0; v < vcs; v++) {
                c[gp * vcs + v] = ch.get(v).bufferFlits();
            }
        }
        for (int n = 0; n < w.nodes; n++) {
            List<VirtualChannel> ch = byRouter[w.nodeRouter[n]].channels();
            for (int v = 0; v < vcs; v++) {
                c[w.niCreditBase + n * vcs + v] = ch.get(v).bufferFlits();
            }
        }
        return c;
    }

    /** Refuses kinds that disagree on what routers must share, naming both kinds and the field. */
    private void check(Topology topology) {
        List<String> names = new ArrayList<>(kinds.keySet());
        String a = names.get(0);
        RouterDescription x = kinds.get(a);
        for (int i = 1; i < names.size(); i++) {
            shared("kind '" + a + "'", x, "kind '" + names.get(i) + "'", kinds.get(names.get(i)));
        }
        // network interfaces share one injection timing and one ejection credit return
        String withNodes = null;
        RouterDescription z = null;
        for (int n = 0; n < topology.nodes(); n++) {
            RouterDescription d = byRouter[topology.nodeRouter(n)];
            if (z == null) {
                z = d;
                withNodes = topology.routerKind(topology.nodeRouter(n));
            } else if (d != z) {
                String k = topology.routerKind(topology.nodeRouter(n));
                same("kind '" + withNodes + "'", "kind '" + k + "'", "terminal link (both attach end nodes)", z.terminalLink(), d.terminalLink());
                same("kind '" + withNodes + "'", "kind '" + k + "'", "credit delay (both attach end nodes)", z.pipeline().creditDelay(),
                        d.pipeline().creditDelay());
            }
        }
    }

    /**
     * Refuses two router descriptions that differ in what every router of one network shares.
     *
     * @param a what {@code x} is, for the message (e.g. {@code kind 'switch'})
     */
    static void shared(String a, RouterDescription x, String b, RouterDescription y) {
        same(a, b, "VC count", x.vcs(), y.vcs());
        for (int v = 0; v < x.vcs(); v++) {
            VirtualChannel cx = x.channels().get(v);
            VirtualChannel cy = y.channels().get(v);
            same(a, b, "priority of VC " + v, cx.priority(), cy.priority());
            same(a, b, "function of VC " + v, cx.function(), cy.function());
        }
        same(a, b, "flow control", x.flowControl(), y.flowControl());
        same(a, b, "crossbar organisation", x.crossbar(), y.crossbar());
        same(a, b, "VC allocator", x.vcAllocator(), y.vcAllocator());
        same(a, b, "switch allocator", x.switchAllocator(), y.switchAllocator());
        same(a, b, "output arbiter", x.outputArbiter(), y.outputArbiter());
        same(a, b, "injection queues", x.injection(), y.injection());
        same(a, b, "flit size (flitBytes)", x.flitBytes(), y.flitBytes());
        same(a, b, "clock (cycleNanoseconds)", x.cycleNanoseconds(), y.cycleNanoseconds());
        same(a, b, "service-level table", x.serviceLevels(), y.serviceLevels());
        same(a, b, "output interleaving", x.interleaving(), y.interleaving());
    }

    private static void same(String a, String b, String field, Object x, Object y) {
        if (!Objects.equals(x, y)) {
            throw new IllegalArgumentException("routers of " + a + " and " + b + " differ in their " + field
                    + " (" + x + " and " + y + "); router kinds may differ in pipeline delays, buffer sizes and links"
                    + " only: make the hardware model describe both kinds with the same " + field);
        }
    }

    /** Pipeline of router {@code r}. */
    Pipeline pipeline(int r) {
        return byRouter[r].pipeline();
    }

    /** The link leaving router {@code r} on a router port ({@code terminal} false) or a terminal port. */
    LinkTiming link(int r, boolean terminal) {
        return terminal ? byRouter[r].terminalLink() : byRouter[r].link();
    }
}
