package org.fabrica.hardware.generic;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.HardwareFactory;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.router.PartChoice;
import org.osgi.service.component.annotations.Component;

/**
 * {@code generic}: a configurable input-queued VC router. The classic parameters map to the
 * fields of RouterParameters; the others (crossbar organisation, allocator parts, per-VC buffers,
 * priorities and functions, buffer bytes, link serialisation, injection queues) change its
 * RouterDescription. With every parameter at its default it is the router of earlier releases.
 */
@Component(service = HardwareFactory.class, property = {
        "fabrica.name=generic",
        "fabrica.description=Generic input-queued VC router (defaults: BookSim2's default router with 2 VCs)"})
public final class GenericHardwareFactory implements HardwareFactory<GenericRouterParameters> {
    @Override
    public Class<GenericRouterParameters> parameterType() {
        return GenericRouterParameters.class;
    }

    @Override
    public HardwareModel create(GenericRouterParameters p) {
        if (p.voqCrossbar() && p.crossbar() != CrossbarOrganisation.SHARED) {
            throw new IllegalArgumentException("hardware: voqCrossbar = true and crossbar = "
                    + p.crossbar().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
                    + " disagree; drop voqCrossbar (its older name for crossbar: vc-inputs)");
        }
        int bufferFlits = p.bufferBytes() > 0 ? RouterDescription.flits("bufferBytes", p.bufferBytes(), p.flitBytes())
                : p.bufferFlits();
        RouterParameters router = new RouterParameters(p.vcs(), bufferFlits, p.flowControl(), p.routingDelay(),
                p.vcAllocDelay(), p.switchAllocDelay(), p.switchTraversalDelay(), p.linkLatency(), p.creditDelay(),
                p.voqCrossbar(), p.cycleNanoseconds(), p.flitBytes());
        RouterDescription d = RouterDescription.of(router);
        if (!p.voqCrossbar()) {
            d = d.withCrossbar(p.crossbar());
        }
        d = d.withChannels(channels(p, bufferFlits))
                .withAllocators(part("vcAllocator", p.vcAllocator()), part("switchAllocator", p.switchAllocator()),
                        part("outputArbiter", p.outputArbiter()))
                .withLinks(new LinkTiming(p.linkLatency(), p.linkCyclesPerFlit()),
                        new LinkTiming(p.linkLatency(), p.terminalLinkCyclesPerFlit()))
                .withInjection(p.injectionQueues()).withInterleaving(p.outputInterleaving());
        return new GenericRouter(router, d);
    }

    private static List<VirtualChannel> channels(GenericRouterParameters p, int bufferFlits) {
        perVc("vcBufferFlits", p.vcBufferFlits().length, p.vcs());
        perVc("vcPriorities", p.vcPriorities().length, p.vcs());
        perVc("vcFunctions", p.vcFunctions().length, p.vcs());
        if (p.vcBufferFlits().length > 0 && p.bufferBytes() > 0) {
            throw new IllegalArgumentException("hardware: give either vcBufferFlits or bufferBytes, not both");
        }
        List<VirtualChannel> vcs = new ArrayList<>();
        for (int v = 0; v < p.vcs(); v++) {
            vcs.add(new VirtualChannel(p.vcFunctions().length > 0 ? p.vcFunctions()[v] : "data",
                    p.vcBufferFlits().length > 0 ? p.vcBufferFlits()[v] : bufferFlits,
                    p.vcPriorities().length > 0 ? p.vcPriorities()[v] : 0));
        }
        return vcs;
    }

    private static void perVc(String name, int given, int vcs) {
        if (given != 0 && given != vcs) {
            throw new IllegalArgumentException("hardware: " + name + " has " + given + " values for " + vcs
                    + " VCs; give one per VC (VC 0 first) or none");
        }
    }

    private static PartChoice part(String name, String text) {
        try {
            return PartChoice.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hardware: " + name + ": " + e.getMessage(), e);
        }
    }

    /** The generic router model: its parameters and the description built from them. */
    record GenericRouter(RouterParameters router, RouterDescription description) implements HardwareModel {
    }
}
