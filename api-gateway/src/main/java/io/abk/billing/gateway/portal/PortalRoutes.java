package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.api.subscription.SubscriptionMandates;
import io.abk.billing.gateway.chain.ChainReads;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.controlplane.merchant.MerchantProfile;
import io.abk.billing.gateway.readmodel.ResourceJson;
import java.time.Clock;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.function.Tuples;
import tools.jackson.databind.JsonNode;

/**
 * {@code /portal}: the session's wallet's subscriptions (with the periods the allowance still covers and what to do
 * when the next renewal is not funded, read from the chain as the mandate route reads it), invoices and one-time payments, within the session's merchant and mode
 * ({@link PortalReads}); a printable receipt per paid invoice or payment; and signing out.
 */
@RestController
public class PortalRoutes {

    /** What {@code /portal?done=} says after an action. */
    static final Map<String, String> DONE = Map.of(
            "cancel", "Your subscription will end at the end of its current period.",
            "resume", "Your subscription continues.",
            "revoke", "Your request to revoke the mandate on chain was sent.",
            "raise-allowance", "Your new allowance was sent to the chain.");

    private final PortalReads reads;
    private final SubscriptionMandates mandates;
    private final MerchantLookup merchants;
    private final ChainsProperties chains;
    private final PortalSessionRepository sessions;
    private final ChainReads chainReads;
    private final Clock clock;

    public PortalRoutes(
            PortalReads reads,
            SubscriptionMandates mandates,
            MerchantLookup merchants,
            ChainsProperties chains,
            PortalSessionRepository sessions,
            ChainReads chainReads,
            Clock clock) {
        this.reads = reads;
        this.mandates = mandates;
        this.merchants = merchants;
        this.chains = chains;
        this.sessions = sessions;
        this.chainReads = chainReads;
        this.clock = clock;
    }

    @GetMapping("/portal")
    public Mono<ResponseEntity<String>> home(
            @RequestParam(name = "done", required = false) @Nullable String done, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        var mode = session.mode();
        var subscriptions = reads.subscriptions(session)
                .flatMapMany(Flux::fromIterable)
                .concatMap(subscription -> funding(subscription, session)
                        .map(funding -> PortalViews.subscription(
                                subscription, funding.orElse(null), signing(session), chains, mode)))
                .collectList();
        return Mono.zip(subscriptions, reads.invoices(session), reads.payments(session), merchantName(session))
                .map(found -> {
                    var model = new HashMap<String, @Nullable Object>();
                    model.put("wallet", session.wallet());
                    model.put("merchant", found.getT4());
                    model.put("notice", done == null ? null : DONE.get(done));
                    model.put("returnUrl", session.returnUrl());
                    model.put("subscriptions", found.getT1());
                    model.put("hasSubscriptions", !found.getT1().isEmpty());
                    var invoices = PortalViews.rows(found.getT2(), chains, mode);
                    model.put("invoices", invoices);
                    model.put("hasInvoices", !invoices.isEmpty());
                    var payments = PortalViews.rows(found.getT3(), chains, mode);
                    model.put("payments", payments);
                    model.put("hasPayments", !payments.isEmpty());
                    return PortalPages.page(
                            HttpStatus.OK,
                            found.getT4() + ": your subscriptions",
                            "portal",
                            found.getT4(),
                            mode,
                            session.csrfToken(),
                            false,
                            null,
                            PortalPages.render(PortalPages.HOME, model));
                });
    }

