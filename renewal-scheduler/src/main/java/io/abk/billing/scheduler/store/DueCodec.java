package io.abk.billing.scheduler.store;

import io.abk.billing.scheduler.domain.DueAction;
import io.abk.billing.scheduler.domain.DueEntry;
import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.scheduler.domain.Resource;
import io.abk.billing.schemas.mode.Mode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.jspecify.annotations.Nullable;

/**
 * The stores' values in a small explicit binary format (the scheduler's private state, never on a public topic,
 * so it needs no Avro schema). Each value starts with a format version: a later format must keep reading the earlier
 * ones, since the changelogs hold them. Format 2 adds a subscription's {@code metered} flag after its creation time;
 * a format 1 subscription reads as not metered (it was stored before items existed).
 */
public final class DueCodec {

    private static final byte FORMAT = 2;

    /** Before a subscription's {@code metered} flag. */
    private static final byte FORMAT_WITHOUT_METERED = 1;

    private DueCodec() {}

    public static Serde<DueItem> itemSerde() {
        return Serdes.serdeFrom(
                (topic, item) -> item == null ? null : write(out -> writeItem(out, item)),
                (topic, bytes) -> bytes == null ? null : read(bytes, DueCodec::readItem));
    }

    public static Serde<DueEntry> entrySerde() {
        return Serdes.serdeFrom(
                (topic, entry) -> entry == null ? null : write(out -> writeEntry(out, entry)),
                (topic, bytes) -> bytes == null ? null : read(bytes, DueCodec::readEntry));
    }

    private static void writeEntry(DataOutputStream out, DueEntry entry) throws IOException {
        writeResource(out, entry.resource());
        out.writeInt(entry.pending().size());
        for (var item : entry.pending()) {
            writeItem(out, item);
        }
        out.writeInt(entry.fired().size());
        for (var id : entry.fired()) {
            out.writeUTF(id);
        }
    }

    private static DueEntry readEntry(DataInputStream in, int format) throws IOException {
        var resource = readResource(in, format);
        int pendingCount = in.readInt();
        var pending = new ArrayList<DueItem>(pendingCount);
        for (int i = 0; i < pendingCount; i++) {
            pending.add(readItem(in, format));
        }
        int firedCount = in.readInt();
        var fired = new HashSet<String>(firedCount);
        for (int i = 0; i < firedCount; i++) {
            fired.add(in.readUTF());
        }
        return new DueEntry(resource, pending, fired);
    }

    private static void writeItem(DataOutputStream out, DueItem item) throws IOException {
        out.writeUTF(item.resourceId());
        out.writeUTF(item.aggregateId());
        out.writeUTF(item.merchantId());
        out.writeUTF(item.mode().name());
        out.writeLong(item.dueAt().toEpochMilli());
        out.writeUTF(item.commandId());
        out.writeUTF(item.kind().name());
        switch (item.action()) {
            case DueAction.Renew renew -> out.writeLong(renew.periodEnd().toEpochMilli());
            case DueAction.ChargeDue charge -> {
                out.writeUTF(charge.invoiceId());
                out.writeInt(charge.attempt());
            }
            case DueAction.ExpireIncomplete expire -> {}
            case DueAction.ExpirePayment expire -> {}
            case DueAction.ExpireLink expire -> {}
            case DueAction.CheckFunding check -> out.writeLong(check.periodEnd().toEpochMilli());
        }
    }

    private static DueItem readItem(DataInputStream in, int format) throws IOException {
        var resourceId = in.readUTF();
        var aggregateId = in.readUTF();
        var merchantId = in.readUTF();
        var mode = Mode.valueOf(in.readUTF());
        var dueAt = Instant.ofEpochMilli(in.readLong());
        var commandId = in.readUTF();
        DueAction action = switch (in.readUTF()) {
            case "RENEWAL" -> new DueAction.Renew(Instant.ofEpochMilli(in.readLong()));
            case "CHARGE_DUE" -> new DueAction.ChargeDue(in.readUTF(), in.readInt());
            case "INCOMPLETE_EXPIRY" -> new DueAction.ExpireIncomplete();
            case "PAYMENT_EXPIRY" -> new DueAction.ExpirePayment();
            case "LINK_EXPIRY" -> new DueAction.ExpireLink();
            case "FUNDING_CHECK" -> new DueAction.CheckFunding(Instant.ofEpochMilli(in.readLong()));
            default -> throw new IOException("unknown due item kind");
        };
        return new DueItem(resourceId, aggregateId, merchantId, mode, dueAt, commandId, action);
    }

