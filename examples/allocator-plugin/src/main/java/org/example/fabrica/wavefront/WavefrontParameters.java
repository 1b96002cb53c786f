package org.example.fabrica.wavefront;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of {@code wavefront}: none. The annotation type is still required: Fabrica reads its
 * Metatype definition for validation (any parameter given to {@code wavefront} is refused as
 * unknown), for {@code fabrica:help allocator wavefront} and for the documentation. To add a
 * parameter, add an element with an {@code @AttributeDefinition} and a Java default, and read it
 * in {@link WavefrontAllocatorFactory#create}.
 */
@ObjectClassDefinition(name = "wavefront", description = "Wavefront allocator: one pass over the diagonals of the"
        + " square request matrix, starting at a priority diagonal that moves by one every call")
public @interface WavefrontParameters {
}
