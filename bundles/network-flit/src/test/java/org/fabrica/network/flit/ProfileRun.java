package org.fabrica.network.flit;

/** Runs one configuration for a while (for profiling): k vcs buffer load cycles. */
public final class ProfileRun {
    public static void main(String[] args) {
        int k = Integer.parseInt(args[0]);
        int vcs = Integer.parseInt(args[1]);
        int buffer = Integer.parseInt(args[2]);
        double load = Double.parseDouble(args[3]);
        long cycles = Long.parseLong(args[4]);
        for (int i = 0; i < 3; i++) {
            SpeedProbe.Result r = SpeedProbe.run(k, vcs, buffer, load, cycles, cycles / 5);
            System.out.println(r);
        }
    }
}
