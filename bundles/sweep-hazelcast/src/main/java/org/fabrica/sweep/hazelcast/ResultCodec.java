package org.fabrica.sweep.hazelcast;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;

/**
 * A point's result as plain bytes for the trip back to the submitter: only strings, doubles and
 * byte arrays (no Java serialisation of Fabrica types, so a member needs no class of the API's
 * records to match the submitter's byte for byte). Metric values keep every bit (NaN included),
 * notes their order.
 */
final class ResultCodec {
    private static final int FORMAT = 1;

    private ResultCodec() {
    }

    static byte[] encode(ShippedResult shipped) {
        PointResult r = shipped.result();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            string(out, r.point().experimentId());
            string(out, r.point().pointId());
            out.writeInt(r.point().index());
            out.writeInt(r.metrics().size());
            for (Metric m : r.metrics()) {
                string(out, m.name());
                out.writeLong(Double.doubleToRawLongBits(m.value()));
                string(out, m.unit());
                string(out, m.description());
            }
            out.writeInt(r.notes().size());
            for (Map.Entry<String, String> e : r.notes().entrySet()) {
                string(out, e.getKey());
                string(out, e.getValue());
            }
            string(out, r.failure());
            out.writeLong(r.wallMillis());
            out.writeInt(shipped.files().size());
            for (Map.Entry<String, byte[]> f : shipped.files().entrySet()) {
                string(out, f.getKey());
                out.writeInt(f.getValue().length);
                out.write(f.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    static ShippedResult decode(byte[] data) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int format = in.readInt();
            if (format != FORMAT) {
                throw new IllegalArgumentException("a point result in format " + format + ", this launcher reads "
                        + FORMAT + ": the member runs another Fabrica version");
            }
            SweepPoint point = new SweepPoint(string(in), string(in), in.readInt());
            int n = in.readInt();
            List<Metric> metrics = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                metrics.add(new Metric(string(in), Double.longBitsToDouble(in.readLong()), string(in), string(in)));
            }
            n = in.readInt();
            Map<String, String> notes = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                notes.put(string(in), string(in));
            }
            String failure = string(in);
            long wall = in.readLong();
            n = in.readInt();
            Map<String, byte[]> files = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String name = string(in);
                byte[] b = new byte[in.readInt()];
                in.readFully(b);
                files.put(name, b);
            }
            return new ShippedResult(new PointResult(point, metrics, notes, failure, wall), files);
        } catch (IOException e) {
            throw new IllegalArgumentException("a point result that is cut short or garbled: " + e, e);
        }
    }

    /** Strings may be null (a failure, a unit) and longer than writeUTF's 64 KB. */
    private static void string(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
}
