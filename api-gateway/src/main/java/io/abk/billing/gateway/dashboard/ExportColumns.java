package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.catalog.CatalogService.ProductView;
import io.abk.billing.gateway.api.catalog.Price;
import io.abk.billing.gateway.api.event.StoredEvent;
import io.abk.billing.gateway.api.webhook.WebhookEndpoint;
import io.abk.billing.gateway.controlplane.audit.AuditEntry;
import io.abk.billing.gateway.controlplane.user.MerchantUser;
import io.abk.billing.schemas.render.ApiJson;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The columns of each list's CSV export: the list's meaningful fields under the API's names, amounts as exact decimals,
 * times as the API writes them (ISO-8601, UTC).
 *
 * @param <T> a row of the list
 */
record ExportColumns<T>(List<Column<T>> columns) {

    /** A column: its header and a row's field. */
    record Column<T>(String name, Function<T, Csv.Cell> cell) {}

    static final ExportColumns<JsonNode> SUBSCRIPTIONS = json(
            List.of(
                    "id",
                    "status",
                    "amountUsdc",
                    "interval",
                    "walletAddress",
                    "payoutAddressEvm",
                    "merchantRef",
                    "priceId",
                    "currentPeriodStart",
                    "currentPeriodEnd",
                    "trialEnd",
                    "cancelAtPeriodEnd",
                    "canceledAt",
                    "pausedAt",
                    "mandateStatus",
                    "createdAt"),
            List.of("amountUsdc"));

    static final ExportColumns<JsonNode> INVOICES = json(
            List.of(
                    "id",
                    "status",
                    "subscriptionId",
                    "amountUsdc",
                    "amountRefundedUsdc",
                    "billingReason",
                    "periodStart",
                    "periodEnd",
                    "dueAt",
                    "attemptCount",
                    "failureCode",
                    "paidAt",
                    "txHash",
                    "refundedAt",
                    "voidedAt",
                    "createdAt"),
            List.of("amountUsdc", "amountRefundedUsdc", "attemptCount"));

    static final ExportColumns<JsonNode> PAYMENTS = json(
            List.of(
                    "id",
                    "status",
                    "amountUsdc",
                    "amountReceivedUsdc",
                    "merchantRef",
                    "description",
                    "customerWallet",
                    "customerEmail",
                    "customerName",
                    "payoutAddressEvm",
                    "priceId",
                    "paymentLinkId",
                    "expiresAt",
                    "paidAt",
                    "paidLate",
                    "txHash",
                    "createdAt"),
            List.of("amountUsdc", "amountReceivedUsdc"));

    static final ExportColumns<JsonNode> PAYMENT_LINKS = json(
            List.of(
                    "id",
                    "status",
                    "url",
                    "amountUsdc",
                    "description",
                    "priceId",
                    "useCount",
                    "maxUses",
                    "paidCount",
                    "merchantRefPrefix",
                    "payoutAddressEvm",
                    "expiresAt",
                    "disabledAt",
                    "createdAt"),
            List.of("amountUsdc", "useCount", "maxUses", "paidCount"));

    static final ExportColumns<WebhookEndpoint> WEBHOOK_ENDPOINTS = new ExportColumns<>(List.of(
            new Column<>("id", e -> Csv.text(e.id())),
            new Column<>("url", e -> Csv.text(e.url())),
            new Column<>("status", e -> Csv.text(e.disabled() ? "disabled" : "enabled")),
            new Column<>("enabledEvents", e -> Csv.text(String.join(" ", e.enabledEvents()))),
            new Column<>("description", e -> Csv.text(e.description())),
            new Column<>("disabledReason", e -> Csv.text(e.disabledReason())),
            new Column<>("createdAt", e -> Csv.text(e.createdAt().toString()))));

    static final ExportColumns<StoredEvent> EVENTS = new ExportColumns<>(List.of(
            new Column<>("id", e -> Csv.text(e.id())),
            new Column<>("type", e -> Csv.text(e.type())),
            new Column<>("createdAt", e -> Csv.text(e.createdAt().toString()))));

    /**
     * The catalog's active products; {@code prices} their active prices as {@code <id> <amount> <interval>}, the
     * amounts exact, separated by {@code "; "}.
     */
    static final ExportColumns<ProductView> PRODUCTS = new ExportColumns<>(List.of(
            new Column<>("id", p -> Csv.text(p.product().id())),
            new Column<>("name", p -> Csv.text(p.product().name())),
            new Column<>("description", p -> Csv.text(p.product().description())),
            new Column<>("prices", p -> Csv.text(prices(p.prices()))),
            new Column<>(
                    "createdAt", p -> Csv.text(ApiJson.timestamp(p.product().createdAt())))));

    /** The team: never a password's hash. */
    static final ExportColumns<MerchantUser> TEAM = new ExportColumns<>(List.of(
            new Column<>("id", u -> Csv.text(u.id())),
            new Column<>("email", u -> Csv.text(u.email())),
            new Column<>("role", u -> Csv.text(u.role().wireName())),
            new Column<>("createdAt", u -> Csv.text(ApiJson.timestamp(u.createdAt())))));

    /** The audit log; {@code actorEmail} is the member's email when a member acted, {@code details} the JSON. */
    static final ExportColumns<AuditRow> AUDIT_LOG = new ExportColumns<>(List.of(
            new Column<>("id", r -> Csv.text(r.entry().id())),
            new Column<>("at", r -> Csv.text(ApiJson.timestamp(r.entry().at()))),
            new Column<>("actor", r -> Csv.text(r.entry().actor())),
            new Column<>("actorEmail", r -> Csv.text(r.actorEmail())),
            new Column<>("action", r -> Csv.text(r.entry().action())),
            new Column<>("targetType", r -> Csv.text(r.entry().targetType())),
            new Column<>("targetId", r -> Csv.text(r.entry().targetId())),
            new Column<>("mode", r -> Csv.text(r.entry().mode())),
            new Column<>("details", r -> Csv.text(r.entry().details().toString()))));

    /** An audit entry with the email of the member who made it (null when a key, the operator or start-up did). */
    record AuditRow(AuditEntry entry, @Nullable String actorEmail) {}

    private static String prices(List<Price> prices) {
        return prices.stream()
                .map(price -> price.id() + " "
                        + ApiJson.amount(price.amountMicros()).toPlainString() + " " + price.interval())
                .collect(Collectors.joining("; "));
    }

    /** The header line. */
    String header() {
        return Csv.header(columns.stream().map(Column::name).toList());
    }

    /** {@code row}'s line. */
    String line(T row) {
        return Csv.line(columns.stream().map(column -> column.cell().apply(row)).toList());
    }

    /** Columns of a resource's JSON fields by name, {@code decimals} among them exact numbers, the rest text. */
    private static ExportColumns<JsonNode> json(List<String> fields, List<String> decimals) {
        return new ExportColumns<>(fields.stream()
                .map(field -> new Column<JsonNode>(
                        field,
                        decimals.contains(field)
                                ? resource -> Csv.decimal(resource.get(field))
                                : resource -> Csv.text(Csv.textOf(resource.get(field)))))
                .toList());
    }
}
