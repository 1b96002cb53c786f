package org.fabrica.params;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Binds a map of parameter values (from an experiment file) to a provider's Metatype-annotated
 * annotation type. Missing values take the annotation's defaults; unknown names, wrong types and
 * values outside the Metatype range are rejected with a message that names the valid choices.
 */
public final class Parameters {
    private Parameters() {
    }

    /** An instance of {@code type} with every value at its default. */
    public static <A> A defaults(Class<A> type) {
        return bind(type, Map.of());
    }

    /**
     * Binds {@code values} to {@code type}.
     *
     * @param context prefix for messages, e.g. {@code routing 'dor'}
     * @throws ParameterException on unknown names, wrong types, out-of-range values, missing required values
     */
    public static <A> A bind(Class<A> type, Map<String, ?> values, String context) {
        if (!type.isInterface()) {
            throw new IllegalArgumentException(type.getName() + " is not an annotation or interface type");
        }
        ParameterSchema schema = ParameterSchema.of(type);
        Map<String, Method> methods = ParameterSchema.attributeMethods(type);
        for (String key : values.keySet()) {
            if (!methods.containsKey(key)) {
                throw new ParameterException(prefix(context) + "unknown parameter '" + key + "'"
                        + Suggestions.hint(key, methods.keySet()));
            }
        }
        Map<String, Object> resolved = new LinkedHashMap<>();
        for (Map.Entry<String, Method> e : methods.entrySet()) {
            String name = e.getKey();
            Method m = e.getValue();
            Object raw = values.containsKey(name) ? values.get(name) : m.getDefaultValue();
            if (raw == null) {
                throw new ParameterException(prefix(context) + "parameter '" + name + "' is required and has no default; set it, e.g. "
                        + name + ": <" + m.getReturnType().getSimpleName() + ">");
            }
            Object v = convert(raw, m.getReturnType(), name, context);
            ParameterDescriptor d = schema.parameter(name);
            if (d != null) {
                checkRange(v, d, context);
            }
            resolved.put(name, v);
        }
        Map<String, Object> frozen = java.util.Collections.unmodifiableMap(resolved);
        Object proxy = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, method, args) -> {
            String mn = method.getName();
            if (method.getParameterCount() == 0) {
                switch (mn) {
                    case "toString":
                        return type.getSimpleName() + frozen;
                    case "hashCode":
                        return frozen.hashCode();
                    case "annotationType":
                        return type;
                    default:
                        String key = attributeName(mn);
                        if (frozen.containsKey(key)) {
                            Object v = frozen.get(key);
                            return v.getClass().isArray() ? copyArray(v) : v;
                        }
                }
            }
            if (mn.equals("equals") && method.getParameterCount() == 1) {
                return p == args[0];
            }
            throw new UnsupportedOperationException(method.toString());
        });
        return type.cast(proxy);
    }

    /** {@link #bind(Class, Map, String)} without a message prefix. */
    public static <A> A bind(Class<A> type, Map<String, ?> values) {
        return bind(type, values, null);
    }

    /** The values of a bound instance by attribute name (for provenance records). */
    public static Map<String, Object> values(Object bound, Class<?> type) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Method> e : ParameterSchema.attributeMethods(type).entrySet()) {
            try {
                Object v = e.getValue().invoke(bound);
                if (v instanceof Enum<?> en) {
                    v = enumName(en);
                } else if (v != null && v.getClass().isArray()) {
                    List<Object> l = new ArrayList<>();
                    for (int i = 0; i < Array.getLength(v); i++) {
                        l.add(Array.get(v, i));
                    }
                    v = l;
                }
                out.put(e.getKey(), v);
            } catch (ReflectiveOperationException ex) {
                throw new IllegalStateException(ex);
            }
        }
        return out;
    }

    /** OSGi component property naming: {@code a_b} is attribute {@code a.b}, {@code $$} is {@code $}. */
    static String attributeName(String methodName) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < methodName.length(); i++) {
            char c = methodName.charAt(i);
            if (c == '$') {
                if (i + 1 < methodName.length() && methodName.charAt(i + 1) == '$') {
                    sb.append('$');
                    i++;
                }
            } else if (c == '_') {
                if (i + 1 < methodName.length() && methodName.charAt(i + 1) == '_') {
                    sb.append('_');
                    i++;
                } else {
                    sb.append('.');
                }
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Experiment-file spelling of an enum constant: lower case with hyphens ({@code TWO_PER_RING} is {@code two-per-ring}). */
    public static String enumName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String prefix(String context) {
        return context == null ? "" : context + ": ";
    }

    private static Object copyArray(Object a) {
        int n = Array.getLength(a);
        Object c = Array.newInstance(a.getClass().getComponentType(), n);
        System.arraycopy(a, 0, c, 0, n);
        return c;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object convert(Object raw, Class<?> t, String name, String context) {
        try {
            if (t.isArray()) {
                Collection<?> items = raw instanceof Collection<?> c ? c
                        : raw.getClass().isArray() ? arrayToList(raw) : List.of(raw);
                Object arr = Array.newInstance(t.getComponentType(), items.size());
                int i = 0;
                for (Object o : items) {
                    Array.set(arr, i++, convert(o, t.getComponentType(), name, context));
                }
                return arr;
            }
            if (t == String.class) {
                if (raw instanceof Map || raw instanceof Collection) {
                    throw bad(name, raw, "a text value", context);
                }
                return raw.toString();
            }
            if (t == boolean.class || t == Boolean.class) {
                if (raw instanceof Boolean b) {
                    return b;
                }
                String s = raw.toString().trim().toLowerCase(Locale.ROOT);
                if (s.equals("true") || s.equals("false")) {
                    return Boolean.valueOf(s);
                }
                throw bad(name, raw, "true or false", context);
            }
            if (t == int.class || t == Integer.class || t == long.class || t == Long.class) {
                double d = raw instanceof Number n ? n.doubleValue() : Double.parseDouble(raw.toString().trim());
                if (d != Math.rint(d) || Double.isInfinite(d)) {
                    throw bad(name, raw, "a whole number", context);
                }
                if (t == int.class || t == Integer.class) {
                    if (d > Integer.MAX_VALUE || d < Integer.MIN_VALUE) {
                        throw bad(name, raw, "a whole number within int range", context);
                    }
                    return (int) d;
                }
                return raw instanceof Long l ? l : (long) d;
            }
            if (t == double.class || t == Double.class || t == float.class || t == Float.class) {
                double d = raw instanceof Number n ? n.doubleValue() : Double.parseDouble(raw.toString().trim());
                if (Double.isNaN(d)) {
                    throw bad(name, raw, "a number", context);
                }
                return t == float.class || t == Float.class ? (Object) (float) d : (Object) d;
            }
            if (t.isEnum()) {
                if (t.isInstance(raw)) {
                    return raw;
                }
                String s = raw.toString().trim();
                List<String> names = new ArrayList<>();
                for (Object c : t.getEnumConstants()) {
                    Enum<?> e = (Enum<?>) c;
                    names.add(enumName(e));
                    if (enumName(e).equalsIgnoreCase(s) || e.name().equalsIgnoreCase(s)) {
                        return e;
                    }
                }
                throw new ParameterException(prefix(context) + "parameter '" + name + "' = '" + s
                        + "' is not a valid choice" + Suggestions.hint(s, names));
            }
        } catch (NumberFormatException e) {
            throw bad(name, raw, "a number", context);
        }
        throw new ParameterException(prefix(context) + "parameter '" + name + "' has unsupported type " + t.getName());
    }

    private static List<Object> arrayToList(Object a) {
        List<Object> l = new ArrayList<>();
        for (int i = 0; i < Array.getLength(a); i++) {
            l.add(Array.get(a, i));
        }
        return l;
    }

    private static ParameterException bad(String name, Object raw, String expected, String context) {
        return new ParameterException(prefix(context) + "parameter '" + name + "' = '" + raw + "' is not "
                + expected);
    }

    private static void checkRange(Object v, ParameterDescriptor d, String context) {
        if (v.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(v); i++) {
                checkRange(Array.get(v, i), d, context);
            }
            return;
        }
        if (v instanceof Number n && (d.min() != null || d.max() != null)) {
            double x = n.doubleValue();
            if ((d.min() != null && x < d.min()) || (d.max() != null && x > d.max())) {
                throw new ParameterException(prefix(context) + "parameter '" + d.name() + "' = "
                        + ParameterDescriptor.fmt(x) + " is out of range; use a value " + (d.range().startsWith("[") ? "in " : "") + d.range()
                        + (d.description().isEmpty() ? "" : " (" + d.description() + ")"));
            }
        }
        if (v instanceof String s && !d.options().isEmpty() && !d.options().contains(s)) {
            throw new ParameterException(prefix(context) + "parameter '" + d.name() + "' = '" + s
                    + "' is not a valid choice" + Suggestions.hint(s, d.options()));
        }
    }
}
