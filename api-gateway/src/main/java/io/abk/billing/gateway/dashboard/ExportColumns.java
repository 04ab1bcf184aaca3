package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.event.StoredEvent;
import io.abk.billing.gateway.api.webhook.WebhookEndpoint;
import java.util.List;
import java.util.function.Function;
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
