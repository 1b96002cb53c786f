package org.fabrica.throttle.none;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.params.Parameters;
import org.fabrica.routing.PacketView;
import org.fabrica.throttle.Throttle;
import org.junit.jupiter.api.Test;

class NoThrottleTest {
    @Test
    void admitsEverythingAndSaysSo() {
        Throttle t = new NoThrottleFactory().create(null, Parameters.defaults(NoThrottleParameters.class));
        assertTrue(t.inactive());
        PacketView p = new PacketView() {
            public long id() {
                return 1;
            }

            public int source() {
                return 0;
            }

            public int destination() {
                return 3;
            }

            public int length() {
                return 8;
            }

            public long created() {
                return 0;
            }

            public int routingState() {
                return 0;
            }

            public void routingState(int state) {
            }
        };
        for (long now = 0; now < 100; now++) {
            t.cycle(now);
            for (int port = 0; port < 5; port++) {
                assertTrue(t.admit((int) now % 16, port, port % 3, p, now));
            }
        }
    }
}
