package org.fabrica.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Random;

/** Free TCP ports on loopback for tests that start cluster members or launchers. */
public final class LoopbackPorts {
    private LoopbackPorts() {
    }

    /**
     * A base port with {@code n} + 2 free ports from it on, chosen at random between 20,000 and
     * 50,000 (free when looked at: another process may still take one before the test binds it).
     */
    public static int freeBase(int n) {
        Random rnd = new Random();
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = 20_000 + rnd.nextInt(30_000);
            boolean free = true;
            for (int p = base; p < base + n + 2 && free; p++) {
                try (ServerSocket s = new ServerSocket(p, 1, InetAddress.getLoopbackAddress())) {
                    s.setReuseAddress(true);
                } catch (IOException e) {
                    free = false;
                }
            }
            if (free) {
                return base;
            }
        }
        throw new IllegalStateException("no free ports on loopback");
    }
}
