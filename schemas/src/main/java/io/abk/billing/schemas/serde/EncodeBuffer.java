package io.abk.billing.schemas.serde;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * The bytes of one record being encoded, kept by its thread from one record to the next. Avro's encoder writes a
 * record in many small writes (each field, each length), so a {@code ByteArrayOutputStream} made for each record
 * spent its time growing and in its synchronised writes: on a renewal day a quarter of billing-streams' thread is
 * encoding. This one is not synchronised (one thread owns it), starts at 4 KiB, and is given up after a record
 * larger than 64 KiB so that a thread does not keep a rare large record's array for ever.
 */
final class EncodeBuffer extends OutputStream {

    static final int INITIAL = 4 * 1024;
    static final int KEPT_AT_MOST = 64 * 1024;

    private static final ThreadLocal<EncodeBuffer> OWN = ThreadLocal.withInitial(EncodeBuffer::new);

    private byte[] bytes = new byte[INITIAL];
    private int count;

    private EncodeBuffer() {}

    /** This thread's buffer, empty. */
    static EncodeBuffer empty() {
        var buffer = OWN.get();
        buffer.count = 0;
        return buffer;
    }

    @Override
    public void write(int b) {
        ensure(1);
        bytes[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, count, len);
        count += len;
    }

    /** A copy of what was written, after which the buffer is this thread's again for the next record. */
    byte[] toByteArray() {
        var copy = Arrays.copyOf(bytes, count);
        if (bytes.length > KEPT_AT_MOST) {
            bytes = new byte[INITIAL];
        }
        count = 0;
        return copy;
    }

    int capacity() {
        return bytes.length;
    }

    private void ensure(int more) {
        int needed = count + more;
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(needed, bytes.length * 2));
        }
    }
}
