package org.fabrica.hardware.infiniband;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.PacketFormat;
import org.fabrica.hardware.Pipeline;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.router.PartChoice;
import org.fabrica.router.WeightedEntry;
import org.fabrica.topology.Topology;

/**
 * The InfiniBand-like switch of the OSHA/SASHA study as a router description, converted once from
 * physical units:
 * <ul>
 * <li>cycle: one flit per link, {@code flitBytes x 8 / linkGbps} ns (64 B at 100 Gbps: 5.12 ns);</li>
 * <li>links: {@code ceil(propagationNs / cycle)} cycles, at least 1, one flit per cycle;</li>
 * <li>VLs: {@code vls} data VCs of {@code portBufferBytes / vls} bytes each (a whole number of
 * flits, else refused), virtual cut-through, credit flow control;</li>
 * <li>pipeline: {@code round(switchLatencyNs / cycle)} cycles from a head's arrival to its
 * crossing: VL allocation, switch allocation and crossing one cycle each, route computation the
 * rest (at least 0);</li>
 * <li>packets: at most {@code mtuBytes}, counted as they are on the wire (the study's 128 KB hold
 * 32 packets of 4 KB);</li>
 * <li>routers of kind {@code interface} (node interfaces that forward, e.g. KNS): the same with
 * {@code interfaceLatencyNs}.</li>
 * </ul>
 */
final class InfinibandModel implements HardwareModel {
    private final RouterParameters router;
    private RouterDescription switches;
    private final RouterDescription interfaces;
    private final PacketFormat format;
    final double cycleNs;

    InfinibandModel(InfinibandParameters p) {
        if (!(p.linkGbps() > 0) || Double.isInfinite(p.linkGbps())) {
            throw new IllegalArgumentException("hardware 'infiniband': linkGbps = " + p.linkGbps() + "; use a rate > 0");
        }
        this.cycleNs = p.flitBytes() * 8.0 / p.linkGbps();
        if (p.portBufferBytes() % p.vls() != 0) {
            throw new IllegalArgumentException("hardware 'infiniband': portBufferBytes = " + p.portBufferBytes()
                    + " does not share out equally among vls = " + p.vls() + "; use a multiple of " + p.vls());
        }
        int vlBytes = p.portBufferBytes() / p.vls();
        int vlFlits = RouterDescription.flits("the buffer of one VL (portBufferBytes / vls)", vlBytes, p.flitBytes());
        int mtuFlits = RouterDescription.flits("mtuBytes", p.mtuBytes(), p.flitBytes());
        if (vlFlits < mtuFlits) {
            throw new IllegalArgumentException("hardware 'infiniband': one VL holds " + vlBytes + " bytes (portBufferBytes "
                    + p.portBufferBytes() + " / vls " + p.vls() + "), less than one " + p.mtuBytes() + "-byte packet;"
                    + " virtual cut-through needs room for a whole packet: raise portBufferBytes or lower vls or mtuBytes");
        }
        int link = Math.max(1, (int) Math.ceil(p.propagationNs() / cycleNs - 1e-9));
        Pipeline switchPipeline = pipeline("switchLatencyNs", p.switchLatencyNs());
        this.router = new RouterParameters(p.vls(), vlFlits, FlowControl.VIRTUAL_CUT_THROUGH,
                switchPipeline.routingDelay(), 1, 1, 1, link, 0, false, cycleNs, p.flitBytes());
        List<VirtualChannel> vls = new ArrayList<>();
        for (int v = 0; v < p.vls(); v++) {
            vls.add(VirtualChannel.data(vlFlits));
        }
        this.switches = RouterDescription.of(router).withChannels(vls).withCrossbar(p.crossbar())
                .withLinks(LinkTiming.of(link), LinkTiming.of(link)).withInjection(p.injectionQueues())
                .withServiceLevels(serviceLevels(p.slToVl(), p.vls())).withInterleaving(p.linkInterleaving());
        PartChoice arbitration = vlArbitration(p, mtuFlits);
        if (arbitration != null) {
            // the VL arbiter chooses among an output's VLs: in switch allocation, or with per-VL crossbars
            // in the output arbitration among their winners
            boolean perVl = p.crossbar() == CrossbarOrganisation.PER_VC;
            PartChoice rr = RouterDescription.ROUND_ROBIN;
            switches = switches.withAllocators(rr, perVl ? rr : arbitration, perVl ? arbitration : rr);
        }
        this.interfaces = switches.withPipeline(pipeline("interfaceLatencyNs", p.interfaceLatencyNs()));
        this.format = PacketFormat.headerless(p.mtuBytes());
    }

