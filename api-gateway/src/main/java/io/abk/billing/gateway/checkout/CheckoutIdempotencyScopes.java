package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.command.idempotency.PublicRouteScopes;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.PaymentLinkReadModel;
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import java.util.ArrayList;
import org.springframework.http.MediaType;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The checkout POSTs that take an {@code Idempotency-Key} ({@code /checkout/link/{id}/open},
 * {@code /checkout/pay/{id}/confirm} and {@code /authorization}, {@code /checkout/subscribe/{id}/activate} and
 * {@code /signatures}, as JSON): the key is kept in the merchant
 * and mode of the object, per object, so an open retried after a 503 is the same open and uses the link once. The
 * page's own form post carries no key (a browser form cannot send one) and is left alone.
 */
@Component
final class CheckoutIdempotencyScopes implements PublicRouteScopes {

    private final PaymentLinkReadModel links;
    private final PaymentReadModel payments;
    private final SubscriptionReadModel subscriptions;

    CheckoutIdempotencyScopes(
            PaymentLinkReadModel links, PaymentReadModel payments, SubscriptionReadModel subscriptions) {
        this.links = links;
        this.payments = payments;
        this.subscriptions = subscriptions;
    }

    @Override
    public Mono<Scope> scopeOf(ServerHttpRequest request) {
        var type = request.getHeaders().getContentType();
        if (type != null && !type.isCompatibleWith(MediaType.APPLICATION_JSON)) {
            return Mono.empty();
        }
        var segments = new ArrayList<String>();
        for (var element : request.getPath().pathWithinApplication().elements()) {
            if (element instanceof PathContainer.PathSegment segment
                    && !segment.valueToMatch().isEmpty()) {
                segments.add(segment.valueToMatch());
            }
        }
        if (segments.size() != 4 || !segments.getFirst().equals("checkout")) {
            return Mono.empty();
        }
        var id = segments.get(2);
        Mono<OwnedResource> owned = switch (segments.get(1) + "/" + segments.get(3)) {
            case "link/open" -> links.findForCheckout(id);
            case "pay/confirm", "pay/authorization" -> payments.findForCheckout(id);
            case "subscribe/activate", "subscribe/signatures" -> subscriptions.findForCheckout(id);
            default -> Mono.empty();
        };
        return owned.map(found -> new Scope(CheckoutSupport.caller(found), id));
    }
}
