package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A plugin whose activation throws: Felix SCR's message as printed at launch (stack trace shortened). */
class ComponentLogStreamTest {
    static final String ACTIVATION_FAILED = "ERROR : bundle org.example.fabrica.boom:1.0.0.20261126135519 (53)"
            + "[org.example.fabrica.westfirst.WestFirstRoutingFactory(53)] : The activate method has thrown an exception\n"
            + "java.lang.IllegalStateException: licence file /opt/boom.lic not found\n"
            + "\tat org.example.fabrica.westfirst.WestFirstRoutingFactory.activate(WestFirstRoutingFactory.java:22)\n"
            + "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n"
            + "\tat org.apache.felix.scr.impl.inject.methods.BaseMethod.invokeMethod(BaseMethod.java:257)\n"
            + "\tat org.apache.felix.scr.impl.manager.SingleComponentManager.createComponent(SingleComponentManager.java:115)\n"
            + "\tat org.apache.felix.framework.Felix.startBundle(Felix.java:2363)\n"
            + "\tat java.base/java.lang.Thread.run(Thread.java:840)\n";
    static final String FOLLOW_UP = "WARN  : bundle org.fabrica.experiment.runner:0.1.0.SNAPSHOT (2)"
            + "[org.fabrica.experiment.runner.ProviderRegistry(3)] : Could not get service from ref [org.fabrica.routing.RoutingFactory]";

    private static String print(boolean whole, Object... messages) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ComponentLogStream err = new ComponentLogStream(bytes, null, whole)) {
            for (Object m : messages) {
                err.println(m); // SCR calls println(Object) with the whole message
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aFailedActivationIsOneLineNamingBundleComponentCauseAndFrame() {
        String out = print(false, ACTIVATION_FAILED, FOLLOW_UP);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.startsWith("fabrica: ERROR: bundle org.example.fabrica.boom 1.0.0.20261126135519, component "
                + "org.example.fabrica.westfirst.WestFirstRoutingFactory: The activate method has thrown an exception: "
                + "java.lang.IllegalStateException: licence file /opt/boom.lic not found (at "
                + "org.example.fabrica.westfirst.WestFirstRoutingFactory.activate(WestFirstRoutingFactory.java:22))"), out);
        assertTrue(out.contains("-Dfabrica.stackTraces=true"), out);
        assertFalse(out.contains("org.apache.felix"), out);
    }

    @Test
    void theRootCauseIsTheLastCausedBy() {
        String wrapped = "ERROR : bundle org.acme.x:1.0.0 (60)[org.acme.x.XFactory(61)] : The activate method has thrown an exception\n"
                + "java.lang.RuntimeException: setup failed\n"
                + "\tat org.acme.x.XFactory.activate(XFactory.java:10)\n"
                + "Caused by: java.io.FileNotFoundException: /opt/table.csv\n"
                + "\tat org.acme.x.Table.load(Table.java:5)\n"
                + "\t... 3 more\n";
        String out = print(false, wrapped);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.contains("component org.acme.x.XFactory: The activate method has thrown an exception: "
                + "java.io.FileNotFoundException: /opt/table.csv (at org.acme.x.Table.load(Table.java:5))"), out);
    }

    /** The consumer's side of a failed activation: it could not get the service, so it did not bind it. */
    @Test
    void theBindWarningAfterAFailedActivationIsLeftOut() {
        String bind = "WARN  : bundle org.fabrica.shell:0.1.0.SNAPSHOT (75)[org.fabrica.shell.FabricaCommands(12)] : "
                + "DependencyManager : invokeBindMethod : Service not available from service registry for "
                + "ServiceReference [org.fabrica.routing.RoutingFactory] for reference routings";
        assertEquals("", print(false, bind));
        assertTrue(print(true, bind).contains("invokeBindMethod"), "whole mode keeps it");
        String other = "WARN  : bundle org.acme.y:2.0.0 (70)[org.acme.y.Y(3)] : DependencyManager : something else";
        assertEquals(1, print(false, other).lines().count(), "other warnings stay");
    }

    @Test
    void aMessageWithoutComponentOrThrowableStaysAsItSays() {
        String out = print(false, "ERROR : bundle org.acme.y:2.0.0 (70) : Cannot read component descriptor OSGI-INF/y.xml");
        assertEquals("fabrica: ERROR: bundle org.acme.y 2.0.0: Cannot read component descriptor OSGI-INF/y.xml",
                out.strip());
    }

    @Test
    void onStandardOutputTheyGoToStandardErrorAndTheResultsStayClean() {
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        try (ComponentLogStream err = new ComponentLogStream(errBytes, null, false);
                ComponentLogStream out = new ComponentLogStream(outBytes, err, false)) {
            out.println("[{\"concept\":\"routing\"}]");
            // SCR prints warnings on standard output
            out.println((Object) "WARN  : bundle org.acme.z:1.0.0 (80)[org.acme.z.Z(81)] : Could not bind reference 'x'");
        }
        assertEquals("[{\"concept\":\"routing\"}]\n", outBytes.toString(StandardCharsets.UTF_8));
        assertEquals("fabrica: WARNING: bundle org.acme.z 1.0.0, component org.acme.z.Z: Could not bind reference 'x'\n",
                errBytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void otherTextPassesUnchangedAndWholeModeKeepsTheStackTrace() {
        assertEquals("fabrica: plugin x did not start\n", print(false, "fabrica: plugin x did not start"));
        String whole = print(true, ACTIVATION_FAILED, FOLLOW_UP);
        assertTrue(whole.contains("\tat org.apache.felix.framework.Felix.startBundle"), whole);
        assertTrue(whole.contains("Could not get service from ref"), whole);
    }
}
