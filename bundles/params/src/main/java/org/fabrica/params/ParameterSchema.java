package org.fabrica.params;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The parameters of a provider: names, types and defaults from its annotation type, and
 * descriptions, ranges and options from the Metatype XML that bnd generates from the same type's
 * {@code @ObjectClassDefinition}/{@code @AttributeDefinition} annotations
 * ({@code OSGI-INF/metatype/<type name>.xml} in the provider's bundle). The annotation type is the
 * single source; nothing here is written twice.
 *
 * @param id the OCD id (the type's name)
 * @param name the OCD name
 * @param description the OCD description
 * @param parameters the parameters in declaration order of the Metatype file (else by name)
 */
public record ParameterSchema(String id, String name, String description, List<ParameterDescriptor> parameters) {

    private static final Map<Class<?>, ParameterSchema> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

    /** Reads the schema of a parameter type. */
    public static ParameterSchema of(Class<?> type) {
        return CACHE.computeIfAbsent(type, ParameterSchema::read);
    }

    /** The descriptor of a parameter, or null. */
    public ParameterDescriptor parameter(String parameterName) {
        for (ParameterDescriptor d : parameters) {
            if (d.name().equals(parameterName)) {
                return d;
            }
        }
        return null;
    }

    /** Parameter names. */
    public List<String> names() {
        return parameters.stream().map(ParameterDescriptor::name).toList();
    }

    private static ParameterSchema read(Class<?> type) {
        Map<String, Method> methods = attributeMethods(type);
        Map<String, Element> ads = new HashMap<>();
        List<String> order = new ArrayList<>();
        String ocdName = type.getSimpleName();
        String ocdDescription = "";
        Element ocd = metatype(type);
        if (ocd != null) {
            ocdName = ocd.getAttribute("name").isEmpty() ? ocdName : ocd.getAttribute("name");
            ocdDescription = ocd.getAttribute("description");
            NodeList list = ocd.getElementsByTagName("AD");
            for (int i = 0; i < list.getLength(); i++) {
                Element ad = (Element) list.item(i);
                ads.put(ad.getAttribute("id"), ad);
                order.add(ad.getAttribute("id"));
            }
        }
        for (String n : methods.keySet()) {
            if (!order.contains(n)) {
                order.add(n);
            }
        }
        List<ParameterDescriptor> out = new ArrayList<>();
        for (String n : order) {
            Method m = methods.get(n);
            if (m == null) {
                continue;
            }
            Element ad = ads.get(n);
            Class<?> rt = m.getReturnType();
            List<String> options = new ArrayList<>();
            if (rt.isEnum()) {
                for (Object c : rt.getEnumConstants()) {
                    options.add(Parameters.enumName((Enum<?>) c));
                }
            } else if (ad != null) {
                NodeList ol = ad.getElementsByTagName("Option");
                for (int i = 0; i < ol.getLength(); i++) {
                    options.add(((Element) ol.item(i)).getAttribute("value"));
                }
            }
            Object def = m.getDefaultValue();
            if (def instanceof Enum<?> e) {
                def = Parameters.enumName(e);
            }
            out.add(new ParameterDescriptor(n, typeName(rt), def,
                    ad == null ? null : number(ad.getAttribute("min")),
                    ad == null ? null : number(ad.getAttribute("max")),
                    ad == null ? "" : ad.getAttribute("description"), List.copyOf(options)));
        }
        return new ParameterSchema(type.getName(), ocdName, ocdDescription, List.copyOf(out));
    }

    static Map<String, Method> attributeMethods(Class<?> type) {
        Map<String, Method> map = new LinkedHashMap<>();
        Method[] ms = type.getDeclaredMethods();
        Arrays.sort(ms, Comparator.comparing(Method::getName));
        for (Method m : ms) {
            if (m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()
                    && m.getReturnType() != void.class) {
                map.put(Parameters.attributeName(m.getName()), m);
            }
        }
        return map;
    }

    private static String typeName(Class<?> c) {
        return c.isArray() ? typeName(c.getComponentType()) + "[]" : c.getSimpleName();
    }

    private static Double number(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            return Double.valueOf(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Element metatype(Class<?> type) {
        ClassLoader cl = type.getClassLoader();
        if (cl == null) {
            return null;
        }
        URL url = cl.getResource("OSGI-INF/metatype/" + type.getName() + ".xml");
        if (url == null) {
            return null;
        }
        try (InputStream in = url.openStream()) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(false);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = f.newDocumentBuilder().parse(in);
            NodeList ocds = doc.getElementsByTagName("OCD");
            for (int i = 0; i < ocds.getLength(); i++) {
                Element e = (Element) ocds.item(i);
                if (type.getName().equals(e.getAttribute("id"))) {
                    return e;
                }
            }
            return ocds.getLength() > 0 ? (Element) ocds.item(0) : null;
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("Unreadable Metatype definition " + url + ": " + e.getMessage(), e);
        }
    }
}