    private static void writeResource(DataOutputStream out, Resource resource) throws IOException {
        out.writeUTF(resource.getClass().getSimpleName());
        out.writeUTF(resource.id());
        out.writeUTF(resource.merchantId());
        out.writeUTF(resource.mode().name());
        out.writeLong(resource.version());
        switch (resource) {
            case Resource.Subscription s -> {
                out.writeUTF(s.status());
                out.writeLong(s.currentPeriodEnd().toEpochMilli());
                out.writeBoolean(s.cancelAtPeriodEnd());
                out.writeUTF(s.mandateStatus());
                writeOptionalText(out, s.latestInvoiceId());
                out.writeLong(s.createdAt().toEpochMilli());
                out.writeBoolean(s.metered());
            }
            case Resource.Invoice i -> {
                out.writeUTF(i.subscriptionId());
                out.writeUTF(i.status());
                out.writeUTF(i.billingReason());
                out.writeLong(i.dueAt().toEpochMilli());
                out.writeInt(i.attemptCount());
                writeOptionalInstant(out, i.nextAttemptAt());
            }
            case Resource.Payment p -> {
                out.writeUTF(p.status());
                out.writeLong(p.expiresAt().toEpochMilli());
            }
            case Resource.PaymentLink l -> {
                out.writeUTF(l.status());
                writeOptionalInstant(out, l.expiresAt());
            }
        }
    }

    private static Resource readResource(DataInputStream in, int format) throws IOException {
        var type = in.readUTF();
        var id = in.readUTF();
        var merchantId = in.readUTF();
        var mode = Mode.valueOf(in.readUTF());
        long version = in.readLong();
        return switch (type) {
            case "Subscription" ->
                new Resource.Subscription(
                        id,
                        merchantId,
                        mode,
                        version,
                        in.readUTF(),
                        Instant.ofEpochMilli(in.readLong()),
                        in.readBoolean(),
                        in.readUTF(),
                        readOptionalText(in),
                        Instant.ofEpochMilli(in.readLong()),
                        format != FORMAT_WITHOUT_METERED && in.readBoolean());
            case "Invoice" ->
                new Resource.Invoice(
                        id,
                        in.readUTF(),
                        merchantId,
                        mode,
                        version,
                        in.readUTF(),
                        in.readUTF(),
                        Instant.ofEpochMilli(in.readLong()),
                        in.readInt(),
                        readOptionalInstant(in));
            case "Payment" ->
                new Resource.Payment(id, merchantId, mode, version, in.readUTF(), Instant.ofEpochMilli(in.readLong()));
            case "PaymentLink" ->
                new Resource.PaymentLink(id, merchantId, mode, version, in.readUTF(), readOptionalInstant(in));
            default -> throw new IOException("unknown resource type " + type);
        };
    }

    private static void writeOptionalInstant(DataOutputStream out, @Nullable Instant instant) throws IOException {
        out.writeBoolean(instant != null);
        if (instant != null) {
            out.writeLong(instant.toEpochMilli());
        }
    }

    private static @Nullable Instant readOptionalInstant(DataInputStream in) throws IOException {
        return in.readBoolean() ? Instant.ofEpochMilli(in.readLong()) : null;
    }

    private static void writeOptionalText(DataOutputStream out, @Nullable String text) throws IOException {
        out.writeBoolean(text != null);
        if (text != null) {
            out.writeUTF(text);
        }
    }

    private static @Nullable String readOptionalText(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private interface Reader<T> {
        T read(DataInputStream in, int format) throws IOException;
    }

    private static byte[] write(Writer writer) {
        try {
            var bytes = new ByteArrayOutputStream(128);
            var out = new DataOutputStream(bytes);
            out.writeByte(FORMAT);
            writer.write(out);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T read(byte[] bytes, Reader<T> reader) {
        try (var in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int format = in.readByte();
            if (format != FORMAT && format != FORMAT_WITHOUT_METERED) {
                throw new IOException("unknown format " + format);
            }
            return reader.read(in, format);
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable scheduler store value: " + e.getMessage(), e);
        }
    }
}
