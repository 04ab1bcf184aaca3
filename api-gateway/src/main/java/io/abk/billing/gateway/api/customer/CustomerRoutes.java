package io.abk.billing.gateway.api.customer;

import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.CustomerReadModel;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/customers}: create (a {@code CreateCustomer} command to the id the wallet derives, 201
 * {@code {customer}}; a wallet with a customer is 409 {@code customer_exists}, answered from the read model when it
 * has the customer, else by the aggregate), get and list from the read model ({@code {customers, hasMore}}, by wallet
 * or email), and update ({@code {customer}}). Shapes in docs/api.md.
 */
@RestController
@RequestMapping("/v1/customers")
public class CustomerRoutes {

    private final Commands commands;
    private final CustomerReadModel customers;
    private final LatestResources latest;

    public CustomerRoutes(Commands commands, CustomerReadModel customers, LatestResources latest) {
        this.commands = commands;
        this.customers = customers;
        this.latest = latest;
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return commands.run(Aggregate.CUSTOMER, caller, exchange, Wait.OUTCOME, identity -> {
                    var request = CreateCustomerRequest.parse(RequestFields.of(body));
                    var customerId = CustomerIds.of(caller.merchantId(), ApiJson.mode(caller.mode()), request.wallet());
                    // The read model answers a known wallet at once; the aggregate refuses whatever it does not have
                    // yet.
                    return customers
                            .find(caller, customerId)
                            .<Target>flatMap(existing -> Mono.error(() -> exists(customerId)))
                            .switchIfEmpty(Mono.fromSupplier(() -> new Target(customerId, request.payload())));
                })
                .map(Settled::requireAccepted)
                .flatMap(settled -> latest.customer(caller, settled.outcome().aggregateId(), settled.newestFirst()))
                .map(customer -> ResponseEntity.status(HttpStatus.CREATED).body(Map.of("customer", customer)));
    }

    @GetMapping("/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return customers
                .find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("customer", id))
                .map(customer -> Map.of("customer", customer));
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            // The filters, then the page: a bad one is the answer's 400 before anything is read.
            var filter = new CustomerReadModel.Filter(wallet(query.getFirst("wallet")), email(query.getFirst("email")));
            var page = PageRequest.from(query, IdPrefix.CUSTOMER);
            return customers.list(caller, filter, page).map(found -> found.body("customers"));
        });
    }

    @PatchMapping("/{id}")
    public Mono<Map<String, Object>> update(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return commands.runOnExisting(
                        Aggregate.CUSTOMER,
                        caller,
                        exchange,
                        Wait.OUTCOME,
                        () -> CustomerPatch.parse(RequestFields.of(body)),
                        () -> customers
                                .find(caller, id)
                                .switchIfEmpty(ApiException.notFoundError("customer", id))
                                .thenReturn(id))
                .flatMap(settled -> latest.customer(caller, id, settled.newestFirst()))
                .map(customer -> Map.of("customer", customer));
    }

    /** The wallet to look for: {@code 0x} and 40 hexadecimal digits in any case; else 400 naming {@code wallet}. */
    private static @Nullable String wallet(@Nullable String value) {
        if (value != null && !NetworkSettings.isAddress(value)) {
            throw ApiException.invalid("wallet", "wallet must be an EVM address: 0x followed by 40 hexadecimal digits");
        }
        return value;
    }

    /** The email to look for: 1-254 characters, compared in any case; else 400 naming {@code email}. */
    private static @Nullable String email(@Nullable String value) {
        if (value != null && (value.isEmpty() || value.length() > CustomerFields.MAX_EMAIL_LENGTH)) {
            throw ApiException.invalid(
                    "email", "email must be 1 to " + CustomerFields.MAX_EMAIL_LENGTH + " characters");
        }
        return value;
    }

    static ApiException exists(String customerId) {
        return new ApiException(409, ErrorCodes.CUSTOMER_EXISTS, "The wallet has a customer already: " + customerId);
    }
}
