package org.fabrica.experiment.runner;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Manifest;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Test fixture: registers the provider components of the bundles on the test class path the way
 * Declarative Services would, from the component descriptions bnd wrote into each bundle
 * (Service-Component header, OSGI-INF/*.xml): implementation class, service properties. So the
 * tests use the real providers with their real names, without a framework.
 */
final class ClasspathComponents {
    private ClasspathComponents() {
    }

    /** A registry with every provider component and sweep executor found on the class path. */
    static ProviderRegistry registry() {
        ProviderRegistry r = new ProviderRegistry();
        for (Component c : find()) {
            try {
                Object service = Class.forName(c.implementation()).getDeclaredConstructor().newInstance();
                r.add(service, c.properties());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot create component " + c.implementation(), e);
            } catch (IllegalArgumentException e) {
                // not a provider factory (e.g. the runner's own components)
            }
        }
        return r;
    }

    record Component(String implementation, Map<String, Object> properties) {
    }

    static List<Component> find() {
        List<Component> out = new ArrayList<>();
        try {
            Enumeration<URL> manifests = ClasspathComponents.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
            while (manifests.hasMoreElements()) {
                URL mf = manifests.nextElement();
                Manifest m;
                try (InputStream in = mf.openStream()) {
                    m = new Manifest(in);
                }
                String header = m.getMainAttributes().getValue("Service-Component");
                if (header == null || header.isBlank()) {
                    continue;
                }
                String base = mf.toString().substring(0, mf.toString().length() - "META-INF/MANIFEST.MF".length());
                for (String path : header.split(",")) {
                    out.addAll(parse(new URL(base + path.trim())));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static List<Component> parse(URL xml) {
        List<Component> out = new ArrayList<>();
        try (InputStream in = xml.openStream()) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            Document d = f.newDocumentBuilder().parse(in);
            NodeList comps = d.getElementsByTagNameNS("*", "component");
            if (comps.getLength() == 0) {
                comps = d.getElementsByTagName("scr:component");
            }
            for (int i = 0; i < comps.getLength(); i++) {
                Element c = (Element) comps.item(i);
                if (c.getElementsByTagName("reference").getLength() > 0) {
                    continue; // needs other services: not a plain provider
                }
                Map<String, Object> props = new LinkedHashMap<>();
                NodeList ps = c.getElementsByTagName("property");
                for (int j = 0; j < ps.getLength(); j++) {
                    Element p = (Element) ps.item(j);
                    String type = p.getAttribute("type");
                    String value = p.getAttribute("value");
                    props.put(p.getAttribute("name"), "Integer".equals(type) ? (Object) Integer.valueOf(value) : value);
                }
                Element impl = (Element) c.getElementsByTagName("implementation").item(0);
                out.add(new Component(impl.getAttribute("class"), props));
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot read component description " + xml, e);
        }
        return out;
    }
}
