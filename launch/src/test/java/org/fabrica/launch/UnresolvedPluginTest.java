package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the launcher says of a plugin in plugins/ that the framework cannot resolve (Felix's message as it is). */
class UnresolvedPluginTest {

    @Test
    void aMissingPackageImportIsSaidInWordsWithItsVersionRange() {
        String felix = "Unable to resolve org.example.fabrica.noimport [53](R 53.0): missing requirement "
                + "[org.example.fabrica.noimport [53](R 53.0)] osgi.wiring.package; "
                + "(&(osgi.wiring.package=org.fabrica.routing)(version>=9.0.0)(!(version>=10.0.0))) Unresolved requirements: "
                + "[[org.example.fabrica.noimport [53](R 53.0)] osgi.wiring.package; "
                + "(&(osgi.wiring.package=org.fabrica.routing)(version>=9.0.0)(!(version>=10.0.0)))]";
        assertEquals("it imports package org.fabrica.routing version [9.0.0,10.0.0), which no bundle of this launcher exports",
                Launcher.unresolvedRequirement(felix));
    }

    @Test
    void anImportWithoutVersionAndOtherRequirementsStayReadable() {
        assertEquals("it imports package org.acme.util, which no bundle of this launcher exports",
                Launcher.unresolvedRequirement("Unable to resolve a [9](R 9.0): missing requirement [a [9](R 9.0)] "
                        + "osgi.wiring.package; (osgi.wiring.package=org.acme.util) Unresolved requirements: [...]"));
        assertEquals("missing requirement osgi.ee; (&(osgi.ee=JavaSE)(version=21))",
                Launcher.unresolvedRequirement("Unable to resolve a [9](R 9.0): missing requirement [a [9](R 9.0)] "
                        + "osgi.ee; (&(osgi.ee=JavaSE)(version=21)) Unresolved requirements: [...]"));
    }
}
