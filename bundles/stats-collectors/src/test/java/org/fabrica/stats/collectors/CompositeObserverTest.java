package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.stats.NetworkObserver;
import org.junit.jupiter.api.Test;

class CompositeObserverTest {

    static final class Recorder implements NetworkObserver {
        final String name;
        final List<String> log;

        Recorder(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
            log.add(name + ":gen" + packet + "@" + cycle);
        }

        @Override
        public void packetInjected(long packet, int source, long cycle) {
            log.add(name + ":inj" + packet + "@" + cycle);
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created,
                long injected, long delivered, int hops) {
            log.add(name + ":del" + packet + "@" + delivered + "h" + hops);
        }

        @Override
        public void cycleEnd(long cycle) {
            log.add(name + ":end" + cycle);
        }
    }

    @Test
    void forwardsEveryEventToEveryObserverInOrder() {
        List<String> log = new ArrayList<>();
        NetworkObserver c = CompositeObserver.of(new Recorder("a", log), new Recorder("b", log));
        c.packetGenerated(7, 0, 1, 4, 10);
        c.packetInjected(7, 0, 11);
        c.packetDelivered(7, 0, 1, 4, 10, 11, 20, 3);
        c.cycleEnd(20);
        assertEquals(List.of("a:gen7@10", "b:gen7@10", "a:inj7@11", "b:inj7@11", "a:del7@20h3", "b:del7@20h3",
                "a:end20", "b:end20"), log);
    }

    @Test
    void singleObserverIsReturnedAsIsAndNullsAreRejected() {
        NetworkObserver o = new Recorder("x", new ArrayList<>());
        assertSame(o, CompositeObserver.of(o));
        assertThrows(IllegalArgumentException.class, () -> new CompositeObserver(o, null));
    }
}
