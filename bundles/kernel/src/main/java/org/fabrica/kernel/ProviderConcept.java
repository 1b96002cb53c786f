package org.fabrica.kernel;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a concept on its service interface, in the concept's API bundle: its name (what
 * experiment files, {@code fabrica help} and the catalogue call it) and where catalogues list it. A
 * provider is a service registered under such an interface with {@link ProviderFactory#NAME_PROPERTY};
 * the registry of providers reads the concept from the interface and holds no list of concepts, so a
 * new concept is a new API bundle with one annotated interface, and its providers need nothing more.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ProviderConcept {
    /** The concept's name, e.g. {@code routing}. */
    String value();

    /** Where catalogues list the concept: ascending, then by name (a concept that says nothing comes last). */
    int order() default Integer.MAX_VALUE;

    /**
     * Whether catalogues ({@code fabrica algorithms}, the model reference) list the concept's
     * providers; false for services that are not part of a model (e.g. sweep executors).
     */
    boolean listed() default true;
}
