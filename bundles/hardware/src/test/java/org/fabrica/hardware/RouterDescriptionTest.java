package org.fabrica.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.router.PartChoice;
import org.junit.jupiter.api.Test;

class RouterDescriptionTest {
    static RouterParameters classic(boolean voq) {
        return new RouterParameters(3, 16, FlowControl.VIRTUAL_CUT_THROUGH, 1, 1, 1, 2, 3, 1, voq, 2.5, 32);
    }

    @Test
    void theClassicParametersDescribeAnInputQueuedRouterOfEqualDataVcs() {
        RouterDescription d = RouterDescription.of(classic(false));
        assertEquals(3, d.vcs());
        assertEquals(List.of(VirtualChannel.data(16), VirtualChannel.data(16), VirtualChannel.data(16)), d.channels());
        assertEquals(new Pipeline(1, 1, 1, 2, 1), d.pipeline());
        assertEquals(LinkTiming.of(3), d.link());
        assertEquals(LinkTiming.of(3), d.terminalLink());
        assertEquals(CrossbarOrganisation.SHARED, d.crossbar());
        assertEquals(CrossbarOrganisation.VC_INPUTS, RouterDescription.of(classic(true)).crossbar());
        assertEquals(RouterDescription.ROUND_ROBIN, d.switchAllocator());
        assertEquals(InjectionQueues.SINGLE, d.injection());
        assertEquals(2.5, d.cycleNanoseconds());
        assertEquals(32, d.flitBytes());
    }

    @Test
    void eachWitherChangesItsComponentsAndKeepsEveryOther() throws ReflectiveOperationException {
        RouterDescription d = RouterDescription.of(classic(false));
        record Change(RouterDescription changed, List<String> components) {
        }
        List<Change> changes = List.of(
                new Change(d.withChannels(List.of(VirtualChannel.data(4))), List.of("channels")),
                new Change(d.withFlowControl(FlowControl.WORMHOLE), List.of("flowControl")),
                new Change(d.withPipeline(new Pipeline(2, 2, 2, 2, 2)), List.of("pipeline")),
                new Change(d.withLinks(LinkTiming.of(5), LinkTiming.of(7)), List.of("link", "terminalLink")),
                new Change(d.withCrossbar(CrossbarOrganisation.PER_VC), List.of("crossbar")),
                new Change(d.withAllocators(PartChoice.of("a"), PartChoice.of("b"), PartChoice.of("c")),
                        List.of("vcAllocator", "switchAllocator", "outputArbiter")),
                new Change(d.withInjection(InjectionQueues.PER_VC), List.of("injection")),
                new Change(d.withServiceLevels(List.of(2, 1, 0)), List.of("serviceLevels")),
                new Change(d.withInterleaving(OutputInterleaving.PACKETS), List.of("interleaving")));
        for (Change c : changes) {
            for (java.lang.reflect.RecordComponent rc : RouterDescription.class.getRecordComponents()) {
                Object before = rc.getAccessor().invoke(d);
                Object after = rc.getAccessor().invoke(c.changed());
                if (c.components().contains(rc.getName())) {
                    assertTrue(!before.equals(after), rc.getName() + " was to change");
                } else {
                    assertEquals(before, after, rc.getName() + " changed with " + c.components());
                }
            }
        }
        assertEquals(LinkTiming.of(5), changes.get(3).changed().link(), "router links first, terminal links second");
        assertEquals(PartChoice.of("b"), changes.get(5).changed().switchAllocator(), "vc, switch, output, in order");
    }

    @Test
    void withersChangeOneChoice() {
        RouterDescription d = RouterDescription.of(classic(false))
                .withChannels(List.of(VirtualChannel.data(8), new VirtualChannel("barrier", 2, 0)))
                .withAllocators(PartChoice.of("islip"), PartChoice.of("priority"), PartChoice.of("priority"))
                .withCrossbar(CrossbarOrganisation.PER_VC);
        assertEquals(2, d.vcs());
        assertEquals(8, d.maxBufferFlits());
        assertEquals(2, d.minBufferFlits());
        assertEquals("islip", d.vcAllocator().name());
        assertEquals(CrossbarOrganisation.PER_VC, d.crossbar());
        assertEquals(FlowControl.VIRTUAL_CUT_THROUGH, d.flowControl(), "the rest is kept");
    }

    @Test
    void sizesInBytesBecomeWholeFlitsOrAClearError() {
        assertEquals(256, RouterDescription.flits("buffer", 4096, 16));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RouterDescription.flits("buffer of VC 3", 100, 16));
        assertTrue(e.getMessage().contains("buffer of VC 3 = 100 bytes is not a whole number of 16-byte flits"), e.getMessage());
        assertTrue(e.getMessage().contains("96 or 112"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RouterDescription.flits("mtu", 0, 16));
    }

    @Test
    void linkBandwidthMustBeAWholeNumberOfCyclesPerFlit() {
        assertEquals(new LinkTiming(2, 4), LinkTiming.ofBandwidth(2, 0.25));
        assertEquals(new LinkTiming(1, 1), LinkTiming.ofBandwidth(1, 1.0));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LinkTiming.ofBandwidth(1, 0.4)).getMessage()
                .contains("2.5 cycles"));
        assertThrows(IllegalArgumentException.class, () -> LinkTiming.ofBandwidth(1, 2.0));
        assertThrows(IllegalArgumentException.class, () -> new LinkTiming(0, 1));
    }

    @Test
    void badDescriptionsNameWhatIsMissing() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RouterDescription.of(classic(false))
                .withChannels(List.of())).getMessage().contains("1..64 virtual channels"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new VirtualChannel("barrier", 0, 0))
                .getMessage().contains("bufferFlits = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RouterDescription.of(classic(false))
                .withCrossbar(null)).getMessage().contains("crossbar"));
    }

    @Test
    void aLatencyInNanosecondsIsRoundedToWholeCyclesOrRefused() {
        assertEquals(20, RouterDescription.cycles("switch", 130, 6.4)); // 20.3
        assertEquals(33, RouterDescription.cycles("switch", 130, 4.0)); // 32.5 rounds up
        assertEquals(0, RouterDescription.cycles("switch", 0, 6.4));
        assertEquals("switch = -1.0; use a latency >= 0 ns", assertThrows(IllegalArgumentException.class,
                () -> RouterDescription.cycles("switch", -1, 6.4)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RouterDescription.cycles("switch", Double.NaN, 6.4))
                .getMessage().startsWith("switch = NaN"));
        assertEquals("switch = 1.0E7 ns is 10000000 cycles of 1.0 ns; use a latency below 1,000,000 cycles",
                assertThrows(IllegalArgumentException.class, () -> RouterDescription.cycles("switch", 1e7, 1.0))
                        .getMessage());
    }
}
