package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.ProviderNames;

/**
 * The network's invariants. Checked on the way (by the parts that change the state): every buffer
 * write against its capacity, every credit change within 0 .. capacity, every flit reaching a
 * network interface against its packet (right destination, each flit once, tail last), hops
 * against the livelock limit. Checked at safe points ({@link #checkConservation}): credits held +
 * credits returning + flits buffered or on the link = capacity on every link and VC; the
 * allocation masks agree with the VC states; every live packet is accounted for (pooled, queued
 * at its source, or dropped and waiting to be sent again).
 */
final class InvariantChecks {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final OutputUnits outputs;
    private final ActiveRouters routers;
    /** With VOQ access, the heads parked for an output port (else null). */
    PortWaiters waiters;
    private final Links links;
    private final PacketPool pool;
    private final SourceQueues queues;
    private final NetworkInterfaces interfaces;
    private final RouteStage route;
    private final ProviderNames names;
    private final int[] tally;
    private final Progress progress;

    InvariantChecks(Wiring wiring, InputBuffers inputs, OutputUnits outputs, ActiveRouters routers,
            PortWaiters waiters, Links links, PacketPool pool, NetworkInterfaces interfaces, RouteStage route,
            ProviderNames names, Progress progress) {
        this.progress = progress;
        this.waiters = waiters;
        this.wiring = wiring;
        this.inputs = inputs;
        this.outputs = outputs;
        this.routers = routers;
        this.links = links;
        this.pool = pool;
        this.queues = interfaces.queues;
        this.interfaces = interfaces;
        this.route = route;
        this.names = names;
        this.tally = new int[outputs.credits.length];
    }

    /** The cycle being simulated, for checks made where no cycle is at hand. */
    long now() {
        return progress.now;
    }

    String vcName(int iv) {
        return wiring.vcName(iv);
    }

    String packetName(int slot) {
        return pool.name(slot);
    }

    /** A violated invariant: names the run's routing and queuing, which are the usual suspects. */
    SimulationException invariant(String what, long t) {
        return new SimulationException("network invariant violated at cycle " + t + ": " + what + " (routing '"
                + route.routingName + "', queuing '" + names.queuing() + "')");
    }

    /**
     * Credits held + credits returning + flits buffered or on the link = capacity, on every link and
     * VC; the allocation masks agree with the VC states; every live packet is accounted for.
     */
    void checkConservation(long now) {
        Arrays.fill(tally, 0);
        links.creditEvents.tally(tally);
        int vcs = wiring.vcs;
        int[] credits = outputs.credits;
        for (int gp = 0; gp < wiring.totalPorts; gp++) {
            int target = wiring.flitTarget[gp];
            if (target == Wiring.UNUSED) {
                continue;
            }
            for (int v = 0; v < vcs; v++) {
                int ov = gp * vcs + v;
                int buffered = target >= 0 ? inputs.vcFlits(target + v) : 0;
                int capacity = outputs.capacityOf(ov);
                if (credits[ov] + tally[ov] + buffered != capacity) {
                    throw invariant("credit conservation broken at " + wiring.creditName(ov) + ": " + credits[ov]
                            + " credits + " + tally[ov] + " returning + " + buffered + " flits buffered != " + capacity, now);
                }
            }
        }
        for (int n = 0; n < wiring.nodes; n++) {
            for (int v = 0; v < vcs; v++) {
                int ci = outputs.niCreditBase + n * vcs + v;
                int buffered = inputs.vcFlits(wiring.nodeInPort[n] * vcs + v);
                int capacity = outputs.capacityOf(ci);
                if (credits[ci] + tally[ci] + buffered != capacity) {
                    throw invariant("credit conservation broken at " + wiring.creditName(ci) + ": " + credits[ci]
                            + " credits + " + tally[ci] + " returning + " + buffered + " flits buffered != " + capacity, now);
                }
            }
        }
        for (int iv = 0, n = wiring.totalQueues(); iv < n; iv++) {
            int r = wiring.queueRouter[iv];
            int local = wiring.queueLocal[iv];
            boolean active = inputs.states.state(iv) == VcStates.ACTIVE;
            boolean wantsVa = !active && inputs.count(iv) > 0;
            boolean wantsSa = active && inputs.count(iv) > 0 && (inputs.states.multi(iv) || credits[inputs.states.out(iv)] > 0);
            // a head parked for its output port (VOQ) has left the VA mask, and is in one place only
            boolean parked = waiters != null && waiters.parked(r, local);
            boolean inVa = routers.vaBit(r, local);
            if ((inVa || parked) != wantsVa || (inVa && parked) || routers.saBit(r, local) != wantsSa) {
                throw invariant("allocation masks out of step with " + wiring.queueName(iv) + " (state " + inputs.states.state(iv)
                        + ", " + inputs.count(iv) + " flits)", now);
            }
        }
        long held = pool.live() + queues.records() - queues.materialized() + interfaces.admitting()
                + interfaces.awaitingResend();
        long pending = interfaces.generated + interfaces.replicated - interfaces.delivered;
        if (held != pending) {
            throw invariant(held + " packets held (" + pool.live() + " in the pool, " + queues.records()
                    + " queued of which " + queues.materialized() + " pooled, " + interfaces.admitting()
                    + " in admittance queues, " + interfaces.awaitingResend()
                    + " dropped and waiting to be sent again) but " + pending
                    + " generated or copied and not delivered", now);
        }
    }
}
