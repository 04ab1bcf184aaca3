package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.opskit.web.ErrorAnswerException;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.ResumeSubscription;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * A customer's actions on a subscription of the session's wallet: each has a confirmation page ({@code GET}, its
 * button {@code data-action="confirm"}) whose form posts with the session's CSRF token. Cancel (at the period end) and
 * resume send the same commands the merchant API sends ({@code CancelSubscription{immediate: false}},
 * {@code ResumeSubscription}) as the session's merchant and mode; a subscription of another wallet, merchant or mode
 * is a 404 page with nothing sent; a rejected command is a page with its reason.
 */
@RestController
public class PortalActionRoutes {

    /** The confirmation of each action: heading, sentence, button, button's tone. */
    private record Confirmation(String heading, String sentence, String button, String tone) {}

    private static final Map<String, Confirmation> CONFIRMATIONS = Map.of(
            "cancel",
            new Confirmation(
                    "Cancel this subscription?",
                    "It stays active until the end of the current period, then ends; nothing more is charged.",
                    "Cancel at period end",
                    "danger"),
            "resume",
            new Confirmation(
                    "Resume this subscription?",
                    "It continues and is charged at the start of each period as before.",
                    "Resume",
                    ""));

    private final PortalReads reads;
    private final Commands commands;

    public PortalActionRoutes(PortalReads reads, Commands commands) {
        this.reads = reads;
        this.commands = commands;
    }

    @GetMapping({"/portal/subscriptions/{id}/cancel", "/portal/subscriptions/{id}/resume"})
    public Mono<ResponseEntity<String>> confirm(@PathVariable String id, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        var action = lastSegment(exchange);
        var confirmation = CONFIRMATIONS.get(action);
        if (confirmation == null) {
            throw new IllegalStateException("no confirmation for the mapped action " + action);
        }
        return reads.subscription(session, id)
                .map(subscription -> {
                    var model = new HashMap<String, @Nullable Object>();
                    model.put("heading", confirmation.heading());
                    model.put("sentence", confirmation.sentence());
                    model.put("action", "/portal/subscriptions/" + id + "/" + action);
                    model.put("csrf", session.csrfToken());
                    model.put("signing", null);
                    model.put("tone", confirmation.tone());
                    model.put("confirmLabel", confirmation.button());
                    return PortalPages.page(
                            HttpStatus.OK,
                            confirmation.heading(),
                            "portal-confirm",
                            "Customer portal",
                            session.mode(),
                            session.csrfToken(),
                            false,
                            null,
                            PortalPages.render(PortalPages.CONFIRM, model));
                })
                .defaultIfEmpty(missing(id));
    }

    @PostMapping("/portal/subscriptions/{id}/cancel")
    public Mono<ResponseEntity<String>> cancel(@PathVariable String id, ServerWebExchange exchange) {
        return act(id, exchange, "cancel", () -> new CancelSubscription(false));
    }

    @PostMapping("/portal/subscriptions/{id}/resume")
    public Mono<ResponseEntity<String>> resume(@PathVariable String id, ServerWebExchange exchange) {
        return act(id, exchange, "resume", ResumeSubscription::new);
    }

    /** Sends the command to the session's subscription {@code id} and goes back to the portal saying it is done. */
    Mono<ResponseEntity<String>> act(String id, ServerWebExchange exchange, String action, Supplier<Object> payload) {
        var session = PortalSessionFilter.of(exchange);
        return commands.runOnExisting(
                        Aggregate.SUBSCRIPTION,
                        session.caller(),
                        exchange,
                        Wait.OUTCOME,
                        payload,
                        () -> reads.subscription(session, id)
                                .map(found -> id)
                                .switchIfEmpty(ApiException.notFoundError("subscription", id)))
                .map(settled -> done(action))
                .onErrorResume(ErrorAnswerException.class, PortalActionRoutes::refused);
    }

    static ResponseEntity<String> done(String action) {
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create("/portal?done=" + action))
                .body("");
    }

    static Mono<ResponseEntity<String>> refused(ErrorAnswerException error) {
        return Mono.just(PortalPages.notice(
                HttpStatus.valueOf(error.status()),
                error.status() == 404 ? "No such subscription" : "Not done",
                error.getMessage() == null ? error.code() : error.getMessage(),
                "/portal",
                "Back to the portal"));
    }

    static ResponseEntity<String> missing(String id) {
        return PortalPages.notice(
                HttpStatus.NOT_FOUND,
                "No such subscription",
                "There is no subscription '" + id + "' for this wallet.",
                "/portal",
                "Back to the portal");
    }

    private static String lastSegment(ServerWebExchange exchange) {
        return io.abk.billing.gateway.platform.web.RequestPaths.lastSegment(exchange.getRequest());
    }
}
