package org.fabrica.topology.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an InfiniBand fabric as {@code ibnetdiscover} prints it: one block per device, a few
 * {@code key=value} lines ({@code vendid}, {@code devid}, {@code sysimgguid}, {@code switchguid} or
 * {@code caguid}; read and not used), the device line
 * {@code Switch 36 "S-0002c90300a1b2c0" # "leaf-1" ...} or {@code Ca 2 "H-0002c903000e4f10" # "node01 HCA-1"}
 * (type, number of ports, id in quotes, a comment), then one line per connected port,
 * {@code [3](2c903000e4f11) "S-0002c90300a1b2d0"[17](...) # ...}: the port's number, optionally its
 * GUID, the id of the device at the other end and its port. Everything after a {@code #} outside
 * quotes is a comment; the first quoted text in a device line's comment is its description.
 *
 * <p>Numbering: switches are Fabrica's routers in the order of their blocks; switch port n
 * (1 .. ports; port 0 is the switch's management port) is Fabrica port n - 1, labelled {@code n}.
 * Every connected port of a Ca is an end node (it has a LID of its own and a subnet manager routes
 * to it), numbered in the order of the Ca blocks and, within a block, of increasing port number.
 * A link may be listed on one end or on both; listed on both, the two lines must agree. Routers
 * ({@code Rt}) and links between two Ca ports are refused: Fabrica's end nodes attach to switches.
 */
final class IbnetdiscoverReader {
    private IbnetdiscoverReader() {
    }

    private static final Pattern DEVICE = Pattern.compile("(Switch|Ca|Rt)\\s+(\\d+)\\s+\"([^\"]+)\"(.*)");
    private static final Pattern PORT = Pattern.compile(
            "\\[(\\d+)\\](?:\\([0-9A-Fa-fx]+\\))?\\s*\"([^\"]+)\"\\[(\\d+)\\](?:\\([0-9A-Fa-fx]+\\))?(.*)");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern KEY_VALUE = Pattern.compile("[A-Za-z_]+\\s*=.*");

    /** A port's link as a port line gives it: the device and port at the other end, and the line. */
    private record PortLink(String remote, int remotePort, int line) {
    }

    /** A device block: its type, ports and the port lines read so far. */
    private static final class Device {
        final String id;
        final boolean isSwitch;
        final int ports;
        final int line;
        final String description;
        /** the link of each of its ports (index = port number), null when unlisted */
        final PortLink[] remote;
        int router = -1;

        Device(String id, boolean isSwitch, int ports, int line, String description) {
            this.id = id;
            this.isSwitch = isSwitch;
            this.ports = ports;
            this.line = line;
            this.description = description;
            this.remote = new PortLink[ports + 1];
        }

        String name() {
            return description.isEmpty() ? id : id + " \"" + description + "\"";
        }
    }

    static FileGraph read(String file, List<String> lines) {
        Map<String, Device> devices = new LinkedHashMap<>();
        Device current = null;
        for (int i = 0; i < lines.size(); i++) {
            int line = i + 1;
            String at = file + " line " + line + ": ";
            String text = lines.get(i).strip();
            String body = withoutComment(text).strip();
            if (body.isEmpty() || KEY_VALUE.matcher(body).matches()) {
                continue;
            }
            Matcher d = DEVICE.matcher(text);
            if (d.matches()) {
                String type = d.group(1);
                if (type.equals("Rt")) {
                    throw new IllegalArgumentException(at + "router " + d.group(3) + ": InfiniBand routers (Rt) join"
                            + " subnets and Fabrica reads one subnet; remove its block and the links to it");
                }
                int ports = number(d.group(2), at, "number of ports");
                String id = d.group(3);
                if (devices.containsKey(id)) {
                    throw new IllegalArgumentException(at + "device " + id + " has a second block (the first is on line "
                            + devices.get(id).line + "); keep one");
                }
                Matcher q = QUOTED.matcher(d.group(4));
                current = new Device(id, type.equals("Switch"), ports, line, q.find() ? q.group(1) : "");
                devices.put(id, current);
                continue;
            }
            Matcher p = PORT.matcher(text);
            if (p.matches()) {
                if (current == null) {
                    throw new IllegalArgumentException(at + "a port line before any 'Switch' or 'Ca' line; port lines"
                            + " follow the device line of their block");
                }
                int port = number(p.group(1), at, "port number");
                if (port < 1 || port > current.ports) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + current.id + ", which has ports"
                            + " 1 .. " + current.ports + " (line " + current.line + "); correct the port or the count");
                }
                if (current.remote[port] != null) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + current.id + " is listed again"
                            + " (first on line " + current.remote[port].line() + "); a port has one link");
                }
                current.remote[port] = new PortLink(p.group(2), number(p.group(3), at, "port number"), line);
                continue;
            }
            throw new IllegalArgumentException(at + "cannot read '" + text + "'; expected a 'key=value' line, a device"
                    + " line such as 'Switch 36 \"S-0002c90300a1b2c0\"' or 'Ca 2 \"H-0002c903000e4f10\"', or a port"
                    + " line such as '[1] \"H-0002c903000e4f10\"[1]' (the format ibnetdiscover prints)");
        }
        return build(file, devices);
    }

    private static FileGraph build(String file, Map<String, Device> devices) {
        // complete and check the links: a link listed on one end is added to the other
        for (Device dev : devices.values()) {
            for (int port = 1; port <= dev.ports; port++) {
                PortLink r = dev.remote[port];
                if (r == null) {
                    continue;
                }
                String at = file + " line " + r.line() + ": ";
                Device other = devices.get(r.remote());
                int otherPort = r.remotePort();
                if (other == null) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + dev.id + " links to " + r.remote()
                            + ", which has no block in the file; ibnetdiscover prints one per device: is the file"
                            + " complete?");
                }
                if (otherPort < 1 || otherPort > other.ports) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + dev.id + " links to port "
                            + otherPort + " of " + other.id + ", which has ports 1 .. " + other.ports + " (line "
                            + other.line + ")");
                }
                if (other == dev && otherPort == port) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + dev.id + " links to itself");
                }
                if (!dev.isSwitch && !other.isSwitch) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + dev.id + " links to a port of Ca "
                            + other.id + "; Fabrica's end nodes attach to switches: put a switch between them");
                }
                PortLink back = other.remote[otherPort];
                if (back == null) {
                    other.remote[otherPort] = new PortLink(dev.id, port, r.line());
                } else if (!back.remote().equals(dev.id) || back.remotePort() != port) {
                    throw new IllegalArgumentException(at + "port " + port + " of " + dev.id + " links to port "
                            + otherPort + " of " + other.id + ", but line " + back.line() + " links that port to port "
                            + back.remotePort() + " of " + back.remote() + "; the two ends of a link must agree");
                }
            }
        }
        FabricBuilder b = new FabricBuilder(file, "ibnetdiscover");
        for (Device dev : devices.values()) {
            if (dev.isSwitch) {
                dev.router = b.addRouter(dev.name(), dev.ports);
                for (int port = 1; port <= dev.ports; port++) {
                    b.label(dev.router, port - 1, Integer.toString(port));
                }
            }
        }
        List<Device> switches = new ArrayList<>();
        for (Device dev : devices.values()) {
            if (dev.isSwitch) {
                switches.add(dev);
            } else {
                for (int port = 1; port <= dev.ports; port++) {
                    PortLink r = dev.remote[port];
                    if (r != null) {
                        b.attach(b.nodes(), devices.get(r.remote()).router, r.remotePort() - 1);
                    }
                }
            }
        }
        for (Device dev : switches) {
            for (int port = 1; port <= dev.ports; port++) {
                PortLink r = dev.remote[port];
                if (r == null) {
                    continue;
                }
                Device other = devices.get(r.remote());
                int otherPort = r.remotePort();
                if (other.isSwitch && (other.router > dev.router || other.router == dev.router && otherPort > port)) {
                    b.link(dev.router, port - 1, other.router, otherPort - 1);
                }
            }
        }
        return b.build("the fabric needs Ca blocks (HCAs) with ports linked to switches",
                "link it to the rest of the fabric or remove its block (ibnetdiscover prints one subnet)");
    }

    /** The text before the first {@code #} outside double quotes. */
    private static String withoutComment(String text) {
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                return text.substring(0, i);
            }
        }
        return text;
    }

    private static int number(String digits, String at, String what) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(at + what + " '" + digits + "' is too large", e);
        }
    }
}
