package org.fabrica.throttle.spth;

import java.util.Arrays;
import java.util.Locale;

/**
 * Speed probe (not a unit test; run its main): thread CPU seconds of one k x k run (default
 * 32x32) and wall seconds inside the throttle's per-cycle update, with no throttle, the
 * straightforward SPTh (reference) and the incremental SPTh, th(8), for a collective run (bitcomp and uniform, K = 10) and a steady uniform point; median of 3
 * samples after two warm-up runs (a collective sample is the total of 10 runs, one is too
 * short to time), and the outcome so the runs can be compared.
 *
 * <pre>
 * mvn -B -o -q dependency:build-classpath -Dmdep.outputFile=cp.txt
 * java -cp target/classes:target/test-classes:$(cat cp.txt) org.fabrica.throttle.spth.SpthProbe [k] [steadyCycles] [load] [mode]
 * </pre>
 */
public final class SpthProbe {
    public static void main(String[] args) {
        int k = args.length > 0 ? Integer.parseInt(args[0]) : 32;
        long steadyCycles = args.length > 1 ? Long.parseLong(args[1]) : 20_000;
        double load = args.length > 2 ? Double.parseDouble(args[2]) : 0.1;
        String only = args.length > 3 ? args[3] : "";
        for (String mode : new String[] {"collective-bitcomp", "collective-uniform", "steady-uniform"}) {
            if (!only.isEmpty() && !mode.equals(only)) {
                continue;
            }
            for (SpthRuns.Throttling t : SpthRuns.Throttling.values()) {
                SpthRuns runs = new SpthRuns();
                runs.k = k;
                runs.margin = 8;
                runs.throttling = t;
                runs.timeThrottle = true;
                runs.pattern = mode.endsWith("bitcomp") ? "bitcomp" : "uniform";
                runs.collective = mode.startsWith("collective") ? 10 : 0;
                runs.load = load;
                runs.maxCycles = runs.collective > 0 ? 2_000_000 : steadyCycles;
                runs.run(); // JIT warm-up
                runs.run();
                int reps = runs.collective > 0 ? 10 : 1;
                double[] cpu = new double[3];
                double[] inThrottle = new double[3];
                SpthRuns.Outcome o = null;
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < reps; j++) {
                        o = runs.run();
                        cpu[i] += o.cpuSeconds();
                        inThrottle[i] += o.throttleCycleSeconds();
                    }
                }
                double[] sorted = cpu.clone();
                Arrays.sort(sorted);
                double[] sortedThrottle = inThrottle.clone();
                Arrays.sort(sortedThrottle);
                System.out.printf(Locale.ROOT, "%s,%dx%d,%s,median-cpu-s=%.3f,median-throttle-cycle-s=%.3f,runs=%s,cycles=%d,delivered=%d,latencySum=%d,flitHops=%d%n",
                        mode, k, k, t.name().toLowerCase(), sorted[1], sortedThrottle[1], Arrays.toString(cpu), o.cycles(), o.delivered(),
                        o.latencySum(), o.flitHops());
            }
        }
    }
}
