package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.gateway.readmodel.SubscriptionFilter;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.render.ApiJson;
import java.util.List;
import java.util.Locale;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * What a portal session may read, always within its merchant, mode and wallet: the wallet's subscriptions (the
 * subscription's {@code walletAddress}), their invoices, and the one-time payments whose {@code customerWallet} is the
 * wallet. A resource of another wallet, merchant or mode is never found.
 */
@Component
class PortalReads {

    /** The most of each kind the portal lists, newest first. */
    static final int LIMIT = 50;

    private final DatabaseClient db;
    private final SubscriptionReadModel subscriptions;
    private final InvoiceReadModel invoices;
    private final PaymentReadModel payments;

    PortalReads(
            DatabaseClient db,
            SubscriptionReadModel subscriptions,
            InvoiceReadModel invoices,
            PaymentReadModel payments) {
        this.db = db;
        this.subscriptions = subscriptions;
        this.invoices = invoices;
        this.payments = payments;
    }

    Mono<List<JsonNode>> subscriptions(PortalSession session) {
        return subscriptions
                .matching(
                        session.caller(),
                        new SubscriptionFilter(null, null, session.wallet()),
                        new PageRequest(LIMIT, null))
                .map(page -> page.items());
    }

    /** The session's subscription {@code id}; empty when it is another wallet's, merchant's or mode's. */
    Mono<JsonNode> subscription(PortalSession session, String id) {
        return subscriptions.find(session.caller(), id).filter(found -> owns(session, found, "walletAddress"));
    }

    /** The invoices of the wallet's subscriptions. */
    Mono<List<JsonNode>> invoices(PortalSession session) {
        return db.sql("SELECT i.body::text AS body FROM invoices i WHERE i.merchant_id = :merchantId AND i.mode = :mode"
                        + " AND i.subscription_id IN (SELECT s.id FROM subscriptions s WHERE s.merchant_id = :merchantId"
                        + " AND s.mode = :mode AND lower(s.body ->> 'walletAddress') = :wallet)"
                        + " ORDER BY i.id DESC LIMIT " + LIMIT)
                .bind("merchantId", session.merchantId())
                .bind("mode", ApiJson.mode(session.mode()))
                .bind("wallet", session.wallet())
                .map(row -> ResourceJson.parse(Columns.required(row, "body", String.class)))
                .all()
                .collectList();
    }

    Mono<List<JsonNode>> payments(PortalSession session) {
        return db.sql("SELECT body::text AS body FROM payments WHERE merchant_id = :merchantId AND mode = :mode"
                        + " AND lower(body ->> 'customerWallet') = :wallet ORDER BY id DESC LIMIT " + LIMIT)
                .bind("merchantId", session.merchantId())
                .bind("mode", ApiJson.mode(session.mode()))
                .bind("wallet", session.wallet())
                .map(row -> ResourceJson.parse(Columns.required(row, "body", String.class)))
                .all()
                .collectList();
    }

    /**
     * The session's invoice or payment {@code id} (by its prefix); empty when it is another wallet's, merchant's or
     * mode's.
     */
    Mono<JsonNode> invoiceOrPayment(PortalSession session, String id) {
        if (Ids.isWellFormed(IdPrefix.INVOICE, id)) {
            return invoices.find(session.caller(), id).filterWhen(invoice -> {
                var subscriptionId = ResourceJson.text(invoice, "subscriptionId");
                return subscriptionId == null
                        ? Mono.just(false)
                        : subscription(session, subscriptionId).hasElement();
            });
        }
        if (Ids.isWellFormed(IdPrefix.PAYMENT, id)) {
            return payments.find(session.caller(), id).filter(found -> owns(session, found, "customerWallet"));
        }
        return Mono.empty();
    }

    private static boolean owns(PortalSession session, JsonNode resource, String walletField) {
        var wallet = ResourceJson.text(resource, walletField);
        return wallet != null && wallet.toLowerCase(Locale.ROOT).equals(session.wallet());
    }
}