    /**
     * The SL-to-VL table as the router description's service levels: at most 16 SLs, each mapped to
     * a data VL; VL 15 (subnet management) is not modelled, so an SL cannot be sent there.
     */
    static List<Integer> serviceLevels(int[] slToVl, int vls) {
        if (slToVl.length > 16) {
            throw new IllegalArgumentException("hardware 'infiniband': slToVl has " + slToVl.length + " entries;"
                    + " InfiniBand has 16 service levels: give at most 16 (the VL of SL 0 first)");
        }
        List<Integer> table = new ArrayList<>();
        for (int sl = 0; sl < slToVl.length; sl++) {
            int vl = slToVl[sl];
            if (vl < 0 || vl >= vls) {
                throw new IllegalArgumentException("hardware 'infiniband': slToVl maps SL " + sl + " to VL " + vl
                        + ", but the ports have data VLs 0.." + (vls - 1) + (vl == 15 ? " (VL 15 is the management"
                        + " lane, which is not modelled)" : "") + "; map every SL to one of them or raise vls");
            }
            table.add(vl);
        }
        return table;
    }

    /**
     * The {@code vl-arbitration} allocator of the VL arbitration tables, weights and limit converted
     * to flits; null when both tables are empty (round robin, the default).
     *
     * @throws IllegalArgumentException naming the entry or the VL left out of both tables
     */
    private static PartChoice vlArbitration(InfinibandParameters p, int mtuFlits) {
        if (p.vlArbitrationHigh().length == 0 && p.vlArbitrationLow().length == 0) {
            return null;
        }
        long weighted = 0;
        Map<String, Object> parameters = new LinkedHashMap<>();
        String[] names = {"vlArbitrationHigh", "vlArbitrationLow"};
        String[][] tables = {p.vlArbitrationHigh(), p.vlArbitrationLow()};
        String[] keys = {"high", "low"};
        for (int t = 0; t < tables.length; t++) {
            String[] entries = tables[t];
            List<String> flits = new ArrayList<>();
            for (int e = 0; e < entries.length; e++) {
                WeightedEntry vw = entry(names[t], e, entries[e], p.vls());
                if (vw.weight() > 0) {
                    weighted |= 1L << vw.vc();
                }
                // weights count 64-byte units; the allocator counts flits
                flits.add(new WeightedEntry(vw.vc(), (int) Math.ceil(vw.weight() * 64.0 / p.flitBytes())).text());
            }
            parameters.put(keys[t], flits);
        }
        for (int vl = 0; vl < p.vls(); vl++) {
            if ((weighted & (1L << vl)) == 0) {
                throw new IllegalArgumentException("hardware 'infiniband': VL " + vl + " has no positive weight in"
                        + " vlArbitrationHigh or vlArbitrationLow, so its packets could never leave an output; give it"
                        + " an entry, e.g. " + vl + ":4");
            }
        }
        int limit = p.limitOfHighPriority() == 255 ? -1
                : p.limitOfHighPriority() == 0 ? mtuFlits
                : (int) Math.ceil(p.limitOfHighPriority() * 4096.0 / p.flitBytes());
        parameters.put("highLimit", limit);
        return new PartChoice("vl-arbitration", parameters);
    }

    /** Entry {@code e} of a VL arbitration table, {@code vl:weight}, the weight in 64-byte units. */
    private static WeightedEntry entry(String table, int e, String text, int vls) {
        try {
            WeightedEntry vw = WeightedEntry.parse(text);
            if (vw.vc() >= 0 && vw.vc() < vls && vw.weight() >= 0 && vw.weight() <= 255) {
                return vw;
            }
        } catch (IllegalArgumentException x) {
            // refused below
        }
        throw new IllegalArgumentException("hardware 'infiniband': entry " + e + " of " + table + " is '" + text
                + "'; write vl:weight with a data VL 0.." + (vls - 1) + " and a weight 0..255 in 64-byte units,"
                + " e.g. 0:4");
    }

    /** A pipeline of {@code round(ns / cycle)} cycles: VA, SA and ST one each, routing the rest. */
    private Pipeline pipeline(String name, double ns) {
        int cycles = RouterDescription.cycles("hardware 'infiniband': " + name, ns, cycleNs);
        return new Pipeline(Math.max(0, cycles - 3), 1, 1, 1, 0);
    }

    @Override
    public RouterParameters router() {
        return router;
    }

    @Override
    public RouterDescription description() {
        return switches;
    }

    @Override
    public RouterDescription description(String kind) {
        return Topology.INTERFACE.equals(kind) ? interfaces : switches;
    }

    @Override
    public PacketFormat packetFormat() {
        return format;
    }
}
