package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.catalog.CatalogJson;
import io.abk.billing.gateway.api.catalog.CatalogService;
import io.abk.billing.gateway.api.catalog.CatalogService.ProductView;
import io.abk.billing.gateway.api.meter.MeterService;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/products}: the catalog as {@code GET /v1/products} lists it (active products with their active
 * prices, newest first, a page at a time), the form that creates a product, a product with all its prices, and the
 * confirmation of each change (rename, archive, restore, add a price, archive a price), which the dashboard's script
 * sends to {@code /v1/products...} and {@code /v1/prices/{id}} as the member.
 */
@RestController
public class ProductPageRoutes {

    private static final String LIST = "/dashboard/products";
    private static final String SECTION = "products";
    private static final String CHANGING = "change the catalog";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "create",
            "The product is created: add its prices.",
            "rename",
            "The product is renamed.",
            "archive",
            "The product is archived.",
            "restore",
            "The product is restored to the catalog.",
            "add-price",
            "The price is added.",
            "archive-price",
            "The price is archived.");

    private final DashboardRenderer renderer;
    private final CatalogService catalog;
    private final JsonMapper json;
    private final MeterService meters;

    public ProductPageRoutes(DashboardRenderer renderer, CatalogService catalog, JsonMapper json, MeterService meters) {
        this.renderer = renderer;
        this.catalog = catalog;
        this.json = json;
        this.meters = meters;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var page = ListPage.page(ListPage.filled(query), IdPrefix.PRODUCT);
            return Mono.zip(catalog.listActive(session.caller(), page), eventNames(session))
                    .flatMap(found -> {
                        var eventNames = found.getT2();
                        var model = ListPage.model(
                                session, LIST, Map.of(), page, found.getT1().map(this::shown), p -> row(p, eventNames));
                        model.put("canCreate", session.role().includes(UserRole.ADMIN));
                        return renderer.page(session, "Products", SECTION, DashboardPages.PRODUCTS, model);
                    });
        }));
    }

    /** The form of a new product: its name and description; its prices are added on its page. */
    @GetMapping(LIST + "/new")
    public Mono<ResponseEntity<String>> create(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return ConfirmPage.forAdmin(session, CHANGING, () -> {
            var form = new ConfirmPage(
                            SECTION,
                            "New product",
                            "A product of the catalog in this mode; once it is created, add its prices on its page.",
                            "/v1/products",
                            LIST,
                            "Back to products")
                    .creates(LIST + "/{id}?done=create", "product.id", "Do not create it")
                    .field("Name", "name", "", "", "Up to 200 characters, as customers see it", true)
                    .field("Description", "description", "", "", "Up to 1000 characters; empty: none", false)
                    .button("Create product", false);
            return renderer.page(session, form.heading(), SECTION, DashboardPages.CONFIRM, form.model());
        });
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.zip(
                        catalog.getProduct(session.caller(), id).map(this::shown), eventNames(session))
                .flatMap(found -> {
                    var product = found.getT1();
                    var eventNames = found.getT2();
                    var model = new HashMap<String, Object>();
                    var status = status(product);
                    var canAct = session.role().includes(UserRole.ADMIN);
                    model.put("id", id);
                    model.put("name", Shown.text(product, "name"));
                    model.put("status", status);
                    model.put("tone", Shown.tone(status));
                    model.put("done", Rows.done(DONE, query));
                    Rows.actions(model, canAct ? actions(status) : List.of());
                    model.put("fields", fields(product));
                    model.put(
                            "prices",
                            StreamSupport.stream(product.path("prices").spliterator(), false)
                                    .map(price -> priceRow(price, canAct, eventNames))
                                    .toList());
                    return renderer.page(session, "Product " + id, SECTION, DashboardPages.PRODUCT, model);
                }));
    }

    /** The confirmation of a change of the product, which the path's last segment names. */
    @GetMapping({LIST + "/{id}/rename", LIST + "/{id}/archive", LIST + "/{id}/restore", LIST + "/{id}/add-price"})
    public Mono<ResponseEntity<String>> confirm(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            ServerWebExchange exchange) {
        var action = RequestPaths.lastSegment(exchange.getRequest());
        return ConfirmPage.forAdmin(
                session,
                CHANGING,
                () -> catalog.getProduct(session.caller(), id).flatMap(view -> {
                    var confirmation = confirmation(id, action, view);
                    return renderer.page(
                            session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
                }));
    }

    /** The confirmation of archiving one of the product's prices (a price of another product is not found). */
    @GetMapping(LIST + "/{id}/prices/{priceId}/archive")
    public Mono<ResponseEntity<String>> confirmArchivePrice(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @PathVariable String priceId) {
        return ConfirmPage.forAdmin(
                session,
                CHANGING,
                () -> catalog.getProduct(session.caller(), id)
                        .filter(view -> view.prices().stream()
                                .anyMatch(price -> price.id().equals(priceId)))
                        .switchIfEmpty(ApiException.notFoundError("price", priceId))
                        .flatMap(view -> {
                            var confirmation = new ConfirmPage(
                                            "product",
                                            "Archive price",
                                            "No new subscription or payment link can use the price " + priceId
                                                    + "; what already uses it goes on as it is.",
                                            "/v1/prices/" + priceId,
                                            LIST + "/" + id,
                                            "Back to the product")
                                    .method("PATCH", "archive-price")
                                    .fixed("active", "boolean", "false")
                                    .button("Archive price", true);
                            return renderer.page(
                                    session,
                                    confirmation.heading(),
                                    SECTION,
                                    DashboardPages.CONFIRM,
                                    confirmation.model());
                        }));
    }

    private static ConfirmPage confirmation(String id, String action, ProductView view) {
        var back = LIST + "/" + id;
        var api = "/v1/products/" + id;
        return switch (action) {
            case "rename" ->
                new ConfirmPage(
                                "product",
                                "Rename product",
                                "The new name shows wherever the product does from now on.",
                                api,
                                back,
                                "Back to the product")
                        .method("PATCH", "rename")
                        .field("Name", "name", "", view.product().name(), "Up to 200 characters", true)
                        .button("Rename product", false);
            case "archive" ->
                new ConfirmPage(
                                "product",
                                "Archive product",
                                "The product leaves the catalog's list and takes no new prices; what already uses its"
                                        + " prices goes on as it is. Restore it at any time.",
                                api,
                                back,
                                "Back to the product")
                        .method("PATCH", "archive")
                        .fixed("active", "boolean", "false")
                        .button("Archive product", true);
            case "restore" ->
                new ConfirmPage(
                                "product",
                                "Restore product",
                                "The product is back in the catalog's list.",
                                api,
                                back,
                                "Back to the product")
                        .method("PATCH", "restore")
                        .fixed("active", "boolean", "true")
                        .button("Restore product", false);
            default ->
                new ConfirmPage(
                                "product",
                                "Add a price",
                                "A new price of the product, for subscriptions (every month or year) or one-time"
                                        + " payments; its amount cannot change later (archive it and add another).",
                                api + "/prices",
                                back,
                                "Back to the product")
                        .method("POST", "add-price")
                        .field("Amount (USDC)", "amountUsdc", "number", "", "Up to 6 decimals, for example 19.99", true)
                        .oneOf(
                                "Charged",
                                "interval",
                                List.of(
                                        Map.entry("month", "Every month"),
                                        Map.entry("year", "Every year"),
                                        Map.entry("once", "Once")))
                        .field(
                                "Trial days",
                                "trialDays",
                                "number",
                                "",
                                "From 0 to 730, for a month or year price; empty: no trial",
                                false)
                        .button("Add price", false);
        };
    }

    private static List<Map<String, Object>> actions(String status) {
        var actions = new ArrayList<Map<String, Object>>();
        actions.add(Rows.action("rename", "Rename", false));
        if ("active".equals(status)) {
            actions.add(Rows.action("add-price", "Add price", false));
            actions.add(Rows.action("archive", "Archive", true));
        } else {
            actions.add(Rows.action("restore", "Restore", false));
        }
        return actions;
    }

    /** The product as the API shows it. */
    private JsonNode shown(ProductView view) {
        return json.valueToTree(CatalogJson.product(view.product(), view.prices()));
    }

    /** A product's or price's {@code active} as the pages show it: {@code active} or {@code archived}. */
    private static String status(JsonNode resource) {
        return resource.path("active").asBoolean() ? "active" : "archived";
    }

    private static List<Map<String, Object>> fields(JsonNode p) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Name", Shown.text(p, "name"), false));
        fields.add(Rows.field("Description", Shown.text(p, "description"), false));
        fields.add(Rows.field("Mode", Shown.text(p, "mode"), false));
        fields.add(Rows.field("Created", Shown.time(p, "createdAt"), false));
        return fields;
    }

    /** The meters of the session's mode: their event names by id. */
    private Mono<Map<String, String>> eventNames(DashboardSession session) {
        return meters.eventNames(session.caller()).map(MeteredPrices::eventNamesById);
    }

    /**
     * What a price costs: {@code 9.99 USDC}, or a metered price's terms ({@link MeteredPrices}, its meter's event name
     * from {@code eventNames}).
     */
    private static String amount(JsonNode price, Map<String, String> eventNames) {
        if (!MeteredPrices.metered(price)) {
            return Shown.usdc(price, "amountUsdc");
        }
        var meterId = price.path("meterId").asString();
        return MeteredPrices.text(price, price.path("interval").asString(), eventNames.getOrDefault(meterId, meterId));
    }

    /**
     * The price amounts of a list row: each active price with its interval, {@code 9.99 USDC / month}, or a metered
     * price's terms.
     */
    private static String prices(JsonNode product, Map<String, String> eventNames) {
        var prices = StreamSupport.stream(product.path("prices").spliterator(), false)
                .map(price -> MeteredPrices.metered(price)
                        ? amount(price, eventNames)
                        : Shown.usdc(price, "amountUsdc") + " / " + Shown.text(price, "interval"))
                .toList();
        return prices.isEmpty() ? Shown.NONE : String.join(", ", prices);
    }

    private static Map<String, Object> row(JsonNode p, Map<String, String> eventNames) {
        return Map.of(
                "id", p.path("id").asString(),
                "name", Shown.text(p, "name"),
                "description", Shown.text(p, "description"),
                "prices", prices(p, eventNames),
                "created", Shown.time(p, "createdAt"));
    }

    private static Map<String, Object> priceRow(JsonNode price, boolean canAct, Map<String, String> eventNames) {
        var status = status(price);
        var row = new HashMap<String, Object>();
        row.put("id", price.path("id").asString());
        row.put("productId", price.path("productId").asString());
        var metered = MeteredPrices.metered(price);
        row.put("amount", amount(price, eventNames));
        row.put("metered", metered);
        row.put("usageType", metered ? "metered" : "licensed");
        row.put("interval", Shown.text(price, "interval"));
        row.put("trialDays", Shown.text(price, "trialDays"));
        row.put("status", status);
        row.put("tone", Shown.tone(status));
        row.put("created", Shown.time(price, "createdAt"));
        row.put("canArchive", canAct && "active".equals(status));
        return row;
    }
}
