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
 * The runner outside a framework (unit tests of every bundle, embedding): registers the provider
 * components of the bundles on the class path the way Declarative Services would, from the
 * component descriptions bnd wrote into each bundle (Service-Component header, OSGI-INF/*.xml):
 * implementation class, service properties. A component that references services (a study mode of
 * another bundle takes the runner's {@link org.fabrica.experiment.study.PacketStudies} or
 * {@link org.fabrica.experiment.study.ComputedStudies}) is created with its constructor's
 * arguments found among the components created before it. So tests use the real providers with
 * their real names, without a framework.
 */
public final class ClasspathProviders {
    private ClasspathProviders() {
    }

    /** A registry with every provider component, study mode and sweep executor found on the class path. */
    public static ProviderRegistry registry() {
        ProviderRegistry r = new ProviderRegistry();
        List<Object> created = new ArrayList<>();
        List<Component> referencing = new ArrayList<>();
        for (Component c : find()) {
            if (c.references()) {
                referencing.add(c);
                continue;
            }
            try {
                Object service = Class.forName(c.implementation()).getDeclaredConstructor().newInstance();
                created.add(service);
                register(r, service, c);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot create component " + c.implementation(), e);
            }
        }
        for (Component c : referencing) {
            Object service = withReferences(c, created);
            if (service != null) {
                created.add(service);
                register(r, service, c);
            }
        }
        return r;
    }

    private static void register(ProviderRegistry r, Object service, Component c) {
        try {
            r.add(service, c.properties());
        } catch (IllegalArgumentException e) {
            // not a provider (e.g. the runner's own services)
        }
    }

    /** The component created with the public constructor whose arguments are all among {@code created}, or null. */
    private static Object withReferences(Component c, List<Object> created) {
        try {
            for (java.lang.reflect.Constructor<?> k : Class.forName(c.implementation()).getConstructors()) {
                Object[] args = new Object[k.getParameterCount()];
                boolean found = args.length > 0;
                for (int i = 0; i < args.length && found; i++) {
                    Class<?> type = k.getParameterTypes()[i];
                    args[i] = created.stream().filter(type::isInstance).findFirst().orElse(null);
                    found = args[i] != null;
                }
                if (found) {
                    return k.newInstance(args);
                }
            }
            return null; // needs services a framework provides (e.g. the shell's)
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create component " + c.implementation(), e);
        }
    }

    record Component(String implementation, Map<String, Object> properties, boolean references) {
    }

    static List<Component> find() {
        List<Component> out = new ArrayList<>();
        try {
            Enumeration<URL> manifests = ClasspathProviders.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
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
                boolean references = c.getElementsByTagName("reference").getLength() > 0;
                Map<String, Object> props = new LinkedHashMap<>();
                NodeList ps = c.getElementsByTagName("property");
                for (int j = 0; j < ps.getLength(); j++) {
                    Element p = (Element) ps.item(j);
                    String type = p.getAttribute("type");
                    String value = p.getAttribute("value");
                    props.put(p.getAttribute("name"), "Integer".equals(type) ? (Object) Integer.valueOf(value) : value);
                }
                Element impl = (Element) c.getElementsByTagName("implementation").item(0);
                out.add(new Component(impl.getAttribute("class"), props, references));
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot read component description " + xml, e);
        }
        return out;
    }
}
