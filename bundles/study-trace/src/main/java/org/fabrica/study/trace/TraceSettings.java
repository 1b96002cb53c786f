package org.fabrica.study.trace;

import org.fabrica.traffic.trace.ReplayParameters;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * The optional scalar keys of mode {@code trace} ({@link TraceStudy#settingsType()}), by key path:
 * how the traces are replayed. Their defaults are read from here ({@link TraceSpec}), and
 * {@code fabrica help mode trace} lists them.
 */
@ObjectClassDefinition(name = "trace", description = "One point per workload x scheme x seed: the workload's"
        + " trace (a file, an OTF2 archive or a generator) replayed with MPI semantics until every rank finishes."
        + " 'workloads' is required (a list of {label, trace or generate, copies, mapping}); 'collective' gives"
        + " the engine and root policy of hardware barriers or broadcasts")
public @interface TraceSettings {
    @AttributeDefinition(min = "0", max = "16777216", description = "payload bytes per packet; 0: the hardware"
            + " model's maximum payload (required when it has no packet format)")
    int replay_packetBytes() default 0;

    @AttributeDefinition(min = "0", max = "1099511627776", description = "messages up to this many bytes are sent"
            + " eagerly; larger ones by rendezvous")
    long replay_eagerBytes() default ReplayParameters.DEFAULT_EAGER_BYTES;

    @AttributeDefinition(min = "0", max = "1000000", description = "factor on every traced compute duration (0: no"
            + " compute; 1: as traced)")
    double replay_computeScale() default 1.0;

    @AttributeDefinition(options = {@Option(value = "software"), @Option(value = "hardware")}, description = "software:"
            + " barriers as dissemination over messages; hardware: the network's collective engine")
    String replay_barriers() default "software";

    @AttributeDefinition(options = {@Option(value = "software"), @Option(value = "hardware")}, description = "software:"
            + " broadcasts as binomial trees of messages; hardware: the network's collective engine (not with"
            + " hardware barriers)")
    String replay_broadcasts() default "software";
}
