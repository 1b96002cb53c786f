package org.fabrica.kernel.sequential;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The sequential kernel has no parameters: it runs the model's cycles one after the other on the calling thread. */
@ObjectClassDefinition(name = "Sequential kernel",
        description = "Single-threaded cycle loop; pauses, steps and stops between cycles.")
public @interface SequentialKernelParameters {
}