    @GetMapping("/portal/receipts/{id}")
    public Mono<ResponseEntity<String>> receipt(@PathVariable String id, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        return reads.invoiceOrPayment(session, id)
                .filter(found -> found.path("paidAt").isString())
                .zipWith(merchantName(session))
                .flatMap(found -> block(session, ResourceJson.text(found.getT1(), "txHash"))
                        .map(block -> Tuples.of(found.getT1(), found.getT2(), block)))
                .map(found -> {
                    var resource = found.getT1();
                    var chain = chains.of(session.mode());
                    var txHash = ResourceJson.text(resource, "txHash");
                    var model = new HashMap<String, @Nullable Object>();
                    model.put("id", id);
                    model.put("merchant", found.getT2());
                    var description = ResourceJson.text(resource, "description");
                    model.put(
                            "description",
                            "invoice".equals(ResourceJson.text(resource, "object"))
                                    ? "Subscription " + ResourceJson.text(resource, "subscriptionId") + ", "
                                            + PortalViews.date(PortalViews.text(resource, "periodStart")) + " to "
                                            + PortalViews.date(PortalViews.text(resource, "periodEnd"))
                                    : description == null ? "One-time payment" : description);
                    model.put("amount", PortalViews.amount(resource.path("amountUsdc")));
                    model.put("date", PortalViews.date(PortalViews.text(resource, "paidAt")));
                    model.put("wallet", session.wallet());
                    boolean sandbox = chains.isSandbox(session.mode());
                    model.put(
                            "network",
                            sandbox ? "Sandbox (simulated)" : chain.name() + " (chain " + chain.chainId() + ")");
                    model.put("chainId", chain.chainId());
                    model.put("txHash", txHash == null ? "none" : txHash);
                    model.put("txHref", PortalViews.txHref(chains, session.mode(), txHash));
                    model.put(
                            "block",
                            sandbox
                                    ? "none (simulated)"
                                    : found.getT3().isPresent()
                                            ? String.format(
                                                    Locale.ROOT,
                                                    "%,d",
                                                    found.getT3().get())
                                            : "not known now (the chain did not answer): see the transaction");
                    model.put(
                            "note",
                            sandbox
                                    ? "Test mode: this payment was simulated and no funds moved."
                                    : "Paid in USDC on " + chain.name() + ".");
                    return PortalPages.page(
                            HttpStatus.OK,
                            "Receipt " + id,
                            "receipt",
                            found.getT2(),
                            session.mode(),
                            session.csrfToken(),
                            false,
                            null,
                            PortalPages.render(PortalPages.RECEIPT, model));
                })
                .defaultIfEmpty(PortalPages.notice(
                        HttpStatus.NOT_FOUND,
                        "No such receipt",
                        "There is no paid invoice or payment '" + id + "' for this wallet.",
                        "/portal",
                        "Back to the portal"));
    }

    /** The block of the paying transaction, read from the chain; empty in the sandbox or when it does not answer. */
    private Mono<Optional<Long>> block(PortalSession session, @Nullable String txHash) {
        if (txHash == null || chains.isSandbox(session.mode())) {
            return Mono.just(Optional.empty());
        }
        return chainReads.blockOf(session.mode(), txHash).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    @PostMapping("/portal/sign-out")
    public Mono<ResponseEntity<String>> signOut(ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        var secure = PortalCookie.secure(exchange.getRequest());
        return sessions.end(session.tokenHash(), Now.of(clock))
                .thenReturn(ResponseEntity.status(HttpStatus.SEE_OTHER)
                        .location(java.net.URI.create(
                                session.returnUrl() == null
                                        ? PortalSignInRoutes.path(session.merchantId(), session.mode())
                                        : session.returnUrl()))
                        .header(
                                HttpHeaders.SET_COOKIE,
                                PortalCookie.cleared(secure).toString())
                        .body(""));
    }

    /** The subscription's wallet's balance and allowance as its chain says now; empty when unknown. */
    private Mono<Optional<PortalFunding>> funding(JsonNode subscription, PortalSession session) {
        return mandates.of(subscription, session.mode()).map(PortalFunding::of);
    }

    /** Whether the mode's chain takes signed requests: a chain with a vault, not the sandbox. */
    private boolean signing(PortalSession session) {
        return !chains.isSandbox(session.mode())
                && chains.hasChain(session.mode())
                && chains.of(session.mode()).vaultAddress() != null;
    }

    private Mono<String> merchantName(PortalSession session) {
        return merchants
                .find(session.merchantId())
                .map(MerchantProfile::checkoutName)
                .defaultIfEmpty("Your merchant");
    }
}
