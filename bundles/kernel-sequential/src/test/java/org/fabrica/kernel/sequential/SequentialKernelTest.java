package org.fabrica.kernel.sequential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.kernel.CycleModel;
import org.fabrica.kernel.KernelFactory;
import org.fabrica.kernel.RunControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.kernel.SimulationKernel;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class SequentialKernelTest {

    /** Counts cycles, records the order of calls, and is done after {@code length} cycles. */
    static final class CountingModel implements CycleModel {
        final long length;
        final List<String> calls = new ArrayList<>();
        long cycles;
        long expectedNext;

        CountingModel(long length, long first) {
            this.length = length;
            this.expectedNext = first;
        }

        @Override
        public void cycle(long now) {
            assertEquals(expectedNext, now, "cycles must be consecutive");
            expectedNext = now + 1;
            cycles++;
        }

        @Override
        public boolean done(long now) {
            return now + 1 >= length;
        }

        @Override
        public void atSafePoint(long nextCycle) {
            calls.add("safe@" + nextCycle);
        }
    }

    /** A control that checks every {@code interval} cycles and stops or asks for attention on a script. */
    static final class ScriptedControl implements RunControl {
        final long interval;
        final long attentionAt;
        final long stopAt;
        final List<Long> checkpoints = new ArrayList<>();
        long lastAttentionQuery = -1;
        long cyclesSeen;

        ScriptedControl(long interval, long attentionAt, long stopAt) {
            this.interval = interval;
            this.attentionAt = attentionAt;
            this.stopAt = stopAt;
        }

        @Override
        public boolean attention() {
            cyclesSeen++;
            return cyclesSeen - 1 == attentionAt;
        }

        @Override
        public boolean checkpoint(long nextCycle) {
            checkpoints.add(nextCycle);
            return nextCycle < stopAt;
        }

        @Override
        public long checkInterval() {
            return interval;
        }
    }

    private final SimulationKernel kernel = new SequentialKernelFactory()
            .create(Parameters.defaults(SequentialKernelParameters.class));

    @Test
    void runsUntilTheModelIsDoneAndReturnsTheNextCycle() {
        CountingModel model = new CountingModel(100, 0);
        ScriptedControl control = new ScriptedControl(32, -1, Long.MAX_VALUE);
        long next = kernel.run(model, 0, control);
        assertEquals(100, next);
        assertEquals(100, model.cycles);
        // a safe point before the first cycle, then every 32 cycles
        assertEquals(List.of(0L, 32L, 64L, 96L), control.checkpoints);
        assertEquals(List.of("safe@0", "safe@32", "safe@64", "safe@96"), model.calls);
    }

    @Test
    void stopsAtACheckpointWithoutSimulatingThatCycle() {
        CountingModel model = new CountingModel(1000, 0);
        ScriptedControl control = new ScriptedControl(10, -1, 40);
        long next = kernel.run(model, 0, control);
        assertEquals(40, next);
        assertEquals(40, model.cycles);
        assertEquals(List.of(0L, 10L, 20L, 30L, 40L), control.checkpoints);
    }

    @Test
    void attentionForcesACheckpointBetweenIntervals() {
        CountingModel model = new CountingModel(50, 0);
        // the 5th attention query (after cycle 4... i.e. before cycle 5) asks for attention
        ScriptedControl control = new ScriptedControl(100, 4, Long.MAX_VALUE);
        kernel.run(model, 0, control);
        assertEquals(List.of(0L, 5L), control.checkpoints);
        assertEquals(50, model.cycles);
    }

    @Test
    void resumesFromTheReturnedCycle() {
        CountingModel model = new CountingModel(30, 0);
        long next = kernel.run(model, 0, new ScriptedControl(8, -1, 16));
        assertEquals(16, next);
        long end = kernel.run(model, next, new ScriptedControl(8, -1, Long.MAX_VALUE));
        assertEquals(30, end);
        assertEquals(30, model.cycles);
    }

    @Test
    void aPausedCheckpointHoldsTheRunUntilResumed() throws Exception {
        CountingModel model = new CountingModel(60, 0);
        java.util.concurrent.CountDownLatch paused = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch resume = new java.util.concurrent.CountDownLatch(1);
        RunControl control = new RunControl() {
            private volatile boolean pauseRequested = true;
            private long seen;

            @Override
            public boolean attention() {
                // the pause takes effect between cycles 19 and 20
                return ++seen == 20 && pauseRequested;
            }

            @Override
            public boolean checkpoint(long nextCycle) {
                if (nextCycle == 20 && pauseRequested) {
                    pauseRequested = false;
                    paused.countDown();
                    try {
                        resume.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    }
                }
                return true;
            }

            @Override
            public long checkInterval() {
                return 1000;
            }
        };
        long[] result = new long[1];
        Thread runner = new Thread(() -> result[0] = kernel.run(model, 0, control));
        runner.start();
        assertEquals(true, paused.await(10, java.util.concurrent.TimeUnit.SECONDS));
        // while paused, no cycle runs: exactly the 20 before the pause
        assertEquals(20, model.cycles);
        assertEquals(List.of("safe@0", "safe@20"), model.calls);
        resume.countDown();
        runner.join(10_000);
        assertEquals(60, result[0]);
        assertEquals(60, model.cycles);
    }

    @Test
    void aModelFailurePropagates() {
        SimulationException failure = new SimulationException("broken at 3");
        CycleModel failing = new CycleModel() {
            @Override
            public void cycle(long now) {
                if (now == 3) {
                    throw failure;
                }
            }

            @Override
            public boolean done(long now) {
                return false;
            }
        };
        SimulationException thrown = assertThrows(SimulationException.class,
                () -> kernel.run(failing, 0, new ScriptedControl(1000, -1, Long.MAX_VALUE)));
        assertSame(failure, thrown);
    }

    @Test
    void factoryDeclaresItsParameterType() {
        KernelFactory<SequentialKernelParameters> factory = new SequentialKernelFactory();
        assertEquals(SequentialKernelParameters.class, factory.parameterType());
    }
}
