package io.abk.billing.gateway.dashboard;

import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.CustomerReadModel;
import io.abk.billing.gateway.readmodel.SubscriptionFilter;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /dashboard/customers}: the customers, newest first, a page at a time, found by wallet (an EVM address in any
 * case), email (any case) or id (straight to its page); and a customer's page, with its subscriptions (its wallet's).
 */
@RestController
public class CustomerPageRoutes {

    private static final String LIST = "/dashboard/customers";

    private final DashboardRenderer renderer;
    private final CustomerReadModel customers;
    private final SubscriptionReadModel subscriptions;

    public CustomerPageRoutes(
            DashboardRenderer renderer, CustomerReadModel customers, SubscriptionReadModel subscriptions) {
        this.renderer = renderer;
        this.customers = customers;
        this.subscriptions = subscriptions;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var filled = ListPage.filled(query);
            var q = filled.getFirst("q") == null ? null : filled.getFirst("q").strip();
            if (q != null && Ids.isWellFormed(IdPrefix.CUSTOMER, q)) {
                return customers
                        .find(session.caller(), q)
                        .switchIfEmpty(ApiException.notFoundError("customer", q))
                        .thenReturn(ResponseEntity.status(HttpStatus.SEE_OTHER)
                                .location(URI.create(LIST + "/" + q))
                                .build());
            }
            var filter = filter(q);
            var page = ListPage.page(filled, IdPrefix.CUSTOMER);
            return customers.list(session.caller(), filter, page).flatMap(found -> {
                var filters = new LinkedHashMap<String, @Nullable String>();
                filters.put("q", q);
                var model = ListPage.model(session, LIST, filters, page, found, CustomerPageRoutes::row);
                return renderer.page(session, "Customers", "customers", DashboardPages.CUSTOMERS, model);
            });
        }));
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return DashboardRenderer.orRefusal(customers
                .find(session.caller(), id)
                .switchIfEmpty(ApiException.notFoundError("customer", id))
                .flatMap(customer -> subscriptions
                        .matching(
                                session.caller(),
                                new SubscriptionFilter(
                                        null, null, customer.path("wallet").asString()),
                                new PageRequest(ListPage.PAGE_SIZE, null))
                        .flatMap(owned -> {
                            var model = new LinkedHashMap<String, Object>();
                            model.put("id", id);
                            model.put("fields", fields(customer));
                            model.put(
                                    "subscriptions",
                                    owned.items().stream()
                                            .map(CustomerPageRoutes::subscriptionRow)
                                            .toList());
                            model.put("moreSubscriptions", owned.hasMore());
                            model.put(
                                    "subscriptionsHref",
                                    Rows.listHref(
                                            "/dashboard/subscriptions",
                                            Map.of("q", customer.path("wallet").asString())));
                            return renderer.page(
                                    session, "Customer " + id, "customers", DashboardPages.CUSTOMER, model);
                        })));
    }

    /** What the search box holds: a wallet when it is an EVM address, else an email when it has an {@code @}. */
    private static CustomerReadModel.Filter filter(@Nullable String q) {
        if (q == null) {
            return new CustomerReadModel.Filter(null, null);
        }
        if (NetworkSettings.isAddress(q)) {
            return new CustomerReadModel.Filter(q, null);
        }
        if (q.indexOf('@') > 0 && q.length() <= 254) {
            return new CustomerReadModel.Filter(null, q);
        }
        throw ApiException.invalid("q", "Search by a wallet (0x and 40 hexadecimal digits), an email or a cus_ id");
    }

    private static List<Map<String, Object>> fields(JsonNode c) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Wallet", Shown.text(c, "wallet"), true));
        fields.add(Rows.field("Email", Shown.text(c, "email"), false));
        fields.add(Rows.field("Name", Shown.text(c, "name"), false));
        var metadata = new ArrayList<String>();
        c.path("metadata")
                .properties()
                .forEach(entry ->
                        metadata.add(entry.getKey() + ": " + entry.getValue().asString()));
        fields.add(Rows.field("Metadata", metadata.isEmpty() ? Shown.NONE : String.join(", ", metadata), false));
        fields.add(Rows.field("Created", Shown.time(c, "createdAt"), false));
        fields.add(Rows.field("Updated", Shown.time(c, "updatedAt"), false));
        return fields;
    }

    private static Map<String, Object> row(JsonNode c) {
        var row = new LinkedHashMap<String, Object>();
        row.put("id", c.path("id").asString());
        row.put("wallet", Shown.text(c, "wallet"));
        row.put("email", Shown.text(c, "email"));
        row.put("name", Shown.text(c, "name"));
        row.put("created", Shown.time(c, "createdAt"));
        return row;
    }

    private static Map<String, Object> subscriptionRow(JsonNode s) {
        var row = Rows.row(s);
        row.put("amount", Shown.usdc(s, "amountUsdc"));
        row.put("interval", Shown.text(s, "interval"));
        row.put("merchantRef", Shown.text(s, "merchantRef"));
        row.put("created", Shown.time(s, "createdAt"));
        return row;
    }
}
