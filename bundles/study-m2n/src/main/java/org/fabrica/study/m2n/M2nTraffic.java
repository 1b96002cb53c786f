package org.fabrica.study.m2n;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.PacketFormat;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.ContiguousMapping;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.schedule.Pacing;
import org.fabrica.traffic.schedule.SchedulePlayback;

/**
 * The traffic of an {@code m2n} experiment, resolved against its topology and hardware
 * (docs/studies/rapidio-m2n.md): per communication the demands (sender and receiver nodes in table order,
 * sizes in bytes) and the pacing of its senders.
 *
 * <h2>Packets</h2>
 * A message of m bytes is cut into ceil(m / P) packets, P the hardware's maximum payload
 * ({@link PacketFormat#maxPayloadBytes()}, 256 bytes on RapidIO). The flit network moves packets
 * of one length, so every packet has the length of a maximum-payload packet
 * ({@link PacketFormat#flits(int, int)}: 35 flits of 8 bytes on the CPS-1848): the last packet of
 * a message that is not a multiple of P is padded to full size (a limitation, stated in the user
 * guide). Sizes of the schedulers are in bytes, so virtual destinations cut messages into pieces
 * of the unit size s; each piece is again cut into packets.
 *
 * <h2>Pacing</h2>
 * Every sender starts at cycle 0 and generates one packet every ceil(F / rate) cycles (F the
 * packet length in flits): at rate 1 exactly as fast as its link carries.
 */
final class M2nTraffic {
    /** One communication, resolved: its demands and pacing. */
    record Resolved(M2nSpec.Communication spec, int[] senders, int[] receivers, Demands demands, Pacing pacing) {
    }

    private final List<Resolved> communications;
    private final int packetFlits;
    private final int payloadBytes;

    private M2nTraffic(List<Resolved> communications, int packetFlits, int payloadBytes) {
        this.communications = communications;
        this.packetFlits = packetFlits;
        this.payloadBytes = payloadBytes;
    }

    /** The largest payload a hardware model may declare for m2n: above it the model has no packet format of its own. */
    static final int MAX_PAYLOAD_BYTES = 1 << 20;

    /**
     * Resolves the communications; an error names the key in the file.
     */
    static M2nTraffic resolve(StudyFile doc, M2nSpec spec, Topology topology, HardwareModel hardware,
            RouterParameters router, String hardwarePath) {
        PacketFormat format = hardware.packetFormat();
        if (format == null || format.maxPayloadBytes() > MAX_PAYLOAD_BYTES) {
            throw doc.error(hardwarePath, "mode m2n cuts messages into packets of the hardware's packet format, and this"
                    + " hardware model has none (no maximum payload per packet); use a model with a packet format, e.g."
                    + " hardware: {name: rapidio-cps1848}");
        }
        int payload = format.maxPayloadBytes();
        int flits = format.flits(payload, router.flitBytes());
        int nodes = topology.nodes();
        List<Resolved> out = new ArrayList<>();
        for (M2nSpec.Communication c : spec.communications()) {
            int[] senders = c.senders();
            int[] receivers = c.receivers();
            if (senders == null || receivers == null) {
                ContiguousMapping mapping;
                try {
                    mapping = ContiguousMapping.of(topology, 0);
                } catch (IllegalArgumentException e) {
                    throw doc.error(c.path() + (senders == null ? ".m" : ".n"), c.path() + ": " + e.getMessage()
                            + "; or list the nodes under senders and receivers");
                }
                int m = c.m();
                int n = c.n();
                if ((long) m + n > nodes) {
                    throw doc.error(c.path() + (senders == null ? ".m" : ".n"), c.path() + ": " + m + " senders and " + n
                            + " receivers do not fit on the " + nodes + " nodes of " + topology.describe()
                            + "; use M + N <= " + nodes + " or a larger topology");
                }
                if (senders == null) {
                    senders = mapping.senders(m);
                }
                if (receivers == null) {
                    receivers = mapping.receivers(m, n);
                }
            }
            check(doc, senders, nodes, c.path() + ".senders", topology);
            check(doc, receivers, nodes, c.path() + ".receivers", topology);
            Demands demands;
            try {
                demands = Demands.personalized(senders, receivers, c.sizeMatrix(), SizeUnit.BYTES);
            } catch (IllegalArgumentException e) {
                throw doc.error(c.path(), c.path() + ": " + e.getMessage());
            }
            long gap = (long) Math.ceil(flits / c.rate() - 1e-9);
            out.add(new Resolved(c, senders, receivers, demands, new Pacing(flits, 0, gap, payload)));
        }
        return new M2nTraffic(List.copyOf(out), flits, payload);
    }

    private static void check(StudyFile doc, int[] group, int nodes, String path, Topology topology) {
        for (int k = 0; k < group.length; k++) {
            if (group[k] >= nodes) {
                throw doc.error(path + "[" + k + "]", path + "[" + k + "] = node " + group[k] + " is out of range: "
                        + topology.describe() + " has end nodes 0 .. " + (nodes - 1));
            }
        }
    }

    List<Resolved> communications() {
        return communications;
    }

    /** Packet length in flits (a maximum-payload packet). */
    int packetFlits() {
        return packetFlits;
    }

    /** Payload of a packet in bytes. */
    int payloadBytes() {
        return payloadBytes;
    }

    /** The plan of communication {@code c} by a scheduler provider, with the point's streams. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
    Plan plan(int c, StudyProvider scheduler, Topology topology, RandomStreams streams) {
        // a scheduler draws its random choices (if any) from the run's streams, so each seed differs
        Scheduler s = scheduler.factory(SchedulerFactory.class).create(topology, scheduler.parameters(), streams);
        if (s == null) {
            throw new IllegalStateException("the factory returned no scheduler");
        }
        return s.plan(communications.get(c).demands());
    }

    /** A fresh playback of {@code plan} for one run. */
    SchedulePlayback playback(int c, Plan plan, Topology topology) {
        return SchedulePlayback.of(plan, topology, communications.get(c).pacing());
    }
}
