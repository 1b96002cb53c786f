package org.fabrica.experiment.runner;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.wiring.FrameworkWiring;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Providers that the launcher has but did not start: their bundle is installed and not active,
 * usually because its feature was left out of {@code ./fabrica --features ...}. An experiment that
 * names one gets the bundle and the features that would start it instead of "unknown".
 *
 * <p>A bundle that is not active has no services, and Declarative Services has not read it; its
 * component descriptions ({@code Service-Component} header) are read here, as SCR would.
 */
final class DormantProviders {
    /** Framework property set by the launcher: {@code feature:bsn,bsn;feature:bsn,...}. */
    static final String FEATURES_PROPERTY = "fabrica.features";
    /** Framework property set by the launcher: the features named with --features, empty for all. */
    static final String SELECTED_FEATURES_PROPERTY = "fabrica.features.selected";

    private DormantProviders() {
    }

    /**
     * Why {@code name} of {@code concept} is not available although a bundle of this framework
     * provides it, or null when no installed bundle does.
     *
     * @param ofConcept whether a service interface (by name) is the concept's
     */
    static String explain(BundleContext context, Predicate<String> ofConcept, String concept, String name) {
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getState() == Bundle.ACTIVE || bundle.getState() == Bundle.STARTING
                    || !provides(bundle, ofConcept, name)) {
                continue;
            }
            return message(concept, name, bundle.getSymbolicName(), bundle.getBundleId(), unresolvedBecause(context, bundle),
                    context.getProperty(FEATURES_PROPERTY), context.getProperty(SELECTED_FEATURES_PROPERTY));
        }
        return null;
    }

    /**
     * The message for a provider of bundle {@code bsn} that is not started.
     *
     * @param id the bundle's id (what the shell's bundle commands take)
     * @param unresolved what the framework cannot resolve in the bundle, or null when it can
     * @param membership {@link #FEATURES_PROPERTY}, or null outside the launcher
     * @param selected {@link #SELECTED_FEATURES_PROPERTY}, or null
     */
    static String message(String concept, String name, String bsn, long id, String unresolved, String membership,
            String selected) {
        String head = concept + " '" + name + "' is provided by bundle " + bsn + ", which is installed but not started";
        List<String> features = featuresOf(bsn, membership);
        boolean someSelected = selected != null && !selected.isBlank();
        if (!features.isEmpty() && someSelected && features.stream().noneMatch(f -> List.of(selected.split(",")).contains(f))) {
            return head + ": it belongs to feature " + String.join(" or ", features) + " (features/" + features.get(0)
                    + ".json), and this launcher was started with --features " + selected + "; add it, e.g. ./fabrica "
                    + "--features " + selected + "," + features.get(0) + " ..., or leave out --features to start every feature";
        }
        if (unresolved != null) {
            return head + ": it cannot be resolved: " + unresolved + " (bundle " + id + " in ./fabrica shell); rebuild "
                    + "it against this Fabrica's APIs, or add the bundle that provides what it misses";
        }
        return head + " (stopped by hand, or its start failed: see the launcher's messages; in ./fabrica shell, "
                + "'start " + id + "' starts it)";
    }

    /**
     * What the framework misses to resolve an installed bundle, or null when it resolves (or already is).
     * The framework's account of it comes with a start that fails; a bundle that resolves is not started.
     */
    private static String unresolvedBecause(BundleContext context, Bundle bundle) {
        if (bundle.getState() != Bundle.INSTALLED
                || context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(List.of(bundle))) {
            return null;
        }
        try {
            bundle.start(Bundle.START_TRANSIENT);
            return null;
        } catch (BundleException e) {
            return unresolvedRequirement(e.getMessage());
        } catch (RuntimeException e) {
            return "(the framework gave no reason: " + e.getMessage() + ")";
        }
    }

    private static final Pattern PACKAGE_REQUIREMENT = Pattern.compile("osgi\\.wiring\\.package; \\(&?\\(?osgi\\.wiring"
            + "\\.package=([^)]+)\\)(?:\\(version>=([^)]+)\\))?(?:\\(!\\(version>=([^)]+)\\)\\))?.*");

    /**
     * The missing requirement of Felix's "Unable to resolve ... missing requirement [...] osgi.wiring.package;
     * (filter) Unresolved requirements: ...", in words for a package import. The launcher words its report
     * of an unresolvable plugin at start-up the same way (it runs outside the framework: no class is shared).
     */
    static String unresolvedRequirement(String felixMessage) {
        if (felixMessage == null) {
            return "(the framework gave no reason)";
        }
        String m = felixMessage;
        int at = m.indexOf("missing requirement [");
        if (at < 0) {
            return m.strip();
        }
        m = m.substring(m.indexOf("] ", at) + 2);
        int end = m.indexOf(" Unresolved requirements:");
        m = (end >= 0 ? m.substring(0, end) : m).strip();
        Matcher p = PACKAGE_REQUIREMENT.matcher(m);
        if (p.matches()) {
            String range = p.group(2) == null ? "" : " version " + (p.group(3) == null ? p.group(2) + " or later"
                    : "[" + p.group(2) + "," + p.group(3) + ")");
            return "it imports package " + p.group(1) + range + ", which no installed bundle exports";
        }
        return "missing requirement " + m;
    }

    /** The features whose bundle list has {@code bsn}, in the property's order. */
    static List<String> featuresOf(String bsn, String membership) {
        List<String> out = new ArrayList<>();
        if (membership == null) {
            return out;
        }
        for (String entry : membership.split(";")) {
            int colon = entry.indexOf(':');
            if (colon > 0 && List.of(entry.substring(colon + 1).split(",")).contains(bsn)) {
                out.add(entry.substring(0, colon));
            }
        }
        return out;
    }

    /** Whether one of the bundle's component descriptions registers a service of the concept named {@code name}. */
    private static boolean provides(Bundle bundle, Predicate<String> ofConcept, String name) {
        String header = bundle.getHeaders("").get("Service-Component");
        if (header == null || header.isBlank()) {
            return false;
        }
        for (String path : header.split(",")) {
            String p = path.strip();
            if (p.isEmpty() || p.contains("*")) {
                continue; // bnd lists each file; a wildcard is not worth resolving for a hint
            }
            URL url = bundle.getEntry(p);
            if (url == null) {
                continue;
            }
            try (InputStream in = url.openStream()) {
                for (Map.Entry<String, List<String>> e : componentsOf(in).entrySet()) {
                    if (e.getValue().contains(name) && ofConcept.test(e.getKey())) {
                        return true;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable description: SCR will say so if the bundle starts
            }
        }
        return false;
    }

    /** Service interface to the {@value ProviderFactory#NAME_PROPERTY} values of the components in one description. */
    static Map<String, List<String>> componentsOf(InputStream xml) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            doc = f.newDocumentBuilder().parse(xml);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(e.getMessage(), e);
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        NodeList components = doc.getElementsByTagNameNS("*", "component");
        for (int i = 0; i < components.getLength(); i++) {
            Element component = (Element) components.item(i);
            String providerName = null;
            NodeList properties = component.getElementsByTagNameNS("*", "property");
            for (int j = 0; j < properties.getLength(); j++) {
                Element property = (Element) properties.item(j);
                if (ProviderFactory.NAME_PROPERTY.equals(property.getAttribute("name"))) {
                    providerName = property.hasAttribute("value") ? property.getAttribute("value")
                            : property.getTextContent().strip();
                }
            }
            if (providerName == null) {
                continue;
            }
            NodeList provides = component.getElementsByTagNameNS("*", "provide");
            for (int j = 0; j < provides.getLength(); j++) {
                out.computeIfAbsent(((Element) provides.item(j)).getAttribute("interface"), k -> new ArrayList<>())
                        .add(providerName);
            }
        }
        return out;
    }
}
