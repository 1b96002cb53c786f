package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.osgi.framework.Bundle;
import org.osgi.framework.dto.BundleDTO;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.component.runtime.dto.UnsatisfiedReferenceDTO;
import org.osgi.util.promise.Promise;
import org.junit.jupiter.api.Test;

/**
 * A provider whose component is installed but not in service is reported as such, with Declarative
 * Services' reason, instead of as an unknown name.
 */
class ComponentFailureTest {

    /** Declarative Services' introspection, as it reports one component in one state. */
    private static final class OneComponent implements ServiceComponentRuntime {
        final ComponentDescriptionDTO description = new ComponentDescriptionDTO();
        final ComponentConfigurationDTO configuration = new ComponentConfigurationDTO();

        OneComponent(String name, String service, int state) {
            description.name = "org.example.WavefrontAllocatorFactory";
            description.serviceInterfaces = new String[] {service};
            description.properties = Map.of("fabrica.name", name);
            description.bundle = new BundleDTO();
            description.bundle.symbolicName = "org.example.wavefront";
            description.bundle.version = "1.0.0";
            configuration.state = state;
            configuration.failure = "java.lang.IllegalStateException: licence file wavefront.lic not found\n\tat x.y(Z.java:1)";
            UnsatisfiedReferenceDTO missing = new UnsatisfiedReferenceDTO();
            missing.name = "licenceServer";
            missing.target = "(objectClass=org.example.Licences)";
            configuration.unsatisfiedReferences = new UnsatisfiedReferenceDTO[] {missing};
        }

        @Override
        public Collection<ComponentDescriptionDTO> getComponentDescriptionDTOs(Bundle... bundles) {
            return List.of(description);
        }

        @Override
        public ComponentDescriptionDTO getComponentDescriptionDTO(Bundle bundle, String name) {
            return description;
        }

        @Override
        public Collection<ComponentConfigurationDTO> getComponentConfigurationDTOs(ComponentDescriptionDTO d) {
            return List.of(configuration);
        }

        @Override
        public boolean isComponentEnabled(ComponentDescriptionDTO d) {
            return true;
        }

        @Override
        public Promise<Void> enableComponent(ComponentDescriptionDTO d) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Promise<Void> disableComponent(ComponentDescriptionDTO d) {
            throw new UnsupportedOperationException();
        }
    }

    private static String refusal(ServiceComponentRuntime runtime, String concept, String name) {
        ProviderRegistry r = new ProviderRegistry();
        r.componentRuntime = runtime;
        return assertThrows(ExperimentException.class, () -> r.resolve(concept, name)).getMessage();
    }

    @Test
    void anActivationThatThrewIsNamedWithItsBundleAndReason() {
        String m = refusal(new OneComponent("wavefront", "org.fabrica.router.AllocatorFactory",
                ComponentConfigurationDTO.FAILED_ACTIVATION), "allocator", "wavefront");
        assertContains(m, "allocator 'wavefront' is installed but failed to start: component "
                + "org.example.WavefrontAllocatorFactory of bundle org.example.wavefront 1.0.0 threw when activated: "
                + "java.lang.IllegalStateException: licence file wavefront.lic not found; fix the plugin");
    }

    @Test
    void aMissingReferenceIsNamed() {
        String m = refusal(new OneComponent("wavefront", "org.fabrica.router.AllocatorFactory",
                ComponentConfigurationDTO.UNSATISFIED_REFERENCE), "allocator", "wavefront");
        assertContains(m, "waits for services it references: licenceServer ((objectClass=org.example.Licences))");
    }

    @Test
    void anotherConceptOrNameIsStillUnknownWithSuggestions() {
        OneComponent failed = new OneComponent("wavefront", "org.fabrica.router.AllocatorFactory",
                ComponentConfigurationDTO.FAILED_ACTIVATION);
        assertContains(refusal(failed, "routing", "wavefront"), "unknown routing 'wavefront'");
        assertContains(refusal(failed, "allocator", "wavefrnt"), "unknown allocator 'wavefrnt'");
    }
}
